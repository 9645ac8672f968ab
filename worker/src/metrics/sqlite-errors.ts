// What a user is told when SQLite refuses to run a checked metric query. SQLite's own words can
// name things the user never wrote (the statement's internal CTE and columns, the stored table) or
// quote stored values (a JSON path taken from a column), so only messages of known shapes that
// mention nothing but the user's own text pass through; anything else becomes one clear sentence.

/** Messages that say what is wrong with the query in the query's own terms. */
const KNOWN_SHAPES = [
  /^wrong number of arguments to function (\w+)\(\)$/i,
  /^misuse of aggregate(?: function (\w+)\(\))?$/i,
  /^misuse of window function (\w+)\(\)$/i,
  /^aggregate functions are not allowed in the (?:GROUP BY|WHERE|ON) clause$/i,
  /^\d+(?:st|nd|rd|th) (?:GROUP|ORDER) BY term out of range - should be between \d+ and \d+$/i,
  /^SELECTs to the left and right of (?:UNION ALL|UNION|INTERSECT|EXCEPT) do not have the same number of result columns$/i,
  /^a GROUP BY clause is required before HAVING$/i,
  /^no such (?:column|function): (\w+)$/i,
  /^ambiguous column name: (\w+)$/i,
];

/** Value errors, said without the value that caused them. */
const REWORDED: [RegExp, string][] = [
  [/^bad JSON path/i, "a JSON path is not valid"],
  [/^malformed JSON$/i, "a value is not valid JSON"],
  [/^integer overflow$/i, "a number is too large"],
  [
    /^(?:string or blob too big|too many columns|parser stack overflow|Expression tree is too large)/i,
    "the query or its result is too large",
  ],
];

export const GENERIC_QUERY_FAILURE = "SQLite could not run it; check the columns, functions and clauses it uses";

/** The part after "The query failed: " for SQLite's `message` about `query` (the user's text). */
export function userFacingSqliteMessage(message: string, query: string): string {
  for (const shape of KNOWN_SHAPES) {
    const match = shape.exec(message);
    // A named function or column passes only when the user wrote it.
    if (match && (!match[1] || new RegExp(`\\b${match[1]}\\b`, "i").test(query))) return message;
  }
  for (const [pattern, text] of REWORDED) if (pattern.test(message)) return text;
  return GENERIC_QUERY_FAILURE;
}
