// SDK costs, measured in one run: log() per call (TypeScript, and Python via python3), flushing a
// large queue, and what wrapOpenAI and wrapAnthropic add to a call with the official client against
// the local fake provider (plain vs wrapped, interleaved). npm run bench:sdk
import { execFileSync } from "node:child_process";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { PromptSentry } from "../../sdk/typescript/src/index";
import { FakeApi } from "../../sdk/typescript/test/fake-api";
import { startFakeAnthropic } from "../../sdk/typescript/test/fake-anthropic";
import { startFakeOpenAI } from "../lib/fake-openai.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const entry = {
  prompt: "Summarize the key points of our Q3 customer feedback report.",
  response: "Customers praised onboarding speed.",
  model: "gpt-4",
  tokenCount: 182,
};
const quantile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

// 1. log() and flush, with an in-process fetch so only the SDK is measured.
let requests = 0;
const offline = new PromptSentry({
  apiKey: "k",
  baseUrl: "http://sdk.invalid",
  flushOnExit: false,
  maxQueueSize: 1_000_000,
  flushIntervalMs: 60_000,
  fetch: async () => (requests++, new Response('{"ids":[]}', { status: 201 })),
});
for (let i = 0; i < 20_000; i++) offline.log(entry);
await offline.flush();
requests = 0;
const n = 200_000;
let t = performance.now();
for (let i = 0; i < n; i++) offline.log(entry);
const logMicros = ((performance.now() - t) * 1000) / n;
t = performance.now();
await offline.flush();
const flushMs = performance.now() - t;

const py = execFileSync(
  "python3",
  [
    "-c",
    `import sys, time
sys.path.insert(0, ${JSON.stringify(path.join(root, "sdk/python/src"))})
from promptsentry import PromptSentry
s = PromptSentry("k", "http://127.0.0.1:9", flush_at_exit=False, max_queue_size=10**6, flush_interval=3600)
s._post = lambda body, key: (201, None, None, None)
n = 100000
t = time.perf_counter()
for i in range(n): s.log(${JSON.stringify(entry.prompt)}, ${JSON.stringify(entry.response)}, "gpt-4", token_count=182)
print((time.perf_counter() - t) / n * 1e6)
s.shutdown()`,
  ],
  { encoding: "utf8" },
);

// 2. Wrapper overhead: the same call through a plain and a wrapped client, all four interleaved so
// both providers see the same machine load.
const provider = await startFakeOpenAI();
const anthropicProvider = await startFakeAnthropic();
const api = await new FakeApi().start();
const sdk = new PromptSentry({ apiKey: "k", baseUrl: api.url, flushOnExit: false });
const openai = () => new OpenAI({ apiKey: "sk-test", baseURL: provider.url, maxRetries: 0 });
const anthropic = () => new Anthropic({ apiKey: "sk-ant-test", baseURL: anthropicProvider.url, maxRetries: 0 });
const plainOpenAI = openai();
const wrappedOpenAI = sdk.wrapOpenAI(openai());
const plainAnthropic = anthropic();
const wrappedAnthropic = sdk.wrapAnthropic(anthropic());
const messages = [{ role: "user" as const, content: "What is the capital of France?" }];
const calls = {
  openai: (client: OpenAI) => client.chat.completions.create({ model: "gpt-4", messages }),
  anthropic: (client: Anthropic) => client.messages.create({ model: "claude-test", max_tokens: 64, messages }),
};
const runs = [
  ["openai plain", () => calls.openai(plainOpenAI)],
  ["openai wrapped", () => calls.openai(wrappedOpenAI)],
  ["anthropic plain", () => calls.anthropic(plainAnthropic)],
  ["anthropic wrapped", () => calls.anthropic(wrappedAnthropic)],
] as const;
const times: Record<(typeof runs)[number][0], number[]> = Object.fromEntries(runs.map(([name]) => [name, []])) as never;
for (let round = 0; round < 450; round++) {
  for (const [name, call] of runs) {
    const start = performance.now();
    await call();
    if (round >= 50) times[name].push(performance.now() - start);
  }
}
await sdk.shutdown();
await provider.close();
await anthropicProvider.close();
await api.stop();

const ms = (x: number) => `${x.toFixed(2)} ms`;
console.log(`log() TypeScript: ${logMicros.toFixed(2)} µs/call; Python: ${Number(py).toFixed(2)} µs/call`);
console.log(`flush of ${n.toLocaleString("en-US")} queued logs: ${flushMs.toFixed(0)} ms in ${requests} requests`);
const p50 = (name: keyof typeof times) => quantile(times[name], 0.5);
for (const [name] of runs)
  console.log(`${name.padEnd(18)} p50 ${ms(p50(name))}, p95 ${ms(quantile(times[name], 0.95))} (${times[name].length} calls)`);
const ratio = { openai: p50("openai wrapped") / p50("openai plain"), anthropic: p50("anthropic wrapped") / p50("anthropic plain") };
console.log(
  `wrapped/plain p50: wrapOpenAI ${ratio.openai.toFixed(3)}, wrapAnthropic ${ratio.anthropic.toFixed(3)}; ` +
    `wrapAnthropic's against wrapOpenAI's: ${(ratio.anthropic / ratio.openai).toFixed(3)} (${api.stored.length} logs delivered)`,
);
