// Which metric queries merge exactly from per-segment partial aggregates, and the statements that do
// it (docs/custom-metric-sql.md#across-log-segments). A single SELECT over `logs` whose output is
// built from its GROUP BY expressions and count/sum/total/min/max/avg (DISTINCT or not) splits into
// statements run on every segment (the groups and each aggregate's partial, and the distinct values
// an aggregate over DISTINCT needs) and one final statement: the user's projection, HAVING, ORDER BY
// and LIMIT over the merged partials. Every statement is built from the checked AST, never from the
// user's text, and passes the same policy (`regenerate`): it reads only `logs`. Any other form answers
// undefined and keeps carrying rows (segment-run.ts).
import { Parser } from "node-sql-parser/build/sqlite";
import { MetricQueryError } from "./errors";
import { foldName } from "./identifiers";
import { regenerate } from "./sandbox";
import { LOGS_COLUMNS } from "./sql-policy";

// biome-ignore lint/suspicious/noExplicitAny: node-sql-parser's AST is untyped JSON; sql-policy.ts checked it.
type Node = Record<string, any>;

/**
 * `partials`: statements over `logs`, each answering its row's cells for the columns `layouts` names
 * (positions in the merged row). `columns`: the merged row's names (`__g` groups, `__a` partial
 * aggregates, `__d` distinct values) and the type each is read back as (a group that is a column
 * keeps its column's affinity, so `HAVING model = 5` compares as it does over `logs`). `final`: the
 * user's statement over the merged rows, bound as the relation `logs`.
 */
export type PartialsPlan = {
  partials: { sql: string; layout: number[] }[];
  columns: { name: string; cast?: "TEXT" | "REAL" }[];
  final: { sql: string; width: number };
};

const OPTIONS = { database: "sqlite" } as const;
const parser = new Parser();
const COLUMNS: ReadonlySet<string> = new Set(LOGS_COLUMNS);
/** Columns whose affinity a bare CAST restores exactly (TEXT holds only text, REAL only reals). */
const AFFINITY: Record<string, "TEXT" | "REAL"> = { estimated_cost: "REAL" };
for (const c of ["id", "model", "user_id", "session_id", "prompt", "response", "source", "flag_status", "flag_reasons", "metadata"])
  AFFINITY[c] = "TEXT";
const MERGEABLE = new Set(["count", "sum", "total", "min", "max", "avg"]);

/** Not decomposable: the query keeps the carry path. */
class NotPartial extends Error {}
const no = (): never => {
  throw new NotPartial();
};

type Aggregate = { fn: string; arg: Node | undefined; distinct: boolean };

const clone = <T>(node: T): T => structuredClone(node);
const isNode = (v: unknown): v is Node => !!v && typeof v === "object";

/** One expression over the merged rows, from fixed text naming only generated columns. */
function fragment(text: string): Node {
  const ast = parser.astify(`SELECT ${text} FROM logs`, OPTIONS) as Node;
  return ast.columns[0].expr;
}

/** The aggregate a node calls, if it is one of the six (min/max with one argument). */
function aggregateOf(node: Node): Aggregate | undefined {
  if (node.type === "aggr_func") {
    const fn = foldName(String(node.name));
    const { expr, distinct, ...rest } = node.args ?? {};
    if (!MERGEABLE.has(fn) || node.over || Object.values(rest).some((v) => v !== null && v !== undefined)) no();
    return { fn, arg: expr?.type === "star" ? undefined : expr, distinct: distinct === "DISTINCT" };
  }
  if (node.type === "function") {
    const parts: Node[] = node.name?.name ?? [];
    const fn = parts.length === 1 ? foldName(String(parts[0].value)) : "";
    const args: Node[] = node.args?.value ?? [];
    if (!MERGEABLE.has(fn) || ((fn === "min" || fn === "max") && args.length > 1)) return undefined;
    if (args.length !== 1 || node.over || node.args?.distinct) no();
    return { fn, arg: args[0], distinct: false };
  }
  return undefined;
}

/** Every node of a tree, depth first. */
function* nodes(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const n of node) yield* nodes(n);
  else if (isNode(node)) {
    yield node;
    for (const v of Object.values(node)) yield* nodes(v);
  }
}

const hasAggregate = (node: unknown) => [...nodes(node)].some((n) => aggregateOf(n));
const isColumn = (n: Node) => n.type === "column_ref" && COLUMNS.has(foldName(String(n.column)));

/** A comparable spelling: column and function names folded, `logs.` or the alias dropped, parentheses ignored. */
const canonical = (node: Node) =>
  JSON.stringify(node, function (this: Node, key, value) {
    if (key === "parentheses" || key === "table") return undefined;
    if (key === "column" || (key === "value" && this.type === "default")) return foldName(String(value));
    return value;
  });

/** A copy of `node` with `replace` applied top down (a replacement keeps the original's parentheses). */
function rewrite(node: unknown, replace: (n: Node) => Node | undefined): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, replace));
  if (!isNode(node)) return node;
  const replaced = replace(node);
  if (replaced) return node.parentheses ? { ...replaced, parentheses: true } : replaced;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, rewrite(v, replace)]));
}

/** The plan for a checked AST, or undefined when the query must carry rows. */
export function planPartials(ast: unknown): PartialsPlan | undefined {
  try {
    return plan(ast as Node);
  } catch (error) {
    // A generated statement the policy refuses (say, more than 32 partial columns): the user's own
    // statement passed, and runs as it is over carried rows.
    if (error instanceof NotPartial || error instanceof MetricQueryError) return undefined;
    throw error;
  }
}

function plan(select: Node): PartialsPlan {
  const from = select.from?.[0];
  if (select.type !== "select" || select.with || select._next || select.set_op || select.distinct || select.options) no();
  if (select.from?.length !== 1 || from.expr || typeof from.table !== "string" || foldName(from.table) !== "logs") no();
  // Collations and "x" (a column or a string to SQLite) change how values compare: keep rows.
  for (const n of nodes(select)) if (n.collate || n.type === "double_quote_string" || n.column === "*") no();
  if (!Array.isArray(select.columns) || select.columns.some((c: Node) => c.expr?.type === "star")) no();
  const aliases = new Map<string, Node>();
  for (const c of select.columns) if (typeof c.as === "string") aliases.set(foldName(c.as), c.expr);
  if ([...aliases.keys()].some((a) => a.startsWith("__"))) no();
  const overLogs = (e: unknown) => {
    for (const n of nodes(e)) if (n.type === "column_ref" && !isColumn(n)) no();
    if (hasAggregate(e)) no();
  };
  overLogs(select.where);

  // GROUP BY: a number is a result column, a name that is no column of logs an alias (SQLite's order).
  const terms: Node[] = Array.isArray(select.groupby) ? select.groupby : (select.groupby?.columns ?? []);
  const groups = terms.map((term) => {
    let e = term;
    // SQLite reads a signed integer as a position too (and refuses it as out of range).
    if (term.type === "unary_expr" && term.expr?.type === "number") no();
    if (term.type === "number") e = Number.isInteger(term.value) ? (select.columns[term.value - 1]?.expr ?? no()) : no();
    else if (term.type === "column_ref" && !isColumn(term)) e = aliases.get(foldName(String(term.column))) ?? no();
    overLogs(e);
    return e;
  });
  const groupIndex = new Map<string, number>();
  for (const [i, g] of groups.entries()) if (!groupIndex.has(canonical(g))) groupIndex.set(canonical(g), i);

  const partialAggregates: Node[] = [];
  const partialIndex = new Map<string, number>();
  const distinctValues: Node[] = [];
  const distinctIndex = new Map<string, number>();
  const partial = (fn: string, arg: Node | undefined) => {
    const node = arg ? { type: "aggr_func", name: fn.toUpperCase(), args: { expr: clone(arg) }, over: null } : fragment("count(*)");
    const key = canonical(node);
    if (!partialIndex.has(key)) partialIndex.set(key, partialAggregates.push(node) - 1);
    return `"__a${partialIndex.get(key)! + 1}"`;
  };
  const distinct = (arg: Node) => {
    const key = canonical(arg);
    if (!distinctIndex.has(key)) distinctIndex.set(key, distinctValues.push(arg) - 1);
    return `"__d${distinctIndex.get(key)! + 1}"`;
  };
  const merged = ({ fn, arg, distinct: isDistinct }: Aggregate): Node => {
    if (arg) overLogs(arg);
    if (isDistinct && arg) return fragment(`${fn}(DISTINCT ${distinct(arg)})`);
    if (fn === "count") return fragment(`coalesce(sum(${partial("count", arg)}), 0)`);
    // avg is total ÷ count over the whole window; SQLite's avg divides its exact sum as a REAL.
    if (fn === "avg") return fragment(`(CAST(sum(${partial("sum", arg)}) AS REAL) / sum(${partial("count", arg)}))`);
    return fragment(`${fn}(${partial(fn, arg)})`);
  };

  // The final statement: group expressions and aggregates become the merged columns; an alias stays
  // (the final SELECT defines it too); any other column of logs is a bare column: keep rows.
  const toFinal = (e: unknown) =>
    rewrite(e, (n) => {
      const g = groupIndex.get(canonical(n));
      if (g !== undefined) return fragment(`"__g${g + 1}"`);
      const aggregate = aggregateOf(n);
      if (aggregate) return merged(aggregate);
      if (n.type === "column_ref" && (isColumn(n) || n.table || !aliases.has(foldName(String(n.column))))) no();
      return undefined;
    });
  // ORDER BY a name prefers the result column; a number is a result column's position.
  const orderTerm = (e: Node) =>
    (e.type === "column_ref" && !e.table && aliases.has(foldName(String(e.column)))) || e.type === "number" ? clone(e) : toFinal(e);
  const finalAst = {
    ...clone(select),
    columns: select.columns.map((c: Node) => ({ ...clone(c), expr: toFinal(c.expr) })),
    from: [{ db: null, table: "logs", as: null }],
    where: null,
    groupby: groups.length ? { columns: groups.map((_, i) => fragment(`"__g${i + 1}"`)) } : null,
    having: toFinal(select.having),
    orderby: select.orderby?.map((o: Node) => ({ ...clone(o), expr: orderTerm(o.expr) })) ?? null,
  };
  const n = groups.length;
  const m = partialAggregates.length;
  // No group and no aggregate: a query over rows.
  if (!n && !m && !distinctValues.length) no();
  const final = regenerate(finalAst);
  const statement = (values: Node[], extraGroup?: Node) =>
    regenerate({
      with: null,
      type: "select",
      options: null,
      distinct: null,
      columns: [...groups, ...values].map((expr) => ({ expr: clone(expr), as: null })),
      from: clone(select.from),
      where: clone(select.where),
      groupby: n || extraGroup ? { columns: [...groups, ...(extraGroup ? [extraGroup] : [])].map(clone) } : null,
      having: null,
      orderby: null,
      limit: null,
    }).sql;
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  const partials = [
    // With no aggregate but distinct ones, the groups come from the distinct statements.
    ...(m || !distinctValues.length ? [{ sql: statement(partialAggregates), layout: range(0, n + m) }] : []),
    ...distinctValues.map((d, j) => ({ sql: statement([d], d), layout: [...range(0, n), n + m + j] })),
  ];
  const columns = [
    ...groups.map((g, i) => ({ name: `__g${i + 1}`, cast: isColumn(g) ? AFFINITY[foldName(String(g.column))] : undefined })),
    ...range(1, m).map((i) => ({ name: `__a${i}` })),
    ...distinctValues.map((_, j) => ({ name: `__d${j + 1}` })),
  ];
  return { partials, columns, final };
}
