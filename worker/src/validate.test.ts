// The validation layer shared by every JSON body (found by the fuzz suite, worker/test/fuzz.test.ts).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, dataD1, expectEnvelope, registerOrg } from "../test/helpers";
import { ILL_FORMED_TEXT, illFormedTextPath } from "./validate";

const raw = (json: string) => ({ rawBody: json, headers: { "content-type": "application/json" } });

async function rows(orgId: string) {
  // Logs are in the organization's shard, webhooks in the control database.
  const data = await dataD1(orgId);
  const q = (t: string) =>
    (t === "webhooks" ? env.DB : data).prepare(`SELECT count(*) AS n FROM ${t} WHERE org_id = ?`).bind(orgId).first<{ n: number }>();
  const [logs, hooks] = await Promise.all([q("prompt_logs"), q("webhooks")]);
  return { logs: logs?.n, hooks: hooks?.n };
}

describe("unpaired surrogates in JSON bodies", () => {
  it("finds them in values and keys at any depth, and lets surrogate pairs pass", () => {
    expect(illFormedTextPath({ a: ["ok", { b: "x\uD800y" }] })).toBe("a.1.b");
    expect(illFormedTextPath({ m: { "\uDFFF": 1 } })).toBe("m.\uDFFF");
    expect(illFormedTextPath("\uDC00\uD800")).toBe("_root");
    expect(illFormedTextPath({ a: "👩‍👩‍👧‍👦 \uD83D\uDE00", b: [1, null, true] })).toBeNull();
  });

  // Fuzz finding: a prompt of "\ud800" answered 201 with the text as sent, but D1 stored WTF-8 bytes
  // that read back as "\uFFFD\uFFFD\uFFFD": the stored log differed from the answer.
  it("refuses a log whose prompt holds one, naming the field, and stores nothing", async () => {
    const org = await registerOrg();
    const res = await call("POST", "/logs", { key: org.apiKey, ...raw('{"prompt":"\\ud800 lone","response":"r","model":"gpt-4"}') });
    const error = expectEnvelope(res, 400, "validation_failed");
    expect(error.issues).toEqual({ prompt: [ILL_FORMED_TEXT] });
    expect(await rows(org.orgId)).toEqual({ logs: 0, hooks: 0 });
  });

  it("refuses them in every JSON body: a webhook name, a metadata key, a batch item", async () => {
    const org = await registerOrg();
    const hook = await call("POST", "/webhooks", {
      key: org.apiKey,
      ...raw('{"name":"\\udfff","url":"https://example.com/h","events":["flag.detected"]}'),
    });
    expect(expectEnvelope(hook, 400).issues).toEqual({ name: [ILL_FORMED_TEXT] });
    const meta = await call("POST", "/logs", {
      key: org.apiKey,
      ...raw('{"prompt":"p","response":"r","model":"m","metadata":{"\\ud800":1}}'),
    });
    expect(Object.keys(expectEnvelope(meta, 400).issues ?? {})).toEqual(["metadata.\uD800"]);
    const batch = await call("POST", "/logs/batch", {
      key: org.apiKey,
      ...raw('{"logs":[{"prompt":"p","response":"r","model":"m"},{"prompt":"p","response":"\\udc00","model":"m"}]}'),
    });
    expect(expectEnvelope(batch, 400).issues).toEqual({ "logs.1.response": [ILL_FORMED_TEXT] });
    expect(await rows(org.orgId)).toEqual({ logs: 0, hooks: 0 });
  });

  it("stores well-formed text exactly as sent: emoji, RTL marks, NUL", async () => {
    const org = await registerOrg();
    const prompt = "👩‍👩‍👧‍👦 \u202Eevil\u202C a\u0000b e\u0301";
    const res = await call("POST", "/logs", {
      key: org.apiKey,
      body: { prompt, response: "\u200F\u05D0", model: "gpt-4", userId: "\uFEFFu" },
    });
    expect(res.status).toBe(201);
    const stored = await call("GET", `/logs/${res.body.id}`, { key: org.apiKey });
    expect({ prompt: stored.body.prompt, response: stored.body.response, userId: stored.body.userId }).toEqual({
      prompt,
      response: "\u200F\u05D0",
      userId: "\uFEFFu",
    });
  });

  it("still answers malformed JSON as before", async () => {
    const org = await registerOrg();
    expectEnvelope(await call("POST", "/logs", { key: org.apiKey, ...raw('{"prompt":') }), 400);
  });
});
