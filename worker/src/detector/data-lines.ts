// What one line of a text is: structure (code, a stack trace, a manifest, a log, a table), a
// comment, or a sentence. data-regions.ts joins the data lines into the regions it blanks. This
// runs on every line of every prompt, so the cheap checks come first: a character test, the
// line's first word, and the regex of every data pattern only for a line that may still match it.
import { charSet } from "./runs";

/** Lines that are structure, not sentences: a run of them (or a fenced block) is a data region. */
export const STRONG_DATA_LINE = new RegExp(
  [
    // stack traces (Python, JS/Java, Rust, Go) and exception lines
    String.raw`^\s*(?:traceback \(most recent call last\)|file "[^"]*", line \d+|at [\w$.<>\[\]/\\-]+ ?\(|at [^\s]+:\d+(?::\d+)?\)?\s*$|during handling of the above exception|the above exception was the direct cause|thread '[^']*' panicked|goroutine \d+ \[)`,
    String.raw`^\s*(?:[\w.]+\.)?[a-z]\w*(?:error|exception|warning|exit|interrupt)(?::|\s*$)`,
    // assignments: .env / INI / TOML / code (key without spaces, then = or :=)
    String.raw`^\s*(?:export\s+|const\s+|let\s+|var\s+|set\s+)?[\w.$\[\]"'-]+\s*(?::=|=(?!=)|\+=)\s*\S`,
    // JSON keys, YAML keys and list items, INI sections
    String.raw`^\s*"[^"\n]{1,80}"\s*:`,
    String.raw`^\s*"(?:[^"\\]|\\.)*",?\s*$`,
    String.raw`^\s*-?\s*[\w.\/@-]+:\s*\S{0,80}$`,
    String.raw`^\s*-\s+[\w.-]+:\s`,
    String.raw`^\s*[\w-]*[_.][\w.-]*:\s`,
    String.raw`^\s*\[[\w .:"'-]+\]\s*$`,
    // a JSON document on one line (minified: package metadata, API payloads); "[[ words ]]" is a
    // bracketed sentence, not an array of arrays
    String.raw`^\s*(?:\{\s*"|\[\s*(?:\[\s*)*[{"\d-]).*[}\]],?\s*$`,
    // tables and CSV (no spaces: data, not a prose list)
    String.raw`^\s*\|.*\|\s*$`,
    String.raw`^[^\s,]*(?:,[^\s,]*){3,}$`,
    // logs
    String.raw`^\s*(?:\[?(?:\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2})|\[(?:info|debug|warn|warning|error|trace|fatal|notice)\])`,
    // lock files (yarn/npm), go.sum, pip requirements, shell prompts
    String.raw`^\s*(?:resolved|integrity|version|checksum|source|dependencies|name|hash)\s+["']?\S+["']?\s*$`,
    String.raw`^\s*[\w./@-]+\s+v?\d+(?:\.\d+)+\S*\s+h1:`,
    String.raw`^\s*[\w.-]+\s*(?:==|>=|<=|~=)\s*[\d.]+`,
    String.raw`^\s*(?:\$|>>>|\.\.\.|>)\s`,
    // code: keywords that open a line, closing brackets, lines ending in ; { ( [
    String.raw`^\s*(?:import\s+[\w{*]|from\s+[\w.]+\s+import\b|def\s+\w+\s*\(|class\s+\w+\s*[(:{]|return\b|function\b|async\s+|await\s+|#include\b|#!\/|package\s+[\w.]+;?$|using\s+[\w.]+;|public\s|private\s|protected\s|static\s|fn\s+\w+|impl\b|struct\s+\w+|enum\s+\w+|interface\s+\w+|type\s+\w+\s*=|if\s*\(|for\s*\(|while\s*\(|switch\s*\(|elif\b|else\s*[:{]|try\s*[:{]|except\b|catch\s*\(|finally\s*[:{]|raise\s+\w|throw\s+new\b|yield\b|@\w+)`,
    String.raw`^\s*[}\])][\s;,)}\]]*$`,
  ].join("|"),
);

/** A line ending in ; { ( [ (checked by character: an unanchored `$` pattern costs a scan per position). */
function opensBlock(line: string): boolean {
  let i = line.length - 1;
  while (i >= 0 && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9 || line.charCodeAt(i) === 13)) i--;
  const c = line.charCodeAt(i);
  return c === 59 || c === 123 || c === 40 || c === 91;
}

/**
 * A line that opens with a sentence (four words or more, then . ? or ! and more text) is text,
 * whatever it ends in: code does not start with a sentence, and an optimised suffix glued to a
 * request often ends in ( [ { or ; — blanking that line would hide the request and its suffix.
 */
const SENTENCE_FIRST = /^\s*(?:[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*,?\s+){3,}[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*[.?!]\s+\S/;

/** Comment lines: data when inside a region of code, plain text otherwise. */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|#|--|<!--|;;)/;
/** First characters of COMMENT_LINE's openings: / * # - < ; */
const COMMENT_START: ReadonlySet<number> = new Set([47, 42, 35, 45, 60, 59]);

// Character classes by code unit, one table lookup per character in the loops below.
const SPACE = 1; // `\s` of a JavaScript regex
const LETTER = 2; // a word's letter: a-z or anything from U+00C0 on (the text is lower-cased)
const INNER = 4; // inside a word: a letter, ' or -
const TAIL = 8; // a word's trailing punctuation: . , ; : ! ? ) " '
const PLAIN = 16; // no code symbol: a-z 0-9, U+00C0 on, . , ' " ! ? -
const CLASS = (() => {
  const t = new Uint8Array(65536);
  for (let c = 0xc0; c < 65536; c++) t[c] = LETTER | INNER | PLAIN;
  for (let c = 97; c <= 122; c++) t[c] = LETTER | INNER | PLAIN;
  for (let c = 48; c <= 57; c++) t[c] = PLAIN;
  for (const ch of ".,;:!?)\"'") t[ch.charCodeAt(0)]! |= TAIL;
  for (const ch of ".,'\"!?-") t[ch.charCodeAt(0)]! |= PLAIN;
  t[39]! |= INNER;
  t[45]! |= INNER;
  for (const c of [9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]) t[c] = SPACE;
  for (let c = 0x2000; c <= 0x200a; c++) t[c] = SPACE;
  return t;
})();

/**
 * A line that matched a data pattern but reads as a sentence ("name = this parameter holds the
 * name of the command…", `prompt = "write a detailed guide on …"`): eight or more words and
 * almost no code symbols. Such a line stays text. A word is `["'(]?` a letter, then letters, `'`
 * and `-`, then at most two of `.,;:!?)"'` (the regex
 * `^["'(]?[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*[.,;:!?)"']{0,2}$` of each white-space-separated
 * token); a symbol is any other token holding a character outside PLAIN. One pass over the
 * characters, each read once, that stops as soon as the rest of the line cannot make it a sentence
 * (this runs on every code line: splitting and a regex per token cost more than the rest of the view).
 */
export function sentenceLike(line: string): boolean {
  const n = line.length;
  if (n < 15) return false; // eight words need 15 characters
  let words = 0;
  let symbols = 0;
  let i = 0;
  while (i < n) {
    if ((CLASS[line.charCodeAt(i)]! & SPACE) !== 0) {
      i++;
      continue;
    }
    // a token: an opening quote or bracket, a letter, letters ' and -, at most two TAIL
    // characters, then white space or the end is a word
    const start = i;
    const c0 = line.charCodeAt(i);
    if (c0 === 34 || c0 === 39 || c0 === 40) i++;
    let word = false;
    if (i < n && (CLASS[line.charCodeAt(i)]! & LETTER) !== 0) {
      i++;
      while (i < n && (CLASS[line.charCodeAt(i)]! & INNER) !== 0) i++;
      const tailEnd = Math.min(n, i + 2);
      while (i < tailEnd && (CLASS[line.charCodeAt(i)]! & TAIL) !== 0) i++;
      word = i === n || (CLASS[line.charCodeAt(i)]! & SPACE) !== 0;
    }
    if (word) words++;
    else {
      // not a word: a symbol when one of its characters is outside PLAIN
      let all = PLAIN;
      for (i = start; i < n; i++) {
        const k = CLASS[line.charCodeAt(i)]!;
        if ((k & SPACE) !== 0) break;
        all &= k;
      }
      if (all === 0) symbols++;
    }
    // the tokens still to come are at most half the characters left (each needs a space before
    // it): once even all of them being words cannot make eight, or outweigh the symbols, stop
    const most = words + ((n - i + 1) >> 1);
    if (most < 8 || symbols * 8 > most) return false;
  }
  return words >= 8 && symbols <= words / 8;
}

/**
 * First words that open a STRONG_DATA_LINE pattern: stack-trace lines, code keywords, lock-file
 * fields, the declarations before an assignment. ("the" only opens "the above exception was the
 * direct cause".)
 */
const DATA_FIRST_WORDS: ReadonlySet<string> = new Set(
  (
    "traceback file at during the thread goroutine export const let var set resolved integrity version checksum " +
    "source dependencies name hash import from def class return function async await package using public private " +
    "protected static fn impl struct enum interface type if for while switch elif else try except catch finally raise throw yield"
  ).split(" "),
);
/** `\w`, and the characters of a key, a name or a path that the data patterns read before `:` or `=`. */
const WORD_CHAR = charSet("a-z0-9A-Z", "_");
const KEY_CHAR = charSet("a-z0-9A-Z", "_.$[]\"'-/@");
const inSet = (set: Uint8Array, c: number) => c < 128 && set[c] === 1;

/**
 * Whether a line whose first character after the indent (at `f`) is a lower-case letter or `_`
 * may match STRONG_DATA_LINE (false: it cannot). Each pattern that can start with such a
 * character opens with one of DATA_FIRST_WORDS, or reads a run of KEY_CHAR (the whole run: no
 * pattern stops inside it) then `:`, `=`, `+=`, `==`, `>=`, `<=` or `~=` (perhaps after spaces),
 * then spaces and a version and "h1:" (go.sum), or nothing but spaces (an exception's name), or
 * is a row of commas without an indent. A sentence fails them at its first word, and skips the
 * regex (its 19 alternatives are tried one after the other on every line).
 */
function mayBeDataLine(line: string, f: number): boolean {
  const n = line.length;
  let w = f;
  while (w < n && inSet(WORD_CHAR, line.charCodeAt(w))) w++;
  const first = line.slice(f, w);
  if (DATA_FIRST_WORDS.has(first) && (first !== "the" || line.startsWith("the above exception was the direct cause", f))) return true;
  let t = w;
  while (t < n && inSet(KEY_CHAR, line.charCodeAt(t))) t++;
  let d = t;
  while (d < n && (CLASS[line.charCodeAt(d)]! & SPACE) !== 0) d++;
  if (d === n) return true;
  const c = line.charCodeAt(d);
  if (c === 58 || c === 61 || c === 43 || c === 60 || c === 62 || c === 126) return true; // : = + < > ~
  if ((c === 118 || (c >= 48 && c <= 57)) && line.includes("h1:", d)) return true; // v, a digit
  return f === 0 && line.includes(",", t);
}

/** Index of the first character of `text[from, to)` that is not white space (`to` when none is). */
export function firstNonSpace(text: string, from: number, to: number): number {
  let f = from;
  while (f < to && (CLASS[text.charCodeAt(f)]! & SPACE) !== 0) f++;
  return f;
}

/**
 * Class of a line outside a fence that holds more than white space (`f`: its first other
 * character): 1 prose, 2 weak data (a comment: data inside a region of code), 3 data.
 */
export function lineClass(line: string, f: number): number {
  const c = line.charCodeAt(f);
  const letterFirst = (c >= 97 && c <= 122) || c === 95;
  if (opensBlock(line) || ((!letterFirst || mayBeDataLine(line, f)) && STRONG_DATA_LINE.test(line)))
    return sentenceLike(line) || SENTENCE_FIRST.test(line) ? 1 : 3;
  return COMMENT_START.has(c) && COMMENT_LINE.test(line) ? 2 : 1;
}
