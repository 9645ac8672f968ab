import { describe, expect, it } from "vitest";
import { charSet, forEachRun } from "./runs";

const B64 = charSet("A-Za-z0-9", "+/");
const runs = (text: string, minRun: number, set = B64) => {
  const out: string[] = [];
  forEachRun(text, minRun, set, (i, j) => out.push(text.slice(i, j)));
  return out;
};

describe("charSet", () => {
  it("holds the ranges and the single characters, nothing else", () => {
    const set = charSet("a-c0-1", "+-");
    const members = [...set.keys()].filter((c) => set[c] === 1).map((c) => String.fromCharCode(c));
    expect(members.sort()).toEqual(["+", "-", "0", "1", "a", "b", "c"].sort());
  });
});

describe("forEachRun", () => {
  it("finds every maximal run of at least minRun set characters, whatever its alignment", () => {
    const text = "ab cdefgh ijklmnopq r stuvwx+/yz0123 é 456789ABCDEF";
    for (let minRun = 1; minRun <= 12; minRun++) {
      const expected = (text.match(/[A-Za-z0-9+/]+/g) ?? []).filter((r) => r.length >= minRun);
      expect(runs(text, minRun)).toEqual(expected);
    }
  });
  it("treats characters outside ASCII as outside the set", () => {
    expect(runs("abcdé".repeat(3), 4)).toEqual(["abcd", "abcd", "abcd"]);
  });
  it("stops when visit returns false", () => {
    const seen: string[] = [];
    forEachRun("aaaa bbbb cccc", 4, B64, (i, j) => {
      seen.push(`${i}-${j}`);
      return seen.length < 2;
    });
    expect(seen).toEqual(["0-4", "5-9"]);
  });
});
