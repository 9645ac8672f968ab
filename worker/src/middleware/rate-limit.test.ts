import { describe, expect, it } from "vitest";
import { INGEST_RATE_LIMITS } from "@promptsentry/schema/constants/plans";
import { awayFromBoundary, call, expectEnvelope, registerOrg, spendIngestUnits } from "../../test/helpers";

describe("ingestion rate limit", () => {
  it("answers 429 with Retry-After once a trial organization passes its requests a minute, per organization", {
    timeout: 60_000,
  }, async () => {
    // The limiter's windows are aligned to the wall clock: the whole burst must fall into one.
    await awayFromBoundary(60_000, 20_000);
    const org = await registerOrg();
    const other = await registerOrg();
    await spendIngestUnits(org.apiKey, INGEST_RATE_LIMITS.trial.perMinute);
    const limited = await call("POST", "/logs", { key: org.apiKey, body: { prompt: "p", response: "r", model: "gpt-4" } });
    const error = expectEnvelope(limited, 429, "rate_limited");
    expect(error.message).toMatch(/600 ingestion requests a minute/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const count = await call("GET", "/logs", { key: org.apiKey });
    expect(count.body).toEqual([]);
    // Another organization is counted on its own.
    expect((await call("POST", "/logs", { key: other.apiKey, body: { prompt: "p", response: "r", model: "gpt-4" } })).status).toBe(201);
  });
});
