// Sends logs to a running stack through POST /api/logs/batch (100 a request, N requests in flight)
// and measures rows/s: the way an SDK at volume sends them. Used by bench:fill and bench.
/** MAX_BATCH_SIZE of /api/logs/batch. */
export const BATCH = 100;

/**
 * @param {{ base: string, key: string, logs: number, next: () => object, concurrency?: number,
 *   progress?: (stored: number, rowsPerSecond: number) => void, batches?: object[][] }} options
 *   batches: logs prepared beforehand (so generating them is not timed); else `next` makes them as it goes.
 */
export async function sendBatches({ base, key, logs, next, concurrency = 6, progress, batches }) {
  const headers = { "content-type": "application/json", authorization: `Bearer ${key}` };
  let sent = 0;
  let stored = 0;
  let chars = 0;
  let index = 0;
  const started = performance.now();
  let lastReport = started;
  const worker = async () => {
    while (sent < logs) {
      const n = Math.min(BATCH, logs - sent);
      sent += n;
      const batch = batches ? batches[index++] : Array.from({ length: n }, next);
      for (const l of batch) chars += l.prompt.length;
      const body = JSON.stringify({ logs: batch });
      // One Idempotency-Key per batch, as the SDKs send it: a retry (after a 429/5xx or a dropped
      // connection) never stores a batch twice.
      const batchHeaders = { ...headers, "idempotency-key": crypto.randomUUID() };
      for (let attempt = 0; ; attempt++) {
        let res;
        try {
          res = await fetch(`${base}/api/logs/batch`, { method: "POST", headers: batchHeaders, body });
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1_000 * (attempt + 1)));
          continue;
        }
        const text = await res.text();
        if (res.status === 201) break;
        if ((res.status === 429 || res.status >= 500) && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, 1_000 * (attempt + 1)));
          continue;
        }
        throw new Error(`batch answered ${res.status}: ${text.slice(0, 300)}`);
      }
      stored += n;
      const now = performance.now();
      if (progress && now - lastReport > 10_000) {
        lastReport = now;
        progress(stored, stored / ((now - started) / 1000));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { stored, seconds, rowsPerSecond: stored / seconds, meanPromptChars: chars / stored };
}

/** GET /api/logs/counts of the key's organization: { total, safe, warning, critical, … }. */
export async function counts(base, key) {
  const res = await fetch(`${base}/api/logs/counts`, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`counts answered ${res.status}: ${await res.text()}`);
  return res.json();
}
