// Idempotency-Key namespaces (docs/api.md#calls): a single log's key and a batch's key never
// collide, whatever characters they hold; a retry of the same request still replays.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promptLogs } from "@promptsentry/schema/tables/logs";
import { call, dataDb, registerOrg, type TestOrg } from "../../test/helpers";

const log = (prompt: string) => ({ prompt, response: "ok", model: "gpt-4" });
const logCount = async (orgId: string) => (await (await dataDb(orgId)).select().from(promptLogs).where(eq(promptLogs.orgId, orgId))).length;

const single = (org: TestOrg, key: string, prompt: string) =>
  call("POST", "/logs", { key: org.apiKey, body: log(prompt), headers: { "idempotency-key": key } });
const batch = (org: TestOrg, key: string, prompts: string[]) =>
  call("POST", "/logs/batch", { key: org.apiKey, body: { logs: prompts.map(log) }, headers: { "idempotency-key": key } });

describe("Idempotency-Key namespaces", () => {
  it("a single log keyed `k:0` is not item 0 of a batch keyed `k` (either order)", async () => {
    const org = await registerOrg();
    const one = await single(org, "k:0", "single");
    const many = await batch(org, "k", ["first", "second"]);
    expect(many.status).toBe(201);
    expect(many.headers.get("idempotent-replayed")).toBeNull();
    expect(many.body.ids).toHaveLength(2);
    expect(many.body.ids).not.toContain(one.body.id);
    expect(await logCount(org.orgId)).toBe(3);

    const other = await registerOrg();
    const first = await batch(other, "k", ["first", "second"]);
    const late = await single(other, "k:0", "single");
    expect(late.status).toBe(201);
    expect(late.headers.get("idempotent-replayed")).toBeNull();
    expect(late.body.prompt).toBe("single");
    expect(first.body.ids).not.toContain(late.body.id);
  });

  it("a single log and a batch of one sent with the same key are two requests", async () => {
    const org = await registerOrg();
    const one = await single(org, "same", "single");
    const many = await batch(org, "same", ["batched"]);
    expect(many.status).toBe(201);
    expect(many.body.ids).not.toContain(one.body.id);
    expect(await logCount(org.orgId)).toBe(2);
  });

  it("batches keyed `k`, `k:1` and `K` are three requests", async () => {
    const org = await registerOrg();
    const nested = await batch(org, "k:1", ["a", "b"]);
    const plain = await batch(org, "k", ["c", "d", "e"]);
    const upper = await batch(org, "K", ["f", "g"]);
    for (const res of [plain, upper]) expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(new Set([...nested.body.ids, ...plain.body.ids, ...upper.body.ids]).size).toBe(7);
    expect(await logCount(org.orgId)).toBe(7);
  });

  it("still replays a retried single log and a retried batch, in order", async () => {
    const org = await registerOrg();
    const first = await single(org, "k:0", "single");
    const again = await single(org, "k:0", "single");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    const prompts = Array.from({ length: 12 }, (_, i) => `item ${i}`);
    const b1 = await batch(org, "k", prompts);
    const b2 = await batch(org, "k", prompts);
    expect(b2.headers.get("idempotent-replayed")).toBe("true");
    expect(b2.body.ids).toEqual(b1.body.ids);
    expect(await logCount(org.orgId)).toBe(13);
  });
});
