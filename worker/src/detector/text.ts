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

const sameSpan = (start: number, end: number): [number, number] => [start, end];
const identity = (text: string): ScanText => ({ text, toOriginal: sameSpan });

/** Per code unit, lazily: 1 when it is a combining mark, 2 when not. */
const markOf = new Uint8Array(0x10000);
function isMark(text: string, j: number): boolean {
  const c = text.charCodeAt(j);
  if (c < 0x300) return false;
  if (c >= 0xd800 && c <= 0xdbff) return MARK.test(String.fromCodePoint(text.codePointAt(j)!));
  if (markOf[c] === 0) markOf[c] = MARK.test(String.fromCharCode(c)) ? 1 : 2;
  return markOf[c] === 1;
}

/** NFKC of one character with its combining marks, invisible characters dropped; most texts repeat few distinct ones. */
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
 * The normalised text under construction, as code units, and for each the original span it came
 * from. Typed arrays, not strings: a long text that changes in many places costs no allocation per character.
 */
class Mapped {
  length = 0;
  units: Uint16Array;
  from: Int32Array;
  to: Int32Array;
  constructor(capacity: number) {
    this.units = new Uint16Array(capacity);
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
  }
  #room(n: number) {
    if (this.length + n <= this.from.length) return;
    const size = Math.max(2 * this.from.length, this.length + n);
    const grow = <T extends Uint16Array | Int32Array>(a: T, b: T) => {
      b.set(a);
      return b;
    };
    this.units = grow(this.units, new Uint16Array(size));
    this.from = grow(this.from, new Int32Array(size));
    this.to = grow(this.to, new Int32Array(size));
  }
  /** `s` came from original [start, end) as a whole. */
  emit(s: string, start: number, end: number) {
    this.#room(s.length);
    for (let k = 0; k < s.length; k++, this.length++) {
      this.units[this.length] = s.charCodeAt(k);
      this.from[this.length] = start;
      this.to[this.length] = end;
    }
  }
  /** Original text [start, end), unchanged. */
  same(text: string, start: number, end: number) {
    this.#room(end - start);
    for (let k = start; k < end; k++, this.length++) {
      this.units[this.length] = text.charCodeAt(k);
      this.from[this.length] = k;
      this.to[this.length] = k + 1;
    }
  }
  text(): string {
    const parts: string[] = [];
    for (let k = 0; k < this.length; k += 8192)
      parts.push(String.fromCharCode.apply(null, this.units.subarray(k, Math.min(this.length, k + 8192)) as unknown as number[]));
    return parts.join("");
  }
}

/** Per code unit, lazily: 1 when the character alone is its own normal form and visible, 2 when not. */
const stableOf = new Uint8Array(0x10000);
function isStable(c: number): boolean {
  if (c < 0x80) return true;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  if (stableOf[c] === 0) {
    const ch = String.fromCharCode(c);
    stableOf[c] = !ZERO_WIDTH(c) && !INVISIBLE.test(ch) && ch.normalize("NFKC") === ch ? 1 : 2;
  }
  return stableOf[c] === 1;
}

/** ECMA-48 CSI (ESC [ parameters intermediates final) and OSC (ESC ] … BEL or ESC \\). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC, BEL and ST are what terminal escapes are made of
const CSI = /\x1b\[[0-?]{0,32}[ -/]{0,4}[@-~]/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC, BEL and ST are what terminal escapes are made of
const OSC = /\x1b\][^\x07\x1b]{0,2048}(?:\x07|\x1b\\)/y;
/** End of the escape sequence that starts at `i` (an ESC), or `i` when none does. */
function escapeEnd(text: string, i: number): number {
  for (const re of [CSI, OSC]) {
    re.lastIndex = i;
    if (re.test(text)) return re.lastIndex;
  }
  return i;
}

/**
 * One pass: runs of characters that are their own normal form are copied whole; any other character,
 * with the combining marks that follow it, is normalised on its own.
 */
function normalise(text: string, out: Mapped) {
  const len = text.length;
  let run = 0;
  let i = 0;
  while (i < len) {
    const c = text.charCodeAt(i);
    if (c === 0x1b) {
      // a terminal escape sequence (colours, cursor moves, an OSC hyperlink) renders as nothing:
      // pasted terminal output reads as the text it shows
      const j = escapeEnd(text, i);
      if (j > i) {
        if (run < i) out.same(text, run, i);
        run = i = j;
        continue;
      }
    }
    if (isStable(c) && !(i + 1 < len && isMark(text, i + 1))) {
      i++;
      continue;
    }
    if (run < i) out.same(text, run, i);
    if (ZERO_WIDTH(c)) {
      let j = i;
      while (j < len && ZERO_WIDTH(text.charCodeAt(j))) j++;
      if (j - i >= HIDDEN_RUN) out.same(text, i, j);
      run = i = j;
      continue;
    }
    const cp = text.codePointAt(i)!;
    let j = i + (cp > 0xffff ? 2 : 1);
    if (cp >= 0xe0020 && cp <= 0xe007e) out.emit(String.fromCharCode(cp - 0xe0000), i, j);
    else {
      while (j < len && isMark(text, j)) j += text.codePointAt(j)! > 0xffff ? 2 : 1;
      out.emit(nfkc(text.slice(i, j)), i, j);
    }
    run = i = j;
  }
  if (run < len) out.same(text, run, len);
}

/**
 * The text as the rules read it: NFKC (full-width and other compatibility forms become the plain
 * letters a model reads the same way: "ｉｇｎｏｒｅ" → "ignore", "ﬁ" → "fi") with invisible characters
 * removed ("ig\u200bnore" → "ignore"), Unicode tag characters read as the ASCII they encode (they
 * carry hidden text that some models read), and runs of three or more zero-width characters kept for
 * the hidden-text rule; terminal escape sequences (ANSI colours around a value in pasted output) dropped.
 * Normalised per character and its combining marks, so every character of the
 * result maps back to the characters it came from and findings keep offsets into the original.
 * ASCII text (most logs) is returned as it is without further work.
 */
export function scanText(text: string): ScanText {
  if (!NON_ASCII.test(text)) return identity(text);
  if (!INVISIBLE.test(text) && !text.includes("\x1b") && text.normalize("NFKC") === text) return identity(text);
  const out = new Mapped(text.length + 16);
  normalise(text, out);
  const { from, to, length } = out;
  return {
    text: out.text(),
    toOriginal: (start, end) => {
      const s = start < length ? from[start]! : text.length;
      return [s, end > start ? to[end - 1]! : s];
    },
  };
}
