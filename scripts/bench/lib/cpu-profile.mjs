// A V8 CPU profile of the product's isolate inside workerd, over the DevTools protocol (workerd's
// --inspector-addr, Miniflare's inspectorPort): scripts/bench/profile-ingest.mjs and scripts/bench/health.mjs.

/** Starts the V8 profiler of the product's isolate over the DevTools protocol (Node 22's WebSocket). */
export async function startCpuProfile(inspector, interval = 200) {
  const targets = await (await fetch(`http://127.0.0.1:${inspector}/json/list`)).json();
  const target = targets.find((t) => t.title?.includes("promptsentry") && !t.title.includes("assets")) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval });
  await send("Profiler.start");
  return {
    async stop() {
      const { profile } = await send("Profiler.stop");
      ws.close();
      return profile;
    },
  };
}

/** Self time by function (name, file:line), the `top` largest, as shares of the sampled time. */
export function printCpuProfile(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((nodeId, i) => {
    const { callFrame } = byId.get(nodeId);
    const file = callFrame.url.split("/").pop();
    const key = `${callFrame.functionName || "(anonymous)"} ${file}:${callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU profile of the worker's isolate (${(total / 1000).toFixed(0)} ms sampled), self time:`);
  for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
