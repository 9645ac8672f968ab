// A search on a trigram index that keeps no positions (FTS5 detail=none or detail=column), measured
// by `npm run bench:search-index` against the current detail=full index (docs/data.md#index-size).
// Below detail=full FTS5 refuses phrase queries ("phrase queries are not supported"), so a term of
// four or more characters is asked as its trigrams ANDed, which finds every log holding the term and
// some that hold its trigrams apart; each candidate is then checked on the stored log. A term of three
// characters is one trigram, which the index answers exactly.
//
// The check folds as the index does (trigram remove_diacritics 1: case and diacritics): the term in
// JavaScript, the text in SQL, where lower() folds ASCII only. So the text is compared lower()ed
// first, and only when that fails and the text has non-ASCII characters (octet_length > length), once
// more with its accented Latin letters folded (U+00C0–U+024F): "cafe" still finds "Café". A term
// that keeps a cased non-ASCII letter after folding (Greek, Cyrillic) is not checked (the text's
// capitals cannot be folded in SQL): the trigrams alone answer it, a superset.

/** A term folded as the trigram tokenizer folds it: diacritics removed, lower case. */
export const foldTerm = (term) => term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const LATIN = [];
for (let c = 0xc0; c <= 0x24f; c++) {
  const ch = String.fromCodePoint(c);
  const to = foldTerm(ch);
  if (to !== ch && /^[a-z]$/.test(to)) LATIN.push([ch, to]);
}

const quote = (s) => `'${s.replace(/'/g, "''")}'`;
/** A column's text lower()ed with its accented Latin letters folded (the check's rare path). */
const foldedSql = (column) => LATIN.reduce((e, [from, to]) => `replace(${e}, ${quote(from)}, ${quote(to)})`, `lower(${column})`);

/** The distinct trigrams of a term, in order. */
export function trigramsOf(term) {
  const chars = [...term];
  const out = new Set();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return [...out];
}

/** Whether the check can fold the text as the index would for this (folded) term. */
const checkable = (folded) => ![...folded].some((ch) => ch.charCodeAt(0) > 0x7f && ch.toUpperCase() !== ch);

/**
 * The FTS5 MATCH expression for terms of three or more characters (every term must match) and the SQL
 * condition that checks each candidate on the log's `columns` ("1" when nothing needs checking).
 * @param {readonly string[]} terms
 * @param {readonly string[]} columns
 */
export function trigramSearch(terms, columns = ["p.prompt", "p.response"]) {
  const match = terms
    .flatMap(trigramsOf)
    .map((t) => `"${t.replace(/"/g, '""')}"`)
    .join(" ");
  const checks = terms
    .filter((t) => [...t].length > 3)
    .map(foldTerm)
    .filter(checkable)
    // Every column's plain comparison first: the folded one runs only when all of them fail.
    .map((needle) =>
      [
        ...columns.map((c) => `instr(lower(${c}), ${quote(needle)}) > 0`),
        ...columns.map((c) => `(octet_length(${c}) > length(${c}) AND instr(${foldedSql(c)}, ${quote(needle)}) > 0)`),
      ].join(" OR "),
    )
    .map((c) => `(${c})`);
  return { match: match || null, verify: checks.length ? checks.join(" AND ") : "1" };
}
