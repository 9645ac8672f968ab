// The ingestion rate limit as `npm start` runs it (scripts/lib/local-rate-limits.mjs: counted in
// memory, not by Miniflare's emulation the worker's own tests use): past its plan's requests a minute
// an organization gets 429 with Retry-After in the error envelope and nothing is stored; another
// organization is counted on its own.
import { INGEST_RATE_LIMITS } from "@promptsentry/schema/constants/plans";
import { describe, expect, it } from "vitest";
import { baseURL } from "./browser";
import { registerOrg } from "./helpers";

const post = (apiKey: string, body: string) =>
  fetch(`${baseURL()}/api/logs`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
    body,
  });
const valid = JSON.stringify({ prompt: "p", response: "r", model: "gpt-4" });

describe("ingestion rate limit on the local runtime", () => {
  it("answers 429 with Retry-After past a trial organization's minute, per organization", { timeout: 120_000 }, async () => {
    const org = await registerOrg("Rate Limit");
    const other = await registerOrg("Rate Limit Other");
    // The windows are aligned to the wall clock: the whole burst must fall into one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 30_000) await new Promise((r) => setTimeout(r, left + 100));
    // Refused bodies count too (the limit is checked before anything is parsed).
    const { perMinute } = INGEST_RATE_LIMITS.trial;
    for (let sent = 0; sent < perMinute; sent += 25) {
      const answers = await Promise.all(Array.from({ length: Math.min(25, perMinute - sent) }, () => post(org.apiKey, "{")));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 400));
    }
    const limited = await post(org.apiKey, valid);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const { error } = (await limited.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("rate_limited");
    const list = await fetch(`${baseURL()}/api/logs`, { headers: { Authorization: `Bearer ${org.apiKey}` } });
    expect(await list.json()).toEqual([]);
    expect((await post(other.apiKey, valid)).status).toBe(201);
  });
});
