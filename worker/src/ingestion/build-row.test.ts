import { describe, expect, it } from "vitest";
import { DEFAULT_FLAG_RULES } from "@promptsentry/schema/constants/flags";
import type { RedactionMode } from "@promptsentry/schema/constants/privacy";
import type { Organization, OrgSettings } from "@promptsentry/schema/tables/organizations";
import type { LogInput } from "@promptsentry/schema/requests/logs";
import type { IngestContext } from "../queries/ingestion";
import { fingerprinter, newFingerprintKey } from "../redaction";
import { buildRow } from "./build-row";

const AWS = "AKIAZ7QW3E6R5T4Y2U3I";
const now = new Date("2026-01-05T10:00:00Z");

function context(redaction: RedactionMode, sensitiveContent = true): IngestContext {
  const settings = {
    orgId: "org_1",
    flagRules: { ...DEFAULT_FLAG_RULES, sensitiveContent },
    tokenThreshold: 4000,
    sensitivity: "balanced",
    redaction,
    criticalOnly: true,
  } as OrgSettings;
  return { org: { id: "org_1", plan: "professional" } as Organization, settings, usage: { allTime: 0, thisMonth: 0 } };
}

const input: LogInput = {
  prompt: `deploy with ${AWS} please`,
  response: "done",
  model: "gpt-4",
  userId: "u_1",
  sessionId: `s-${AWS}`,
  metadata: { [AWS]: ["x"], note: "fine" },
  tokenCount: 10,
};

describe("buildRow", () => {
  it("flags the text as sent and stores it redacted everywhere, without a database", async () => {
    const fp = await fingerprinter(newFingerprintKey());
    const { row, fingerprints } = await buildRow(context("credentials"), input, now, { apiKeyId: "key_1" }, null, fp);
    expect(row.flagStatus).toBe("critical");
    expect(row.flagReasons).toContain("sensitive_content");
    expect(JSON.stringify(row)).not.toContain(AWS);
    expect(row.prompt).toBe("deploy with [REDACTED:aws_access_key] please");
    expect(row.sessionId).toBe("s-[REDACTED:aws_access_key]");
    expect(Object.keys(row.metadata!)).toContain("[REDACTED:aws_access_key]");
    expect(fingerprints).toHaveLength(1);
    expect(row.findings.find((f) => f.reason === "sensitive_content")?.fingerprint).toBe(fingerprints[0]);
    expect(row.redactionMode).toBe("credentials");
    expect(row.estimatedCost).not.toBeNull();
  });

  it("redacts credentials when the sensitive-content flag rule is off, without flagging them", async () => {
    const fp = await fingerprinter(newFingerprintKey());
    const { row } = await buildRow(context("credentials", false), input, now, { apiKeyId: null }, null, fp);
    expect(row.flagReasons).not.toContain("sensitive_content");
    expect(JSON.stringify(row)).not.toContain(AWS);
  });

  it("stores the log as sent when redaction is off", async () => {
    const { row, fingerprints } = await buildRow(context("off"), input, now, { apiKeyId: null, blocked: true }, "k", null);
    expect(row.prompt).toBe(input.prompt);
    expect(row.redactionMode).toBe("off");
    expect(row.blocked).toBe(true);
    expect(row.idempotencyKey).toBe("k");
    expect(fingerprints).toEqual([]);
  });
});
