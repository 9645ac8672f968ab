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
 * call per character that cost more than the probing.)
 */
export function forEachRun(text: string, minRun: number, inRun: Uint8Array, visit: (start: number, end: number) => unknown): void {
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
