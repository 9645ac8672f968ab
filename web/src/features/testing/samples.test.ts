// The samples are run for real: python3 with the Python SDK (sdk/python/src), node with the TypeScript
// SDK (sdk/typescript, built to dist/ and linked as @promptsentry/sdk) and curl against a local HTTP
// server that records what they send, and the webhook receiver against a delivery signed by `standardwebhooks`.
import { execFile, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Webhook } from "standardwebhooks";
import { signatureHeaders } from "../../../../worker/src/delivery/sign";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_KEY_PLACEHOLDER,
  SAMPLE_LOG,
  WEBHOOK_SECRET_PLACEHOLDER,
  buildSamples,
  normalizeOrigin,
  randomEstimatedCost,
  randomTokenCount,
  samplePayload,
  statusCardKey,
} from "./samples";

type Seen = {
  method: string;
  url: string;
  auth: string | undefined;
  contentType: string | undefined;
  key: string | undefined;
  body: Record<string, unknown>;
};

const dir = mkdtempSync(join(tmpdir(), "ps-samples-"));
const seen: Seen[] = [];
let origin = "";
const server = createServer((req: IncomingMessage, res) => {
  let raw = "";
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    seen.push({
      method: req.method!,
      url: req.url!,
      auth: req.headers.authorization,
      contentType: req.headers["content-type"],
      key: req.headers["idempotency-key"] as string | undefined,
      body: JSON.parse(raw || "{}"),
    });
    const answer = req.url === "/api/logs/batch" ? { ids: ["log_1"] } : { id: "log_1", flagStatus: "safe" };
    res.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
  });
});

const repo = resolve(import.meta.dirname, "../../../..");
beforeAll(async () => {
  // The Node sample imports @promptsentry/sdk: the repository's SDK, built, linked into the sample's folder.
  if (!existsSync(join(repo, "sdk/typescript/dist/index.js"))) {
    const built = spawnSync(process.execPath, [
      join(repo, "node_modules/typescript/bin/tsc"),
      "-p",
      join(repo, "sdk/typescript/tsconfig.json"),
    ]);
    if (built.status !== 0) throw new Error(`building the SDK failed: ${built.stdout}${built.stderr}`);
  }
  mkdirSync(join(dir, "node_modules/@promptsentry"), { recursive: true });
  symlinkSync(join(repo, "sdk/typescript"), join(dir, "node_modules/@promptsentry/sdk"), "dir");
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(cmd, args, { timeout: 20_000, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
const has = (cmd: string, args: string[]) => spawnSync(cmd, args).status === 0;

function expectLogRequest(source: string) {
  const req = seen.at(-1)!;
  expect(req).toMatchObject({ method: "POST", url: "/api/logs", auth: "Bearer pk_live_test", contentType: "application/json" });
  expect(req.body).toEqual({ ...SAMPLE_LOG, source });
}

/** The SDKs send one batch with the sample log and an Idempotency-Key. */
function expectBatchRequest(source: string) {
  const req = seen.at(-1)!;
  expect(req).toMatchObject({ method: "POST", url: "/api/logs/batch", auth: "Bearer pk_live_test", contentType: "application/json" });
  expect(req.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(req.body).toEqual({ logs: [{ ...SAMPLE_LOG, source }] });
}

describe("SDK samples", () => {
  it("use the origin and the placeholder key", () => {
    const s = buildSamples("http://127.0.0.1:8787/");
    for (const id of ["python", "node", "curl"] as const) {
      expect(s[id]).toContain("http://127.0.0.1:8787");
      expect(s[id]).not.toContain("8787//");
      expect(s[id].split(API_KEY_PLACEHOLDER)).toHaveLength(2);
      // The key goes in the Authorization header (the SDKs put it there), never in a URL (docs/api-keys-in-urls.md).
      expect(s[id]).not.toMatch(/[?&](apiKey|api_key)=/i);
    }
    expect(s.curl).toContain("Authorization: Bearer");
    expect(s.webhook).toContain(WEBHOOK_SECRET_PLACEHOLDER);
    expect(normalizeOrigin("https://x.test///")).toBe("https://x.test");
  });

  it.skipIf(!has("python3", ["--version"]))("python (the Python SDK) sends the log in a batch with a Bearer key", async () => {
    const file = join(dir, "sample.py");
    writeFileSync(file, buildSamples(origin, "pk_live_test").python);
    const out = await run("python3", [file], { PYTHONPATH: join(repo, "sdk/python/src") });
    expect(out.stderr).toBe("");
    expect(out.stdout.trim()).toBe("{'sent': 1, 'dropped': 0, 'failed': 0, 'retries': 0, 'pending': 0}");
    expectBatchRequest("python-sdk");
  });

  it("node (the TypeScript SDK) sends the log in a batch with a Bearer key", async () => {
    const file = join(dir, "log-prompt.mjs");
    writeFileSync(file, buildSamples(origin, "pk_live_test").node);
    const out = await run(process.execPath, [file]);
    expect(out.stderr).toBe("");
    expect(out.stdout.trim()).toBe("{ sent: 1, dropped: 0, failed: 0, retries: 0, pending: 0 }");
    expectBatchRequest("node-sdk");
  });

  it("install commands name the SDK folders of the repository", () => {
    const s = buildSamples(origin);
    expect(s["python-install"]).toBe("pip install ./promptsentry/sdk/python\n");
    expect(s["node-install"]).toContain("npm install ./promptsentry/sdk/typescript");
    expect(existsSync(join(repo, "sdk/python/pyproject.toml"))).toBe(true);
    expect(existsSync(join(repo, "sdk/typescript/package.json"))).toBe(true);
  });

  it.skipIf(!has("curl", ["--version"]))("curl posts the log with a Bearer key", async () => {
    const out = await run("bash", ["-c", buildSamples(origin, "pk_live_test").curl]);
    expect(out.code).toBe(0);
    expectLogRequest("curl");
  });
});

describe("webhook receiver sample", () => {
  const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
  let port = 0;
  let printed = "";
  let child: ReturnType<typeof spawn> | undefined;
  beforeAll(async () => {
    const file = join(dir, "receiver.mjs");
    writeFileSync(file, buildSamples(origin, API_KEY_PLACEHOLDER, secret).webhook);
    port = 20000 + Math.floor(Math.random() * 20000);
    child = spawn(process.execPath, [file], { env: { ...process.env, PORT: String(port) } });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on("data", (d) => {
        printed += String(d);
        if (printed.includes("listening")) resolve();
      });
      child!.on("exit", (code) => reject(new Error(`receiver exited ${code}`)));
    });
  });
  afterAll(() => child?.kill());

  const post = (body: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}/`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } }).then(
      (r) => r.status,
    );
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  /** Exactly the headers the server's webhook delivery sends (worker/src/delivery/sign.ts). */
  const delivered = (id: string, body: string, at = new Date()) => signatureHeaders(secret, id, body, seconds(at));

  it("accepts a delivery signed by the server and by the Standard Webhooks library", async () => {
    const body = samplePayload();
    const headers = await delivered("msg_server_1", body);
    expect(await post(body, headers)).toBe(204);
    // The reference implementation agrees with the server's signature, and the sample with it.
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    const ts = new Date();
    const signature = new Webhook(secret).sign("msg_lib_1", ts, body);
    expect(await post(body, { "webhook-id": "msg_lib_1", "webhook-timestamp": String(seconds(ts)), "webhook-signature": signature })).toBe(
      204,
    );
  });

  it("refuses a replayed delivery (timestamp beyond 5 minutes), a tampered one, and X-Signature alone", async () => {
    const body = samplePayload();
    const old = await delivered("msg_old", body, new Date(Date.now() - 6 * 60_000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow(); // the library refuses it too
    expect(await post(body, old)).toBe(401);
    expect(await post(body, await delivered("msg_future", body, new Date(Date.now() + 6 * 60_000)))).toBe(401);

    const fresh = await delivered("msg_fresh", body);
    expect(await post(body.replace("critical", "warning"), fresh)).toBe(401);
    expect(await post(body, { ...fresh, "webhook-id": "msg_other" })).toBe(401);
    // An old signature moved onto a fresh timestamp does not match: the timestamp is signed.
    expect(await post(body, { ...old, "webhook-timestamp": fresh["webhook-timestamp"] })).toBe(401);
    // The legacy body-only header is the same for a delivery replayed years later: never enough.
    const { "webhook-signature": _, ...legacyOnly } = old;
    expect(legacyOnly["x-signature"]).toBe(fresh["x-signature"]);
    expect(await post(body, legacyOnly)).toBe(401);
    expect(await post(body, { "content-type": "application/json" })).toBe(401);
  });

  it("processes a webhook-id once: a redelivery inside the window is acknowledged, not redone", async () => {
    const body = samplePayload();
    const headers = await delivered("msg_twice", body);
    const before = printed.split("flag.detected").length;
    expect(await post(body, headers)).toBe(204);
    expect(await post(body, headers)).toBe(204);
    await new Promise((r) => setTimeout(r, 200));
    expect(printed.split("flag.detected").length - before).toBe(1);
  });
});

describe("live testing figures", () => {
  it("tokenCount is 100 to 1099", () => {
    expect(randomTokenCount(() => 0)).toBe(100);
    expect(randomTokenCount(() => 0.999999)).toBe(1099);
  });
  it("estimatedCost is under 0.1 with at most 4 decimals", () => {
    expect(randomEstimatedCost(() => 0)).toBe(0);
    expect(randomEstimatedCost(() => 0.999999)).toBe(0.0999);
    for (let i = 0; i < 200; i++) {
      const c = randomEstimatedCost();
      expect(c).toBeLessThan(0.1);
      expect(Math.round(c * 10000) / 10000).toBe(c);
    }
  });
});

describe("status card key", () => {
  it("shows at most 20 characters of what we know, then an ellipsis", () => {
    expect(statusCardKey("pk_live_AbCdEfGh")).toBe("pk_live_AbCdEfGh…");
    expect(statusCardKey("pk_live_AbCdEfGhIjKlMnOpQr")).toBe("pk_live_AbCdEfGhIjKl…");
    expect(statusCardKey(null)).toBe("—");
  });
});
