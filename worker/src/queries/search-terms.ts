// A search's text → what the trigram index is asked, and the check of its candidates on the stored
// log (docs/data.md#index-size). Pure functions: the worker's queries (search.ts, logs.ts) and the
// index benchmark (scripts/bench/search-index.mjs) use the same ones.
//
// prompt_logs_trigrams keeps no positions (FTS5 detail=none), and FTS5 then refuses phrase queries.
// So a term of four or more characters is asked as its trigrams ANDed, which finds every log holding
// the term and some that hold its trigrams apart (or across prompt and response); each candidate is
// then checked on the stored log. A term of three characters is one trigram: the index is exact.
//
// The check folds as the tokenizer does (trigram remove_diacritics 1: case, and diacritics of Latin
// letters only): the term here, the text in SQL, where lower() folds ASCII only. So the text is
// compared lower()ed first, and only when that fails and the text has non-ASCII characters
// (octet_length > length), once more with its accented Latin letters folded: "cafe" finds "Café". A term that keeps a cased non-ASCII letter after folding
// (Greek, Cyrillic, ø) cannot be checked that way (SQL cannot fold the text's capitals): its
// trigrams alone answer it, a superset.
import { SEARCH_TRIGRAM_MIN_CHARS } from "@promptsentry/schema/constants/search";

/** At most this many search terms are used; the rest of a pasted paragraph adds nothing. */
const MAX_SEARCH_TERMS = 16;
const chars = (s: string) => [...s].length;

/**
 * Free text → search terms: split on white space (and NUL), punctuation trimmed from each end (so `"hello"`,
 * `(goodbye)*` are hello and goodbye) but kept inside (`ORD-2024-55`, `a:b` stay whole).
 */
export function searchTerms(text: string): string[] {
  return text
    .split(/[\s\0]+/u) // NUL too: FTS5 reads it as the end of the query ("unterminated string")
    .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean)
    .slice(0, MAX_SEARCH_TERMS);
}

/** The terms the trigram index can answer (3+ characters); shorter ones are matched by substring scan. */
export const indexedTerms = (terms: readonly string[]) => terms.filter((t) => chars(t) >= SEARCH_TRIGRAM_MIN_CHARS);

const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * Accented Latin letters (U+00C0–U+024F, U+1E00–U+1EFF) → the ASCII letter the tokenizer folds them
 * to. Ǡ and ǡ carry two diacritics, which remove_diacritics 1 leaves; the long s it folds to s.
 * search-terms.test.ts checks every entry against SQLite's tokenizer.
 */
export const LATIN_FOLDS: ReadonlyMap<string, string> = (() => {
  const folds = new Map<string, string>([
    ["ſ", "s"],
    ["ẛ", "s"],
  ]);
  for (const [from, to] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ])
    for (let c = from; c <= to; c++) {
      const ch = String.fromCodePoint(c);
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      if (c !== 0x1e0 && c !== 0x1e1 && /^[a-z]$/.test(base)) folds.set(ch, base);
    }
  return folds;
})();

/** A term folded as the trigram tokenizer folds it: lower case, accented Latin letters to their base letter. */
export const foldTerm = (term: string) => [...term].map((ch) => LATIN_FOLDS.get(ch) ?? ch.toLowerCase()).join("");

/** The distinct trigrams of a term, in order. */
export function trigramsOf(term: string): string[] {
  const cs = [...term];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= cs.length; i++) out.add(cs.slice(i, i + 3).join(""));
  return [...out];
}

/** Whether SQL can fold a text as the index would for this folded term: only ASCII and caseless characters (CJK) in it. */
const checkable = (folded: string) =>
  [...folded].every((ch) => ch.charCodeAt(0) <= 0x7f || (ch.toUpperCase() === ch && ch.toLowerCase() === ch && !/\p{M}/u.test(ch)));

/** An SQL string literal: only `'` ends one, doubled here (searchTerms splits on NUL). */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Whether a column's text, lower()ed with its accented letters folded, holds `needle`; null when no
 * letter of the needle has an accented form (the plain comparison is then the whole check). Only the
 * letters that fold to one of the needle's are folded: a match lies on those, and every fold is one
 * character to one. The folds are one string literal of (accented, base) pairs applied by a
 * recursive CTE, one replace() a step: written out as nested replace() calls they made a statement
 * of 20 KB per term that SQLite took longer to prepare than to run, nested past D1's limit on
 * expression depth (100), and would pass D1's limit on a statement's length (100 KB) at 16 terms.
 */
function foldedCheck(column: string, needle: string, table: ReadonlyMap<string, string> = LATIN_FOLDS): string | null {
  const folds = [...table].filter(([, to]) => needle.includes(to));
  if (!folds.length) return null;
  const pair = (k: number) => `substr((SELECT s FROM pairs), 2 * i + ${k}, 1)`;
  return `(WITH RECURSIVE pairs(s) AS (SELECT ${literal(folds.map(([from, to]) => from + to).join(""))}),
    folded(i, x) AS (SELECT 0, lower(${column}) UNION ALL SELECT i + 1, replace(x, ${pair(1)}, ${pair(2)}) FROM folded WHERE i < ${folds.length})
    SELECT instr(x, ${literal(needle)}) > 0 FROM folded WHERE i = ${folds.length})`;
}

/** D1 refuses a LIKE pattern over 50 bytes. */
const LIKE_PATTERN_BYTES = 50;

/**
 * Whether a column's text holds `needle` with ASCII letters in either case. LIKE does that without
 * lower()'s copy of the text (2.4× faster over 10,001 logs of 50–4,000 characters); a needle too
 * long for a LIKE pattern is compared on the lower()ed text.
 */
function plainCheck(column: string, needle: string): string {
  const pattern = `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  if (new TextEncoder().encode(pattern).length > LIKE_PATTERN_BYTES) return `instr(lower(${column}), ${literal(needle)}) > 0`;
  return `${column} LIKE ${literal(pattern)} ESCAPE '\\'`;
}

/**
 * Whether the texts of `columns` hold the folded `needle` (a checkable one): every column's plain
 * comparison first, the folded one only when all of them fail. The texts are joined by a newline,
 * which no term holds (searchTerms splits on white space): a term is in the joined text exactly when
 * it is in one of them, so each term needs one folded check. Empty without columns.
 */
function checkedTerm(columns: readonly string[], needle: string): string {
  const joined = columns.join(" || char(10) || ");
  const nonAscii = columns.map((c) => `octet_length(${c}) > length(${c})`).join(" OR ");
  const folded = columns.length ? foldedCheck(joined, needle) : null;
  return [...columns.map((c) => plainCheck(c, needle)), ...(folded ? [`((${nonAscii}) AND ${folded})`] : [])].join(" OR ");
}

/**
 * The FTS5 MATCH expression of an index without positions for terms of three or more characters
 * (every term must match; null when there are none) and the SQL condition that checks each
 * candidate on the log's `columns` (null when nothing needs checking).
 */
export function trigramSearch(terms: readonly string[], columns: readonly string[]): { match: string | null; verify: string | null } {
  const indexed = indexedTerms(terms);
  const match = indexed.flatMap(trigramsOf).map(quoted).join(" ");
  const checks = indexed
    .filter((t) => chars(t) > 3)
    .map(foldTerm)
    .filter(checkable)
    .map((needle) => checkedTerm(columns, needle))
    .filter(Boolean) // no columns: nothing to check on
    .map((c) => `(${c})`);
  return { match: match || null, verify: checks.length ? checks.join(" AND ") : null };
}

let caseFolds: Map<string, string> | null = null;
/**
 * Every character of the Basic Multilingual Plane that folds (foldTerm) to one other character: the
 * accented Latin letters and the capitals of every cased script. Built on first use (about 65,000
 * characters), by the check of a term that SQL's lower() cannot fold (Greek, Cyrillic, ø).
 */
function allFolds(): ReadonlyMap<string, string> {
  if (caseFolds) return caseFolds;
  caseFolds = new Map();
  for (let c = 0x80; c <= 0xffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCodePoint(c);
    const to = foldTerm(ch);
    if (to !== ch && chars(to) === 1) caseFolds.set(ch, to);
  }
  return caseFolds;
}

/**
 * The SQL condition that a log's `columns` hold every term of 3+ characters as the trigram index
 * folds them: what the index and its check answer together, for a log the index has not read yet
 * (one still in search_queue, docs/data.md#search). A term the index's check leaves to its trigrams
 * (a cased non-ASCII letter) is compared here with the text's capitals of its letters folded, the
 * only way SQL can fold them; a three-character term, which the index answers exactly, is compared
 * as a substring like the others. Null when no term has 3+ characters.
 */
export function substringSearch(terms: readonly string[], columns: readonly string[]): string | null {
  const joined = columns.join(" || char(10) || ");
  const checks = indexedTerms(terms)
    .map(foldTerm)
    .map((needle) =>
      checkable(needle)
        ? checkedTerm(columns, needle)
        : (foldedCheck(joined, needle, allFolds()) ?? `instr(lower(${joined}), ${literal(needle)}) > 0`),
    )
    .map((c) => `(${c})`);
  return checks.length ? checks.join(" AND ") : null;
}
