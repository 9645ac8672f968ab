// The owned-row helpers: a row of another organization answers as a missing one, and is left alone.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { webhooks } from "@promptsentry/schema/tables/delivery";
import { ApiError } from "../errors";
import { registerOrg, testDb } from "../../test/helpers";
import { deleteOwnedOr404, findOwnedOr404, isUniqueViolation } from "./owned";

async function hookOf(orgId: string) {
  const id = crypto.randomUUID();
  await testDb()
    .insert(webhooks)
    .values({ id, orgId, name: "Hook", url: "https://example.com/hook", events: ["alert.created"], secret: "whsec_test" });
  return id;
}

const notFoundError = (what: string) => expect.objectContaining({ status: 404, message: `${what} not found` });

describe("owned rows", () => {
  it("finds the organization's own row", async () => {
    const org = await registerOrg();
    const id = await hookOf(org.orgId);
    expect(await findOwnedOr404(testDb(), webhooks, org.orgId, id, "Webhook")).toMatchObject({ id, orgId: org.orgId, name: "Hook" });
  });

  it("answers 404 for another organization's row and for a missing one", async () => {
    const [a, b] = [await registerOrg(), await registerOrg()];
    const id = await hookOf(a.orgId);
    await expect(findOwnedOr404(testDb(), webhooks, b.orgId, id, "Webhook")).rejects.toThrow(ApiError);
    await expect(findOwnedOr404(testDb(), webhooks, b.orgId, id, "Webhook")).rejects.toEqual(notFoundError("Webhook"));
    await expect(findOwnedOr404(testDb(), webhooks, a.orgId, "missing", "Webhook")).rejects.toEqual(notFoundError("Webhook"));
  });

  it("deletes only within the organization", async () => {
    const [a, b] = [await registerOrg(), await registerOrg()];
    const id = await hookOf(a.orgId);
    await expect(deleteOwnedOr404(testDb(), webhooks, b.orgId, id, "Webhook")).rejects.toEqual(notFoundError("Webhook"));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webhooks WHERE id = ?").bind(id).first("n")).toBe(1);
    await deleteOwnedOr404(testDb(), webhooks, a.orgId, id, "Webhook");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webhooks WHERE id = ?").bind(id).first("n")).toBe(0);
  });
});

describe("isUniqueViolation", () => {
  it("recognises D1's error for a duplicate key, wrapped or not, and only for the named index", async () => {
    const org = await registerOrg();
    const id = await hookOf(org.orgId);
    const error = await testDb()
      .insert(webhooks)
      .values({ id, orgId: org.orgId, name: "Again", url: "https://example.com/hook", events: ["alert.created"], secret: "whsec_test" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("wrapped", { cause: error }))).toBe(true);
    expect(isUniqueViolation(error, "webhooks.id")).toBe(true);
    expect(isUniqueViolation(error, "prompt_logs.org_id, prompt_logs.idempotency_key")).toBe(false);
    expect(isUniqueViolation(new Error("no such table: webhooks"))).toBe(false);
  });
});
