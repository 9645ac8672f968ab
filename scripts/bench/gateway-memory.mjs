// What one huge provider answer costs the worker's memory (docs/gateway.md#limits): a throwaway local
// stack (scripts/dev/start.mjs: one workerd) and the fake provider's `fake-huge-<MiB>` answers, made as
// they are read; a plain client reads each through the gateway (counting bytes, keeping none) while
// workerd's resident memory (VmRSS of the process listening on the stack's port) is sampled every
// 20 ms. Prints the RSS before, the peak during and the RSS after each call.
// With --before DIR (a checkout of the code before a change:
//   mkdir /tmp/before && git archive <commit> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/)
// that code is measured first, on a stack of its own, then this tree's.
// Usage: node scripts/bench/gateway-memory.mjs [--before DIR] [--json-mib 200] [--stream-mib 150] [--repeat 1]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { arg, int } from "../lib/cli-args.mjs";
import { startFakeOpenAI } from "../lib/fake-openai.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BEFORE = arg("before") ? path.resolve(arg("before")) : null;
const JSON_MIB = int("json-mib", 200);
const STREAM_MIB = int("stream-mib", 150);
// Each answer this many times in a row: memory the worker kept would grow call after call.
const REPEAT = int("repeat", 1);

const work = mkdtempSync(path.join(tmpdir(), "promptsentry-gateway-memory-"));
process.env.WEB_DIST ??= path.join(work, "web-dist");
const mib = (kb) => (kb / 1024).toFixed(0);

/** The pid listening on 127.0.0.1:<port> (the stack's workerd). */
function listener(port) {
  const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`nothing listens on ${port}:\n${out}`);
  return Number(pid);
}
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

async function measure(label, root, provider) {
  const stack = await startLocalStack({ dir: path.join(work, label), portBase: 18_700, timeoutMs: 600_000, root });
  try {
    const pid = listener(new URL(stack.base).port);
    const rows = [];
    const calls = [
      ["json", JSON_MIB],
      ["stream", STREAM_MIB],
    ].flatMap((c) => Array(REPEAT).fill(c));
    for (const [kind, size] of calls) {
      await new Promise((r) => setTimeout(r, 2_000));
      const before = rssKb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
      const started = performance.now();
      const res = await fetch(`${stack.base}/api/gateway/v1/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "X-PromptSentry-Key": stack.key,
          "X-PromptSentry-Upstream": `${provider.origin}/memory/v1`,
          authorization: "Bearer sk-memory",
        },
        body: JSON.stringify({ model: `fake-huge-${size}`, stream: kind === "stream", messages: [{ role: "user", content: "long" }] }),
      });
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.byteLength;
      const seconds = (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 3_000)); // the log is stored after the answer
      clearInterval(sampler);
      const row = { label, kind, mib: size, status: res.status, received: bytes, seconds, before, peak, after: rssKb(pid) };
      rows.push(row);
      console.log(
        `${label.padEnd(6)} ${kind.padEnd(6)} ${size} MiB: status ${res.status}, ${(bytes / 1048576).toFixed(1)} MiB to the client in ${seconds.toFixed(1)} s; ` +
          `workerd RSS ${mib(before)} → peak ${mib(peak)} → ${mib(row.after)} MiB (load ${loadavg()[0].toFixed(1)})`,
      );
    }
    return rows;
  } finally {
    await stack.stop();
  }
}

const provider = await startFakeOpenAI();
try {
  for (const [label, root] of [...(BEFORE ? [["before", BEFORE]] : []), ["after", here]]) {
    console.log(`› ${label} (${root})`);
    await measure(label, root, provider);
  }
} finally {
  await provider.close();
  rmSync(work, { recursive: true, force: true });
}
