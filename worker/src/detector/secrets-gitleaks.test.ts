import { describe, expect, it } from "vitest";
import { GITLEAKS_SECRET_RULES, requiredLiteral } from "./secrets-gitleaks";

describe("requiredLiteral", () => {
  it("is the literal a case-sensitive pattern opens with", () => {
    expect(requiredLiteral("SK[0-9a-fA-F]{32}", "")).toBe("SK");
    expect(requiredLiteral("\\bEZAK[a-z0-9A-Z]{54}\\b", "")).toBe("EZAK");
    expect(requiredLiteral("dp\\.pt\\.[a-z0-9A-Z]{43}", "")).toBe("dp.pt.");
    expect(requiredLiteral("glpat-[\\w-]{20}", "")).toBe("glpat-");
    expect(requiredLiteral("xoxb+-x", "")).toBe("xoxb");
    expect(requiredLiteral("foo(?:a|b)", "")).toBe("foo");
    expect(requiredLiteral("foo[|(]bar", "")).toBe("foo");
  });
  it("leaves out a last character a quantifier may drop", () => {
    expect(requiredLiteral("abc?d", "")).toBe("ab");
    expect(requiredLiteral("abc*", "")).toBe("ab");
    expect(requiredLiteral("abc{0,3}", "")).toBe("ab");
    expect(requiredLiteral("ab?", "")).toBeNull();
  });
  it("is null when a match need not hold it", () => {
    expect(requiredLiteral("SK[0-9a-f]{32}", "i")).toBeNull();
    expect(requiredLiteral("foo|bar", "")).toBeNull();
    expect(requiredLiteral("foo[a]|bar", "")).toBeNull();
    expect(requiredLiteral("(?:foo|bar)x", "")).toBeNull();
    expect(requiredLiteral("\\d{4}foo", "")).toBeNull();
    expect(requiredLiteral("[A-Z]foo", "")).toBeNull();
  });
  it("gates the rules whose matches all hold it", () => {
    const twilio = GITLEAKS_SECRET_RULES.find((r) => r.id === "secret.twilio_api_key");
    expect(twilio?.literal).toBe("SK");
    for (const r of GITLEAKS_SECRET_RULES) if (r.literal !== undefined) expect(r.re.flags).not.toContain("i");
  });
});
