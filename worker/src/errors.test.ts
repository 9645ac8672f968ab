import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { badRequest, onError } from "./errors";

const app = new Hono()
  .get("/bug", () => {
    throw new Error("a genuine bug");
  })
  .get("/bad", () => {
    throw badRequest("Name is required", { name: ["Name is required"] });
  });
app.onError(onError);

describe("onError", () => {
  it("answers a bug as 500 with a reference to its log line, never the bug's text", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await app.request("/bug", { headers: { "cf-ray": "8f1e2d3c4b5a6978-AMS" } });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(body).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side", reference: "8f1e2d3c4b5a6978-AMS" },
    });
    expect(logged.mock.calls[0]).toContain("8f1e2d3c4b5a6978-AMS");
    // Without a ray id a fresh reference is made up, still logged beside the error.
    const again = (await (await app.request("/bug")).json()) as { error: { reference: string } };
    expect(again.error.reference).toMatch(/^[0-9a-f]{8}$/);
    expect(logged.mock.calls[1]).toContain(again.error.reference);
    logged.mockRestore();
  });

  it("keeps validation envelopes as they were, without a reference", async () => {
    const res = await app.request("/bad");
    expect(await res.json()).toEqual({
      error: { code: "validation_failed", message: "Name is required", issues: { name: ["Name is required"] } },
    });
  });
});
