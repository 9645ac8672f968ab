import { describe, expect, it } from "vitest";
import { MASKED_KEY_ASTERISKS } from "@promptsentry/schema/constants/access";
import { expiryToIso, isExpired, maskedKey, permissionLabel, shortKey, todayInput } from "./keys";

describe("key display", () => {
  it("masks with the prefix and 32 asterisks", () => {
    expect(maskedKey("pk_live_AbCdEfGh")).toBe(`pk_live_AbCdEfGh${"*".repeat(MASKED_KEY_ASTERISKS)}`);
    expect(maskedKey("pk_live_AbCdEfGh")).toHaveLength(16 + 32);
  });
  it("shortens with '...'", () => {
    expect(shortKey("pk_live_AbCdEfGh")).toBe("pk_live_AbCdEfGh...");
  });
  it("labels permissions", () => {
    expect(permissionLabel("logs:read")).toBe("Read Prompt Logs");
    expect(permissionLabel("admin")).toBe("Full Access");
    expect(permissionLabel("other")).toBe("other");
  });
});

describe("expiry", () => {
  it("converts a picked day to the end of that local day in ISO", () => {
    const iso = expiryToIso("2030-05-17")!;
    const d = new Date(iso);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2030, 4, 17, 23, 59]);
    expect(iso).toMatch(/Z$/);
  });
  it("is undefined when blank and passes anything else through for the schema to judge", () => {
    expect(expiryToIso("")).toBeUndefined();
    expect(expiryToIso("  ")).toBeUndefined();
    expect(expiryToIso("soon")).toBe("soon");
  });
  it("knows expired keys", () => {
    const now = Date.parse("2026-01-02T00:00:00Z");
    expect(isExpired({ expired: false, expiresAt: "2026-01-01T00:00:00Z" }, now)).toBe(true);
    expect(isExpired({ expired: true, expiresAt: null }, now)).toBe(true);
    expect(isExpired({ expired: false, expiresAt: "2026-02-01T00:00:00Z" }, now)).toBe(false);
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
  });
  it("formats today for the date input", () => {
    expect(todayInput(new Date(2026, 0, 5))).toBe("2026-01-05");
  });
});
