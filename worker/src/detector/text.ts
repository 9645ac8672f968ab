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

/**
 * Every character of a text is scanned (redaction relies on it: an unscanned byte would be stored in
 * clear). Texts longer than SCAN_CHUNK_CHARS + SCAN_OVERLAP_CHARS are scanned in chunks of
 * SCAN_CHUNK_CHARS, each read on with SCAN_OVERLAP_CHARS of the next one, so a match that starts in a
 * chunk is seen whole as long as it is shorter than the overlap (every bounded rule pattern is far
 * shorter); a longer one that reaches the end of what was read is read again on a longer window.
 * Chunks bound the cost a backtracking pattern can run up on one long text.
 */
export const SCAN_CHUNK_CHARS = 64 * 1024;
export const SCAN_OVERLAP_CHARS = 4 * 1024;
/** Characters before a chunk that are read with it, so look-behinds and `\b` see what precedes it. */
export const SCAN_LEAD_CHARS = 256;

/** The text the rules read, and how to find a span of it in the original. */
export interface ScanText {
  text: string;
  /** Span of the original text that `[start, end)` of `text` came from. */
  toOriginal(start: number, end: number): [number, number];
}

/** Anything but printable ASCII, tab and line breaks: text without it is its own normal form. */
const NON_ASCII = /[^\t\n\r -~]/;
/** Characters that render as nothing (zero-width, joiners, bidi controls, variation selectors, tags, soft hyphen). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const INVISIBLE_ALL = /\p{Default_Ignorable_Code_Point}/gu;
const MARK = /\p{M}/u;
/** Zero-width characters whose runs of three or more the hidden-text rule flags: such runs are kept. */
const ZERO_WIDTH = (c: number) => c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff;
const HIDDEN_RUN = 3;

const identity = (text: string): ScanText => ({ text, toOriginal: (start, end) => [start, end] });

/** NFKC of one character with its combining marks; most texts repeat few distinct ones. */
const nfkcCache = new Map<string, string>();
function nfkc(cluster: string): string {
  let out = nfkcCache.get(cluster);
  if (out === undefined) {
    out = cluster.normalize("NFKC");
    if (INVISIBLE.test(out)) out = out.replace(INVISIBLE_ALL, "");
    if (nfkcCache.size > 4096) nfkcCache.clear();
    nfkcCache.set(cluster, out);
  }
  return out;
}

/**
 * The text as the rules read it: NFKC (full-width and other compatibility forms become the plain
 * letters a model reads the same way: "ｉｇｎｏｒｅ" → "ignore", "ﬁ" → "fi") with invisible characters
 * removed ("ig\u200bnore" → "ignore"), Unicode tag characters read as the ASCII they encode (they
 * carry hidden text that some models read), and runs of three or more zero-width characters kept for
 * the hidden-text rule. Normalised per character and its combining marks, so every character of the
 * result maps back to the characters it came from and findings keep offsets into the original.
 * ASCII text (most logs) is returned as it is without further work.
 */
export function scanText(text: string): ScanText {
  if (!NON_ASCII.test(text)) return identity(text);
  if (!INVISIBLE.test(text) && text.normalize("NFKC") === text) return identity(text);
  const parts: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const emit = (s: string, start: number, end: number) => {
    parts.push(s);
    for (let k = 0; k < s.length; k++) {
      from.push(start);
      to.push(end);
    }
  };
  const len = text.length;
  let i = 0;
  while (i < len) {
    const c = text.charCodeAt(i);
    // ASCII not followed by a combining mark is its own normal form
    if (c < 0x80 && !(i + 1 < len && text.charCodeAt(i + 1) >= 0x300)) {
      emit(text[i]!, i, i + 1);
      i++;
      continue;
    }
    if (ZERO_WIDTH(c)) {
      let j = i;
      while (j < len && ZERO_WIDTH(text.charCodeAt(j))) j++;
      if (j - i >= HIDDEN_RUN) for (let k = i; k < j; k++) emit(text[k]!, k, k + 1);
      i = j;
      continue;
    }
    const cp = text.codePointAt(i)!;
    let j = i + (cp > 0xffff ? 2 : 1);
    if (cp >= 0xe0020 && cp <= 0xe007e) {
      emit(String.fromCharCode(cp - 0xe0000), i, j);
      i = j;
      continue;
    }
    while (j < len) {
      const next = text.codePointAt(j)!;
      if (next < 0x300 || !MARK.test(String.fromCodePoint(next))) break;
      j += next > 0xffff ? 2 : 1;
    }
    emit(nfkc(text.slice(i, j)), i, j);
    i = j;
  }
  return {
    text: parts.join(""),
    toOriginal: (start, end) => {
      const s = start < from.length ? from[start]! : len;
      return [s, end > start ? to[end - 1]! : s];
    },
  };
}
