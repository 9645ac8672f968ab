// Every byte the local stack wrote, searched for raw secrets (docs/log-flow.md, the redaction step). Starts its own stack
// (scripts/dev/start.mjs on spare ports, throwaway persist dir), posts generated credentials and
// personal data through POST /api/logs, /api/logs/batch and /api/test-prompt (prompt, response and
// metadata) with redaction "sensitive", and control values with redaction "off"; a webhook to a
// local receiver makes the queue carry deliveries. Then it stops the stack and reads every file
// under the persist dir (D1 SQLite files with their WAL and FTS shadow tables, queue and party
// storage, the seed SQL) and the received webhook bodies: no redacted value may appear anywhere,
// and every control value must (so the search demonstrably sees what the stack wrote).
// Usage: npm run test:redaction-bytes
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { filesUnder } from "./lib/files-under.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";

const ALNUM = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const pick = (alphabet, n) => [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join("");
const values = () => ({
  aws: `AKIA${pick("ABCDEFGHJKLMNPQRSTUVWXYZ", 8)}${pick("234567", 8)}`,
  github: `ghp_${pick(ALNUM, 36)}`,
  dbPassword: `Pw${pick(ALNUM, 14)}9!`,
  email: `${pick("abcdefghijkmnopqrstuvwxyz", 9)}.${pick("abcdefghijkmnopqrstuvwxyz", 6)}@northwindmail.com`,
});
const logsCarrying = (v) => ({
  single: {
    prompt: `Deploy with ${v.aws} and mail ${v.email}`,
    response: `Token ${v.github} rotated`,
    model: "gpt-4",
    metadata: { conn: `postgres://app:${v.dbPassword}@db.internal:5432/main`, contact: v.email },
  },
  batch: {
    logs: [
      { prompt: `again ${v.github}`, response: "ok", model: "gpt-4" },
      { prompt: "hi", response: `use ${v.aws}`, model: "claude-3", metadata: { who: v.email } },
    ],
  },
  test: { prompt: `My key ${v.aws}, password=${v.dbPassword}`, response: "", model: "gpt-4" },
});

async function receiver() {
  const bodies = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, bodies, close: () => server.close() };
}

const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-redaction-"));
const hook = await receiver();
const stack = await startLocalStack({ dir, portBase: 18_700 });
let failed = false;
try {
  const api = async (method, p, body) => {
    const res = await fetch(`${stack.base}/api${p}`, {
      method,
      headers: { authorization: `Bearer ${stack.key}`, "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await api("POST", "/webhooks", { name: "Byte check", url: hook.url, events: ["prompt.created", "flag.detected", "alert.created"] });
  const secret = values();
  const control = values();
  for (const [mode, v] of [
    ["sensitive", secret],
    ["off", control],
  ]) {
    await api("PUT", "/settings", { redaction: mode });
    const logs = logsCarrying(v);
    await api("POST", "/logs", logs.single);
    await api("POST", "/logs/batch", logs.batch);
    await api("POST", "/test-prompt", logs.test);
  }
  // Back to the default, and give the queue time to deliver (one prompt.created per log at least).
  await api("PUT", "/settings", { redaction: "credentials" });
  const deadline = Date.now() + 30_000;
  while (hook.bodies.length < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  await stack.stop();

  const written = [...filesUnder(dir)];
  const bytes = written.map((f) => ({ file: path.relative(dir, f), data: readFileSync(f) }));
  const total = bytes.reduce((n, b) => n + b.data.length, 0);
  const received = Buffer.from(hook.bodies.join("\n"));
  const where = (value) => [
    ...bytes.filter((b) => b.data.includes(value)).map((b) => b.file),
    ...(received.includes(value) ? ["webhook bodies"] : []),
  ];
  console.log(
    `searched ${written.length} files (${(total / 1e6).toFixed(1)} MB) under the persist dir and ${hook.bodies.length} webhook bodies`,
  );
  for (const [name, value] of Object.entries(secret)) {
    const found = where(value);
    console.log(`  redacted ${name.padEnd(10)} ${found.length ? `FOUND in ${found.join(", ")}` : "found nowhere"}`);
    if (found.length) failed = true;
  }
  for (const [name, value] of Object.entries(control)) {
    const found = where(value);
    console.log(
      `  control  ${name.padEnd(10)} ${found.length ? `found in ${found.join(", ")}` : "NOT FOUND (the search missed written bytes)"}`,
    );
    if (!found.length) failed = true;
  }
} catch (error) {
  console.error(error);
  failed = true;
  await stack.stop();
} finally {
  hook.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(failed ? "redaction bytes check FAILED" : "redaction bytes check passed");
process.exit(failed ? 1 : 0);
