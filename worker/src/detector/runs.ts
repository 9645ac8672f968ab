// Runs of token characters (base64, hex) found without a regex: a regex tried at every position of
// a long text cost more than the rest of the detector.

/**
 * A set of ASCII characters: `ranges` as "A-Za-z0-9" (each three characters "X-Y"), then `singles`
 * one by one: `charSet("A-Za-z0-9", "+/")`.
 */
export function charSet(ranges: string, singles = ""): Uint8Array {
  const set = new Uint8Array(128);
  for (let r = 0; r + 2 < ranges.length; r += 3) for (let c = ranges.charCodeAt(r); c <= ranges.charCodeAt(r + 2); c++) set[c] = 1;
  for (let i = 0; i < singles.length; i++) set[singles.charCodeAt(i)] = 1;
  return set;
}

/**
 * Calls `visit(start, end)` for each maximal run of `minRun` or more characters of `inRun` (an
 * ASCII set from charSet), left to right, until `visit` returns false. A run of `minRun` or more
 * covers a multiple of `minRun`, so only those positions are probed, then widened to the run.
 * (A table, not a predicate: the callers' different predicates made the call site polymorphic, a
 * call per character that cost more than the probing.) The detector's readers (credentials,
 * encoded text) ask for runs of subsets of TOKEN_CHARS in the same text: those are read off the
 * text's TOKEN_CHARS runs (tokenRuns), found once, which hold every such run.
 */
export function forEachRun(text: string, minRun: number, inRun: Uint8Array, visit: (start: number, end: number) => unknown): void {
  if (minRun >= TOKEN_MIN && withinTokenChars(inRun)) {
    const runs = tokenRuns(text);
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r]!;
      const b = runs[r + 1]!;
      if (b - a < minRun) continue;
      // the maximal runs of `inRun` inside [a, b): split at the characters outside it
      for (let i = a; i < b; ) {
        if (!has(inRun, text.charCodeAt(i))) {
          i++;
          continue;
        }
        let j = i + 1;
        while (j < b && has(inRun, text.charCodeAt(j))) j++;
        if (j - i >= minRun && visit(i, j) === false) return;
        i = j;
      }
    }
    return;
  }
  probeRuns(text, minRun, inRun, visit);
}

function probeRuns(text: string, minRun: number, inRun: Uint8Array, visit: (start: number, end: number) => unknown): void {
  const n = text.length;
  let done = 0;
  for (let p = minRun - 1; p < n; p += minRun) {
    if (p < done || !has(inRun, text.charCodeAt(p))) continue;
    let i = p;
    while (i > done && has(inRun, text.charCodeAt(i - 1))) i--;
    let j = p + 1;
    while (j < n && has(inRun, text.charCodeAt(j))) j++;
    done = j;
    if (j - i >= minRun && visit(i, j) === false) return;
  }
}

const has = (set: Uint8Array, c: number) => c < 128 && set[c] === 1;

/** Token characters: letters, digits and _ - . + / = (base64, hex, ids, vendor tokens). */
export const TOKEN_CHARS = charSet("A-Za-z0-9", "_-.+/=");
/** The shortest run tokenRuns keeps: no reader asks for shorter ones. */
export const TOKEN_MIN = 24;

/** Whether every character of `set` is a token character (sets are few: answered once each). */
const subsetOfToken = new WeakMap<Uint8Array, boolean>();
function withinTokenChars(set: Uint8Array): boolean {
  let within = subsetOfToken.get(set);
  if (within === undefined) {
    within = set.every((v, c) => v === 0 || TOKEN_CHARS[c] === 1);
    subsetOfToken.set(set, within);
  }
  return within;
}

/** The text last read by tokenRuns and its runs: a text is read by several readers in a row. */
let lastText: string | null = null;
let lastRuns: readonly number[] = [];

/**
 * [start, end) pairs, ascending, of the maximal runs of TOKEN_CHARS of TOKEN_MIN or more in
 * `text`, found by probing (forEachRun). The same text asked again costs nothing: the answer
 * depends on the text's characters only, so an equal string gets the same pairs.
 */
export function tokenRuns(text: string): readonly number[] {
  if (text !== lastText) {
    // a new array each time: a reader may still be walking the previous one (decoded text read
    // inside a run's visit asks for its own runs)
    const runs: number[] = [];
    probeRuns(text, TOKEN_MIN, TOKEN_CHARS, (i, j) => {
      runs.push(i, j);
    });
    lastText = text;
    lastRuns = runs;
  }
  return lastRuns;
}
