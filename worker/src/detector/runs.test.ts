import { describe, expect, it } from "vitest";
import { charSet, forEachRun, TOKEN_CHARS } from "./runs";

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

describe("forEachRun over the text's token runs", () => {
  // runs of 24 or more of a subset of the token characters are read off tokenRuns: they must be
  // the runs the probing finds on its own, whatever the set, the length asked and the text
  const reference = (text: string, minRun: number, set: Uint8Array) =>
    (text.match(/[\s\S]/g) ?? [])
      .map((ch) => (ch.charCodeAt(0) < 128 && set[ch.charCodeAt(0)] === 1 ? ch : "\n"))
      .join("")
      .split("\n")
      .filter((r) => r.length >= minRun);
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pieces = ["a", "Z", "0", "+", "/", "=", "_", "-", ".", " ", "é", "\n", ":"];
  const sets = [B64, charSet("A-Za-z0-9", "+/-_"), TOKEN_CHARS, charSet("a-f0-9")];
  it("agrees with a character loop on random texts, for every subset and length", () => {
    for (let t = 0; t < 400; t++) {
      let text = "";
      const len = Math.floor(rnd() * 300);
      // long stretches of one kind of piece, so runs around the minimum lengths occur
      while (text.length < len) {
        const p = pieces[Math.floor(rnd() * pieces.length)]!;
        const repeat = rnd() < 0.3 ? 1 : Math.floor(rnd() * 40);
        for (let r = 0; r < repeat; r++) text += rnd() < 0.8 ? pieces[Math.floor(rnd() * 8)]! : p;
      }
      for (const set of sets)
        for (const minRun of [24, 25, 30, 40]) expect(runs(text, minRun, set), JSON.stringify(text)).toEqual(reference(text, minRun, set));
    }
  });
  it("reads a text inside a visit of another without losing its place", () => {
    const outer = `${"A".repeat(30)} ${"B".repeat(30)}`;
    const inner = `${"c".repeat(26)} x`;
    const seen: string[] = [];
    forEachRun(outer, 24, B64, (i, j) => {
      seen.push(outer.slice(i, j));
      forEachRun(inner, 24, B64, (a, b) => void seen.push(inner.slice(a, b)));
    });
    expect(seen).toEqual(["A".repeat(30), "c".repeat(26), "B".repeat(30), "c".repeat(26)]);
  });
});
