import { describe, expect, it } from "vitest";
import { lineClass, sentenceLike, STRONG_DATA_LINE } from "./data-lines";

describe("sentenceLike: the character loop reads lines as the token regexes did", () => {
  // the former definition: split on \s, a word regex and a symbol regex per token
  const reference = (line: string) => {
    let words = 0;
    let symbols = 0;
    for (const tok of line.split(/\s+/)) {
      if (!tok) continue;
      if (/^["'(]?[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*[.,;:!?)"']{0,2}$/.test(tok)) words++;
      else if (/[^a-z0-9\u00c0-\uffff.,'"!?-]/.test(tok)) symbols++;
    }
    return words >= 8 && symbols <= words / 8;
  };

  it("agrees on hand-picked lines", () => {
    for (const line of [
      "label = every word of this line reads like an ordinary english sentence",
      'prompt = "write a detailed guide on how to bake bread at home"',
      "    const total = items.reduce((sum, item) => sum + item.price, 0);",
      "(one) 'two' three, four. five! six? seven) eight'' nine.'",
      "\u3000word\u00a0word\u2003word\ufeffword word word word word",
      "café naïve résumé über straße día niño façade",
      "a b c d e f g h = { x: 1 }",
    ])
      expect(sentenceLike(line), line).toBe(reference(line));
  });

  it("agrees on random lines over the characters that matter", () => {
    const pieces = [..."az09.,;:!?)\"'(-_=+{}<>/#@"].concat(["\u00e9", "\ud83d", "ee", "e'e", "e-e"]);
    const spaces = [" ", "  ", "\t", "\u00a0", "\u3000", "\u2028", "\ufeff", "\u200b"];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    let sentences = 0;
    for (let k = 0; k < 5000; k++) {
      const tokens: string[] = [];
      for (let t = 6 + Math.floor(rnd() * 10); t > 0; t--) {
        // mostly word-like tokens with a lead or tail now and then, some with a symbol inside
        let tok = "word";
        for (let i = Math.floor(rnd() * 3); i > 0; i--) tok = rnd() < 0.5 ? pick(pieces) + tok : tok + pick(pieces);
        tokens.push(tok);
      }
      const line = tokens.map((t) => t + pick(spaces)).join("");
      const want = reference(line);
      if (want) sentences++;
      expect(sentenceLike(line), JSON.stringify(line)).toBe(want);
    }
    expect(sentences).toBeGreaterThan(100);
  });
});

describe("lineClass: the first-word check skips only lines the data regex cannot match", () => {
  // the former definition: the regex on every line that does not open a block
  const opens = (line: string) => /[;{([][ \t\r]*$/.test(line);
  const reference = (line: string) => {
    if (opens(line) || STRONG_DATA_LINE.test(line)) return sentenceLike(line) || SENTENCE_FIRST.test(line) ? 1 : 3;
    return /^\s*(?:\/\/|\/\*|\*|#|--|<!--|;;)/.test(line) ? 2 : 1;
  };
  const SENTENCE_FIRST = /^\s*(?:[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*,?\s+){3,}[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*[.?!]\s+\S/;
  const classOf = (line: string) => lineClass(line, line.search(/\S/));

  // a line of each kind, and lines at the edges of the first-word check
  const handPicked = [
    "traceback (most recent call last):",
    "  at object.<anonymous> (/app/index.js:3:9)",
    "the above exception was the direct cause: see below",
    "the team agreed to move the launch to next tuesday.",
    "keyerror: 'config'",
    "valueerror",
    "export api_url=https://example.com",
    "count += 1",
    "name: my-package",
    "  version: 1.2.3",
    "requests==2.31.0",
    "numpy >= 1.24",
    "golang.org/x/text v0.3.7 h1:olpwvp2kmpl2q5dyth5a0pdjqzsz3nsxkvpbnnaa2kw=",
    "a,b,c,d",
    "a,b,c",
    "return out",
    "for i in range(len(xs) - k + 1):",
    "main()",
    "in 1998 the company opened its first office in lisbon.",
    'resolved "https://registry.npmjs.org/x/-/x-1.0.0.tgz"',
    "set foo = bar",
    "if (!res.ok) throw new error(`http ${res.status}`);",
    "_private_key: abc",
    "some_key.sub: value",
    "the=h1:;)import",
    "the: value",
    "path/to/file@1.0: x",
    "// a comment line",
    "photosynthesis converts light energy into chemical energy",
  ];
  it("agrees on hand-picked lines of each kind", () => {
    for (const line of handPicked) expect(classOf(line), line).toBe(reference(line));
  });

  it("agrees on random lines over the characters the patterns read", () => {
    const words = ["the", "at", "file", "name", "version", "import", "for", "if", "keyerror", "a_b", "x.y", "h1:", "v1.2", "1.2.3"];
    const pieces = [..."az09_.$[]\"'-/@:=+<>~,(){};# \t"].concat(["above exception was the direct cause", "error", "\u00e9"]);
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    let data = 0;
    for (let k = 0; k < 20000; k++) {
      let line = (rnd() < 0.3 ? "  " : "") + (rnd() < 0.5 ? pick(words) : pick(pieces));
      for (let t = Math.floor(rnd() * 8); t > 0; t--) line += rnd() < 0.3 ? pick(words) : pick(pieces);
      if (!/\S/.test(line)) continue;
      const want = reference(line);
      if (want === 3) data++;
      expect(classOf(line), JSON.stringify(line)).toBe(want);
    }
    expect(data).toBeGreaterThan(1000);
  });
});
