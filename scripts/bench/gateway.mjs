// Gateway added latency (docs/gateway.md#overhead): the official `openai` client calls the local fake provider
// (scripts/lib/fake-openai.mjs) directly and through the gateway of a throwaway local stack, the two
// interleaved call by call in the same run, so both see the same machine load. Reports p50/p95 of
// each and of the gateway's added time per pair (gateway − direct), for plain completions (total
// time) and streamed ones (time to the first content chunk, and total).
// Usage: npm run bench:gateway [-- --calls 300]
// Sequential on purpose: one call at a time measures the latency a caller sees, not throughput.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import OpenAI from "openai";
import { VERSION } from "openai/version";
import { startFakeOpenAI } from "../lib/fake-openai.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { arg } from "../lib/cli-args.mjs";

const CALLS = Number(arg("calls", 300));
const WARMUP = 20;

const provider = await startFakeOpenAI();
const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-bench-gateway-"));
// A loaded machine (other suites running) can take minutes to migrate and seed a fresh stack.
const stack = await startLocalStack({ dir, portBase: 18_300, timeoutMs: 600_000 });
const upstream = `${provider.origin}/bench/v1`;

try {
  // The fake provider is named per call (X-PromptSentry-Upstream), which the organization must allow.
  const allowed = await fetch(`${stack.base}/api/settings`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${stack.key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ gatewayAllowUpstreamOverride: true }),
  });
  if (!allowed.ok) throw new Error(`allowing the upstream override failed: ${allowed.status} ${await allowed.text()}`);
  const direct = new OpenAI({ apiKey: "sk-bench", baseURL: upstream, maxRetries: 0 });
  const gateway = new OpenAI({
    apiKey: "sk-bench",
    baseURL: `${stack.base}/api/gateway/v1`,
    defaultHeaders: { "X-PromptSentry-Key": stack.key, "X-PromptSentry-Upstream": upstream },
    maxRetries: 0,
  });
  const messages = [
    { role: "system", content: "You are a concise assistant for the support team." },
    { role: "user", content: "Summarise the checkout incident: 502s for twelve minutes after a config push, fixed by rollback." },
  ];

  const plain = async (client) => {
    const t = performance.now();
    const r = await client.chat.completions.create({ model: "gpt-4o-mini", messages });
    if (!r.choices[0].message.content) throw new Error("empty answer");
    return { total: performance.now() - t };
  };
  const streamed = async (client) => {
    const t = performance.now();
    let first = null;
    const stream = await client.chat.completions.create({ model: "gpt-4o-mini", messages, stream: true });
    for await (const chunk of stream) if (first === null && chunk.choices[0]?.delta?.content) first = performance.now() - t;
    return { first, total: performance.now() - t };
  };

  const pct = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  };
  async function pairFor(name, call, field) {
    for (let i = 0; i < WARMUP; i++) await call(direct), await call(gateway);
    const d = [];
    const g = [];
    for (let i = 0; i < CALLS; i++) {
      // Alternate which goes first, so neither side always runs on a warmer connection.
      let dd, gg;
      if (i % 2) (gg = await call(gateway)), (dd = await call(direct));
      else (dd = await call(direct)), (gg = await call(gateway));
      d.push(dd[field]);
      g.push(gg[field]);
    }
    const added = g.map((x, i) => x - d[i]);
    return { name, direct: [pct(d, 0.5), pct(d, 0.95)], gateway: [pct(g, 0.5), pct(g, 0.95)], added: [pct(added, 0.5), pct(added, 0.95)] };
  }

  // The local runtime's own floor: a request that reaches the worker and touches nothing (no auth, no D1).
  const health = async () => {
    const t = performance.now();
    const res = await fetch(`${stack.base}/api/health`);
    await res.arrayBuffer();
    return { total: performance.now() - t };
  };
  const loadBefore = loadavg()[0];
  const floor = [];
  for (let i = 0; i < CALLS; i++) floor.push((await health()).total);

  const rows = [
    await pairFor("plain, total", plain, "total"),
    await pairFor("streamed, first chunk", streamed, "first"),
    await pairFor("streamed, total", streamed, "total"),
  ];
  const ms = (x) => x.toFixed(1);
  // The machine's load matters on a shared box: printed so a figure is never read without it.
  console.log(`load average (1 min) before: ${loadBefore.toFixed(1)}, after: ${loadavg()[0].toFixed(1)}`);
  console.log(`${CALLS} calls each after ${WARMUP} warm-up, sequential, official openai client ${VERSION}, Node ${process.version}`);
  console.log("| measure | direct p50 | direct p95 | gateway p50 | gateway p95 | added p50 | added p95 |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.name} | ${ms(r.direct[0])} | ${ms(r.direct[1])} | ${ms(r.gateway[0])} | ${ms(r.gateway[1])} | ${ms(r.added[0])} | ${ms(r.added[1])} |`,
    );
  console.log("(milliseconds; added = gateway − direct per interleaved pair)");
  console.log(`Floor of the local runtime, GET /api/health: p50 ${ms(pct(floor, 0.5))}, p95 ${ms(pct(floor, 0.95))} ms`);
} finally {
  await stack.stop();
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
}
