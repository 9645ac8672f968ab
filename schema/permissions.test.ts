import { describe, expect, it } from "vitest";
import { PERMISSIONS, ROLE_PERMISSIONS } from "./constants/access";
import { hasPermission } from "./permissions";

describe("hasPermission", () => {
  it("admin implies every permission", () => {
    for (const p of PERMISSIONS) expect(hasPermission(["admin"], p)).toBe(true);
    expect(hasPermission(new Set(ROLE_PERMISSIONS.admin), "users:read")).toBe(true);
  });

  it("otherwise only what was granted, from an array or a set", () => {
    expect(hasPermission(["logs:read"], "logs:read")).toBe(true);
    expect(hasPermission(new Set(["logs:read"]), "logs:write")).toBe(false);
    expect(hasPermission(["logs:read", "alerts:read"], "admin")).toBe(false);
    expect(hasPermission([], "logs:read")).toBe(false);
  });
});
