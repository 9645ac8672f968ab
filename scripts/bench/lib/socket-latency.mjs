// POST /api/logs → `newPromptLog` on the organization's realtime socket, as the dashboard receives it
// (web/src/features/realtime/RealtimeProvider.tsx): GET /api/realtime/token with the key, open the
// WebSocket URL it answers (Node 22's WebSocket), and time each probe log from the moment its POST
// leaves until the room delivers it (matched by the id the POST answers). Optionally while a steady
// background load of batches is being ingested.
import { summarize } from "./bench-report.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens the organization's room socket as the dashboard does; resolves once open. */
async function openFeed(base, key) {
  const res = await fetch(`${base}/api/realtime/token`, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`realtime token answered ${res.status}: ${await res.text()}`);
  const { url } = await res.json();
  const socket = new WebSocket(url);
  const arrived = new Map(); // log id → performance.now() of arrival
  socket.addEventListener("message", (e) => {
    const at = performance.now();
    try {
      const msg = JSON.parse(String(e.data));
      if (msg?.type === "newPromptLog" && msg.log?.id) arrived.set(msg.log.id, at);
    } catch {}
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`could not open ${url.replace(/token=[^&]+/, "token=…")}`)), { once: true });
  });
  return { socket, arrived };
}

/**
 * Times `probes` single-log POSTs (one every `gapMs`) to their arrival on the socket. With
 * `background` ({ logsPerSecond, batchSize, next }) batches are sent at that rate meanwhile.
 * @returns {Promise<{ p50: number, p95: number, p99: number, n: number, lost: number, answer: object, afterAnswer: object, backgroundRate?: number }>}
 */
export async function socketLatency({ base, key, probes = 40, gapMs = 250, makeLog, background }) {
  const { socket, arrived } = await openFeed(base, key);
  const headers = { "content-type": "application/json", authorization: `Bearer ${key}` };
  let stopBackground = false;
  let backgroundLogs = 0;
  const backgroundStart = performance.now();
  const backgroundDone = background
    ? (async () => {
        // Open loop: one batch every interval whatever the server's pace, at most 8 in flight.
        const interval = (1000 * background.batchSize) / background.logsPerSecond;
        const inFlight = new Set();
        for (let tick = 0; !stopBackground; tick++) {
          const due = backgroundStart + tick * interval;
          await sleep(Math.max(0, due - performance.now()));
          if (inFlight.size >= 8) await Promise.race(inFlight);
          const body = JSON.stringify({ logs: Array.from({ length: background.batchSize }, background.next) });
          const p = fetch(`${base}/api/logs/batch`, { method: "POST", headers, body })
            .then(async (res) => {
              await res.arrayBuffer();
              if (res.status === 201) backgroundLogs += background.batchSize;
            })
            .catch(() => {}) // a failed batch is not counted in the rate reported
            .finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        await Promise.all(inFlight);
      })()
    : null;
  if (background) await sleep(2_000); // let the load settle first
  const sent = [];
  let dropped = 0;
  for (let i = 0; i < probes; i++) {
    const t = performance.now();
    let res;
    try {
      res = await fetch(`${base}/api/logs`, { method: "POST", headers, body: JSON.stringify(makeLog(i)) });
    } catch {
      dropped++; // a dropped keep-alive connection: the probe is not counted
      continue;
    }
    const body = await res.json();
    if (res.status !== 201) throw new Error(`probe answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    sent.push({ id: body.id, t, answered: performance.now() });
    await sleep(gapMs);
  }
  await sleep(3_000); // the last probes' notifications
  stopBackground = true;
  await backgroundDone;
  const seconds = (performance.now() - backgroundStart) / 1000;
  socket.close();
  const delivered = sent.filter((s) => arrived.has(s.id));
  const latencies = delivered.map((s) => arrived.get(s.id) - s.t);
  return {
    ...summarize(latencies),
    // The POST's own answer time, and how long after it the socket heard (negative: before the answer was read).
    answer: summarize(delivered.map((s) => s.answered - s.t)),
    afterAnswer: summarize(delivered.map((s) => arrived.get(s.id) - s.answered)),
    lost: sent.length - latencies.length,
    dropped,
    ...(background ? { backgroundRate: backgroundLogs / seconds } : {}),
  };
}
