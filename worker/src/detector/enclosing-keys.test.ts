// The keys a line sits under, read from indentation. Every text here is written for this file.
import { describe, expect, it } from "vitest";
import { enclosingKeys } from "./enclosing-keys";

describe("enclosingKeys", () => {
  it("reads YAML nesting, list items at their key's indentation and commented-out blocks", () => {
    const yaml = "notifications:\n  email:\n    - a@b.io\n";
    expect(enclosingKeys(yaml, yaml.indexOf("    - a@"))).toEqual(["email", "notifications"]);
    const flat = "email:\n- a@b.io\n";
    expect(enclosingKeys(flat, flat.indexOf("- a@"))).toEqual(["email"]);
    const commented = "# deploy:\n#   provider: npm\n#   email: a@b.io\n";
    expect(enclosingKeys(commented, commented.indexOf("#   email"))).toEqual(["email", "deploy"]);
  });
  it("does not take a sibling list item for a parent", () => {
    const yaml = "users:\n  - name: A\n  - b@c.io\n";
    expect(enclosingKeys(yaml, yaml.indexOf("  - b@"))).toEqual(["users"]);
  });
});
