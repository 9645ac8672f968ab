// SDK costs, measured in one run: log() per call (TypeScript, and Python via python3), flushing a
// large queue, and what wrapOpenAI adds to a chat completion with the official client against the
// local fake provider (plain vs wrapped, interleaved). npm run bench:sdk
import { execFileSync } from "node:child_process";
import path from "node:path";
import OpenAI from "openai";
import { PromptSentry } from "../../sdk/typescript/src/index";
import { FakeApi } from "../../sdk/typescript/test/fake-api";
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
s._post = lambda body, key: (201, None, None)
n = 100000
t = time.perf_counter()
for i in range(n): s.log(${JSON.stringify(entry.prompt)}, ${JSON.stringify(entry.response)}, "gpt-4", token_count=182)
print((time.perf_counter() - t) / n * 1e6)
s.shutdown()`,
  ],
  { encoding: "utf8" },
);

// 2. wrapOpenAI overhead: the same call through a plain and a wrapped client, interleaved.
const provider = await startFakeOpenAI();
const api = await new FakeApi().start();
const sdk = new PromptSentry({ apiKey: "k", baseUrl: api.url, flushOnExit: false });
const plain = new OpenAI({ apiKey: "sk-test", baseURL: provider.url, maxRetries: 0 });
const wrapped = sdk.wrapOpenAI(new OpenAI({ apiKey: "sk-test", baseURL: provider.url, maxRetries: 0 }));
const times = { plain: [] as number[], wrapped: [] as number[] };
const messages = [{ role: "user" as const, content: "What is the capital of France?" }];
for (let round = 0; round < 450; round++) {
  for (const [name, client] of [
    ["plain", plain],
    ["wrapped", wrapped],
  ] as const) {
    const start = performance.now();
    await client.chat.completions.create({ model: "gpt-4", messages });
    if (round >= 50) times[name].push(performance.now() - start);
  }
}
await sdk.shutdown();
await provider.close();
await api.stop();

const ms = (x: number) => `${x.toFixed(2)} ms`;
console.log(`log() TypeScript: ${logMicros.toFixed(2)} µs/call; Python: ${Number(py).toFixed(2)} µs/call`);
console.log(`flush of ${n.toLocaleString("en-US")} queued logs: ${flushMs.toFixed(0)} ms in ${requests} requests`);
console.log(`chat completion, plain:   p50 ${ms(quantile(times.plain, 0.5))}, p95 ${ms(quantile(times.plain, 0.95))}`);
console.log(
  `chat completion, wrapped: p50 ${ms(quantile(times.wrapped, 0.5))}, p95 ${ms(quantile(times.wrapped, 0.95))} (${api.stored.length} logs delivered)`,
);
