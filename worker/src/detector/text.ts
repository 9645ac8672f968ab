/**
 * Lower-cases without changing string length, so offsets found in the result are valid in the
 * original. (A few characters such as "İ" lower-case to two code units; those are kept as is.)
 */
export function lowerSameLength(text: string): string {
  const l = text.toLowerCase();
  if (l.length === text.length) return l;
  let out = "";
  for (const ch of text) {
    const lc = ch.toLowerCase();
    out += lc.length === ch.length ? lc : ch;
  }
  return out;
}

/** Scan limit per text: longer texts are scanned on their first SCAN_HEAD_CHARS and last SCAN_TAIL_CHARS. */
export const SCAN_HEAD_CHARS = 96 * 1024;
export const SCAN_TAIL_CHARS = 32 * 1024;
