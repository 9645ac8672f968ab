import { describe, expect, it } from "vitest";
import { jsonBoundsViolation } from "./json-bounds";

const bounds = { depth: 3, entries: 5, keyChars: 4, stringChars: 6, jsonChars: 60 };
const check = (value: unknown) => jsonBoundsViolation(value, bounds, "m");

describe("jsonBoundsViolation", () => {
  it("passes values within every bound", () => {
    expect(check({ a: { b: [1] } })).toBeNull();
    expect(check({ a: "xxxxxx", b: null, c: true, d: -0 })).toBeNull();
  });

  it("counts objects and arrays alike as levels", () => {
    expect(check({ a: [[1]] })).toBeNull();
    expect(check({ a: [[[]]] })).toBe("m must not nest deeper than 3 levels");
  });

  it("stops at the depth bound without walking further (no stack growth)", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(check({ a: deep })).toBe("m must not nest deeper than 3 levels");
  });

  it("names each other bound", () => {
    expect(check({ a: [1, 2, 3, 4, 5] })).toBe("m must have at most 5 keys and items in all");
    expect(check({ abcde: 1 })).toBe("m keys must be at most 4 characters");
    expect(check({ a: { b: "xxxxxxx" } })).toBe("m.a.b must be at most 6 characters");
    expect(check({ a: Infinity })).toBe("m.a must be a finite number");
    expect(check({ a: Number.NaN })).toBe("m.a must be a finite number");
    expect(check({ a: 1n })).toBe("m.a must be a JSON value");
    expect(check({ a: "xxxxxx", b: "xxxxxx", c: "xxxxxx", d: "xxxxxx" })).toBeNull();
    expect(jsonBoundsViolation({ a: "xxxxxx", b: "xxxxxx", c: "xxxxxx" }, { ...bounds, jsonChars: 20 }, "m")).toBe(
      "m must be at most 20 characters as JSON",
    );
  });

  it("refuses keys that mean something to JavaScript objects, at any level", () => {
    expect(check(JSON.parse('{"__proto__":{"x":1}}'))).toBe('m must not use the key "__proto__"');
    expect(check({ a: { constructor: 1 } })).toBe('m must not use the key "constructor"');
    expect(check({ prototype: 1 })).toBe('m must not use the key "prototype"');
  });
});
