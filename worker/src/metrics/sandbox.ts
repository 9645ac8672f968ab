// Turns a user's metric SQL into SQL we are willing to run (docs/data.md). The text is parsed with a
// real SQL parser, the whole AST is checked (sql-policy.ts), and the SQL we run is regenerated
// from that checked AST: comments and the user's own spelling never reach SQLite, so a comment or
// quoting trick cannot make SQLite see a statement the checker did not.
import { Parser } from "node-sql-parser/build/sqlite";
import { knownColumns, MAX_SCANS, MetricQueryError, QueryWalker, type Relation } from "./sql-policy";

export { MetricQueryError } from "./sql-policy";

/**
 * SQL fit to run (it reads only `logs`), how many columns it answers, and whether it may read a
 * log's texts (prompt, response, metadata, or every column): run.ts reads the others from log_facts.
 */
export type CheckedQuery = { sql: string; width: number; readsText: boolean; ast: unknown };

const OPTIONS = { database: "sqlite" } as const;
const MAX_QUERY_LENGTH = 4_000;
const parser = new Parser();

/** Friendlier than a parse error for the statements people actually try. */
const NOT_SELECT =
  /^\s*(pragma|attach|detach|insert|update|delete|drop|create|alter|vacuum|reindex|analyze|replace|begin|commit|rollback|savepoint|release|values)\b/i;

function parse(text: string): unknown {
  try {
    return parser.astify(text, OPTIONS);
  } catch (error) {
    const keyword = NOT_SELECT.exec(text)?.[1];
    if (keyword) throw new MetricQueryError(`Only SELECT queries are allowed (found ${keyword.toUpperCase()})`);
    const e = error as { location?: { start?: { line: number; column: number } }; found?: string | null };
    const where = e.location?.start ? ` at line ${e.location.start.line}, column ${e.location.start.column}` : "";
    const near = e.found ? ` near "${e.found}"` : e.found === null ? " (unexpected end of query)" : "";
    throw new MetricQueryError(`Syntax error${where}${near}`);
  }
}

/** Checks one text and answers its single SELECT; `columns` also checks column names. */
function checked(text: string, columns: boolean): { ast: unknown; result: Relation; readsText: boolean } {
  const parsed = parse(text);
  const statements = Array.isArray(parsed) ? parsed : [parsed];
  if (statements.length !== 1) throw new MetricQueryError("Only one statement is allowed");
  // biome-ignore lint/suspicious/noExplicitAny: node-sql-parser's AST is untyped JSON; sql-policy.ts walks it.
  const ast = statements[0] as Record<string, any>;
  const walker = new QueryWalker(columns ? knownColumns(ast) : undefined);
  const result = walker.select(ast, new Map());
  if (result.scans > MAX_SCANS) throw new MetricQueryError(`The query reads logs ${result.scans} times; at most ${MAX_SCANS} are allowed`);
  if (result.width === 0) throw new MetricQueryError("The query answers no columns");
  return { ast, result, readsText: walker.readsText };
}

/**
 * Answers the SQL to run for a metric query, or throws MetricQueryError with a message fit for the
 * user. The result reads only `logs`; `runMetricSql` binds that name to the caller's organization.
 */
export function prepareMetricQuery(text: string): CheckedQuery {
  if (text.length > MAX_QUERY_LENGTH) throw new MetricQueryError(`Query must be at most ${MAX_QUERY_LENGTH} characters`);
  // The parser reads \' as an escaped quote, SQLite does not: refusing backslashes removes the one
  // place where the two could tokenize a string literal differently.
  if (text.includes("\\")) throw new MetricQueryError("Backslashes are not allowed in metric queries");
  const { ast, readsText } = checked(text, true);
  const regenerated = regenerate(ast);
  return { ...regenerated, readsText: readsText || regenerated.readsText, ast };
}

/**
 * SQL from a checked AST (or one built from it, metrics/partials-plan.ts), which must itself pass the
 * same checks: the statement that runs reads only `logs`. (Not the column names: the parser may read
 * a regenerated "name" as a string, which the first pass already vetted.)
 */
export function regenerate(ast: unknown): { sql: string; width: number; readsText: boolean } {
  const sql = parser.sqlify(ast as never, OPTIONS);
  if (sql.includes("\\")) throw new MetricQueryError("Backslashes are not allowed in metric queries");
  // The width of what actually runs: run.ts names the result's columns by position.
  const again = checked(sql, false);
  return { sql, width: again.result.width, readsText: again.readsText };
}
