import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { Finding } from "../../api/types";
import { redactedFindings } from "./RedactedValues";
import { logsSearchSchema } from "./search";

const fp = (c: string) => c.repeat(64);

describe("redacted values of a log", () => {
  it("lists each fingerprint once, in order, and ignores unredacted findings", () => {
    const findings: Finding[] = [
      { reason: "prompt_injection", rule: "injection.ignore_previous", target: "prompt" as const, start: 0, end: 5 },
      { reason: "sensitive_content", rule: "secret.aws_access_key", target: "prompt" as const, start: 6, end: 31, fingerprint: fp("a") },
      { reason: "sensitive_content", rule: "pii.email", target: "response" as const, start: 0, end: 16, fingerprint: fp("b") },
      { reason: "sensitive_content", rule: "secret.aws_access_key", target: "response" as const, start: 20, end: 45, fingerprint: fp("a") },
    ];
    expect(redactedFindings(findings).map((f) => [f.rule, f.fingerprint])).toEqual([
      ["secret.aws_access_key", fp("a")],
      ["pii.email", fp("b")],
    ]);
    expect(redactedFindings(null)).toEqual([]);
  });

  it("keeps a well-formed fingerprint filter in the /logs URL and drops a malformed one", () => {
    expect(v.parse(logsSearchSchema, { fingerprint: fp("c") }).fingerprint).toBe(fp("c"));
    expect(v.parse(logsSearchSchema, { fingerprint: "abc" }).fingerprint).toBeUndefined();
  });
});
