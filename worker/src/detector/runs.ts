// Runs of token characters (base64, hex) found without a regex: a regex tried at every position of
// a long text cost more than the rest of the detector.

/**
 * Calls `visit(start, end)` for each maximal run of `minRun` or more characters that `inRun`
 * accepts, left to right, until `visit` returns false. A run of `minRun` or more covers a multiple
 * of `minRun`, so only those positions are probed, then widened to the run.
 */
export function forEachRun(
  text: string,
  minRun: number,
  inRun: (c: number) => boolean,
  visit: (start: number, end: number) => unknown,
): void {
  const n = text.length;
  let done = 0;
  for (let p = minRun - 1; p < n; p += minRun) {
    if (p < done || !inRun(text.charCodeAt(p))) continue;
    let i = p;
    while (i > done && inRun(text.charCodeAt(i - 1))) i--;
    let j = p + 1;
    while (j < n && inRun(text.charCodeAt(j))) j++;
    done = j;
    if (j - i >= minRun && visit(i, j) === false) return;
  }
}
