import { describe, expect, it } from "vitest";
import { countByRole, lastActiveText, roleLabel, statusDotClass } from "./team";

describe("countByRole", () => {
  it("counts admins, engineers and viewers", () => {
    expect(countByRole([{ role: "admin" }, { role: "engineer" }, { role: "engineer" }, { role: "viewer" }, { role: "ghost" }])).toEqual({
      admin: 1,
      engineer: 2,
      viewer: 1,
    });
    expect(countByRole([])).toEqual({ admin: 0, engineer: 0, viewer: 0 });
  });
});

describe("lastActiveText", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it("reads relative time from real activity", () => {
    expect(lastActiveText(null, now)).toBe("Never");
    expect(lastActiveText(ago(20_000), now)).toBe("Just now");
    expect(lastActiveText(ago(60_000), now)).toBe("1 minute ago");
    expect(lastActiveText(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(lastActiveText(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(lastActiveText(ago(86_400_000), now)).toBe("1 day ago");
    expect(lastActiveText(ago(40 * 86_400_000), now)).toMatch(/2026/);
    expect(lastActiveText(new Date(now + 5000).toISOString(), now)).toBe("Just now");
  });
});

describe("status and role", () => {
  it("colours online green, away amber, else gray", () => {
    expect(statusDotClass("online")).toBe("bg-green-500");
    expect(statusDotClass("away")).toBe("bg-amber-500");
    expect(statusDotClass("offline")).toBe("bg-gray-400");
    expect(statusDotClass("weird")).toBe("bg-gray-400");
  });
  it("labels roles", () => {
    expect(roleLabel("engineer")).toBe("Engineer");
  });
});
