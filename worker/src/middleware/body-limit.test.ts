// Body limits: the routes that declare one get theirs, every other route gets the default, and an
// oversized body is answered with the 413 envelope before anything is written.
import { describe, expect, it } from "vitest";
import { MAX_BATCH_BODY_BYTES, MAX_BODY_BYTES } from "@promptsentry/schema/constants/ingestion";
import { call, expectEnvelope, registerOrg } from "../../test/helpers";

const log = (prompt: string) => ({ prompt, response: "ok", model: "gpt-4" });

describe("body limits", () => {
  it("a route without a declared limit (POST /webhooks) gets the default, and stores nothing", async () => {
    const org = await registerOrg();
    const body = { name: "big", url: "https://example.com/hook", events: ["prompt.created"], padding: "a".repeat(MAX_BODY_BYTES) };
    const error = expectEnvelope(await call("POST", "/webhooks", { key: org.apiKey, body }), 413, "payload_too_large");
    expect(error.message).toBe(`Request body exceeds ${MAX_BODY_BYTES / 1024} KB`);
    const list = await call("GET", "/webhooks", { key: org.apiKey });
    expect(list.body).toEqual([]);
  });

  it("the default runs before authentication: an oversized body without a key is a 413, not a 401", async () => {
    expectEnvelope(await call("PATCH", "/settings", { body: { padding: "a".repeat(MAX_BODY_BYTES) } }), 413, "payload_too_large");
  });

  it("POST /logs/batch declares 10 MB: a body over the default is accepted", async () => {
    const org = await registerOrg();
    const logs = Array.from({ length: 8 }, (_, i) => log(`${i} ${"b".repeat(150_000)}`));
    expect(JSON.stringify({ logs }).length).toBeGreaterThan(MAX_BODY_BYTES);
    const res = await call("POST", "/logs/batch", { key: org.apiKey, body: { logs } });
    expect(res.status).toBe(201);
    expect(res.body.ids).toHaveLength(8);
  });

  it("POST /logs/batch refuses a body over its own limit", async () => {
    const org = await registerOrg();
    const body = { logs: [log("x")], padding: "c".repeat(MAX_BATCH_BODY_BYTES) };
    expectEnvelope(await call("POST", "/logs/batch", { key: org.apiKey, body }), 413, "payload_too_large");
    const list = await call("GET", "/logs", { key: org.apiKey });
    expect(list.body.logs ?? list.body).toEqual([]);
  });
});
