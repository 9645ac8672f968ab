// Gateway added latency (docs/gateway.md#overhead): each provider's official client (`openai` for chat
// completions and Responses, `@anthropic-ai/sdk`, `@google/genai`) calls the local fake provider
// (scripts/lib/fake-openai.mjs, which speaks every wire) directly and through the gateway of a
// throwaway local stack, the two interleaved call by call in the same run, so both see the same
// machine load. Reports p50/p95 of each and of the gateway's added time per pair (gateway − direct),
// for plain calls (total time) and streamed ones (time to the first content chunk, and total), and
// each provider's added p50 as a ratio of chat completions'.
// Usage: npm run bench:gateway [-- --calls 300]
// Sequential on purpose: one call at a time measures the latency a caller sees, not throughput.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
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
  const root = `${provider.origin}/bench`;
  const ours = { "X-PromptSentry-Key": stack.key, "X-PromptSentry-Upstream": root };
  const anthropic = {
    direct: new Anthropic({ apiKey: "sk-ant-bench", baseURL: root, maxRetries: 0 }),
    gateway: new Anthropic({ apiKey: "sk-ant-bench", baseURL: `${stack.base}/api/gateway/anthropic`, defaultHeaders: ours, maxRetries: 0 }),
  };
  const gemini = {
    direct: new GoogleGenAI({ apiKey: "AIza-bench", httpOptions: { baseUrl: root } }),
    gateway: new GoogleGenAI({ apiKey: "AIza-bench", httpOptions: { baseUrl: `${stack.base}/api/gateway/gemini`, headers: ours } }),
  };
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

  const [system, user] = messages.map((m) => m.content);
  const timed = async (run) => {
    const t = performance.now();
    let first = null;
    await run(() => {
      if (first === null) first = performance.now() - t;
    });
    return { first, total: performance.now() - t };
  };
  // Each provider's plain and streamed call; `side` is "direct" or "gateway".
  const PROVIDERS = {
    "chat completions": {
      plain: (side) => plain(side === "direct" ? direct : gateway),
      streamed: (side) => streamed(side === "direct" ? direct : gateway),
    },
    responses: {
      plain: (side) =>
        timed(async () => {
          const r = await (side === "direct" ? direct : gateway).responses.create({
            model: "gpt-4.1-mini",
            instructions: system,
            input: user,
          });
          if (!r.output_text) throw new Error("empty answer");
        }),
      streamed: (side) =>
        timed(async (mark) => {
          const s = await (side === "direct" ? direct : gateway).responses.create({
            model: "gpt-4.1-mini",
            instructions: system,
            input: user,
            stream: true,
          });
          for await (const e of s) if (e.type === "response.output_text.delta" && e.delta) mark();
        }),
    },
    anthropic: {
      plain: (side) =>
        timed(async () => {
          const m = await anthropic[side].messages.create({
            model: "claude-haiku-4-5",
            max_tokens: 200,
            system,
            messages: [{ role: "user", content: user }],
          });
          if (!m.content[0]?.text) throw new Error("empty answer");
        }),
      streamed: (side) =>
        timed(async (mark) => {
          const s = await anthropic[side].messages.create({
            model: "claude-haiku-4-5",
            max_tokens: 200,
            system,
            messages: [{ role: "user", content: user }],
            stream: true,
          });
          for await (const e of s) if (e.type === "content_block_delta" && e.delta.text) mark();
        }),
    },
    gemini: {
      plain: (side) =>
        timed(async () => {
          const r = await gemini[side].models.generateContent({
            model: "gemini-2.5-flash",
            contents: user,
            config: { systemInstruction: system },
          });
          if (!r.text) throw new Error("empty answer");
        }),
      streamed: (side) =>
        timed(async (mark) => {
          const s = await gemini[side].models.generateContentStream({
            model: "gemini-2.5-flash",
            contents: user,
            config: { systemInstruction: system },
          });
          for await (const c of s) if (c.text) mark();
        }),
    },
  };

  const pct = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  };
  async function pairFor(name, call, field) {
    for (let i = 0; i < WARMUP; i++) await call("direct"), await call("gateway");
    const d = [];
    const g = [];
    for (let i = 0; i < CALLS; i++) {
      // Alternate which goes first, so neither side always runs on a warmer connection.
      let dd, gg;
      if (i % 2) (gg = await call("gateway")), (dd = await call("direct"));
      else (dd = await call("direct")), (gg = await call("gateway"));
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

  const rows = [];
  for (const [name, p] of Object.entries(PROVIDERS)) {
    rows.push(await pairFor(`${name}: plain, total`, p.plain, "total"));
    rows.push(await pairFor(`${name}: streamed, first chunk`, p.streamed, "first"));
    rows.push(await pairFor(`${name}: streamed, total`, p.streamed, "total"));
  }
  const baseline = (measure) => rows.find((r) => r.name === `chat completions: ${measure}`).added[0];
  const ms = (x) => x.toFixed(1);
  // The machine's load matters on a shared box: printed so a figure is never read without it.
  console.log(`load average (1 min) before: ${loadBefore.toFixed(1)}, after: ${loadavg()[0].toFixed(1)}`);
  console.log(`${CALLS} calls each after ${WARMUP} warm-up, sequential, official openai client ${VERSION}, Node ${process.version}`);
  console.log("| measure | direct p50 | direct p95 | gateway p50 | gateway p95 | added p50 | added p95 | added p50 ÷ chat completions' |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.name} | ${ms(r.direct[0])} | ${ms(r.direct[1])} | ${ms(r.gateway[0])} | ${ms(r.gateway[1])} | ${ms(r.added[0])} | ${ms(r.added[1])} | ${(r.added[0] / baseline(r.name.split(": ")[1])).toFixed(2)} |`,
    );
  console.log("(milliseconds; added = gateway − direct per interleaved pair)");
  console.log(`Floor of the local runtime, GET /api/health: p50 ${ms(pct(floor, 0.5))}, p95 ${ms(pct(floor, 0.95))} ms`);
} finally {
  await stack.stop();
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
}
