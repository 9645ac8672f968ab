// The custom-metric SQL policy (docs/data.md): a walk over node-sql-parser's AST that accepts only a
// SELECT whose every relation is `logs` or a CTE the query itself defines (an allow-list: no other
// name resolves), with allow-listed functions and operators. Anything the walker does not recognise
// is refused, so a parser feature we never saw cannot slip by. Names are compared as SQLite compares
// them (identifiers.ts). Cost is bounded by construction (docs/custom-metric-sql.md#bounded-cost): no joins, no
// subqueries in expressions (nothing correlated or quadratic), no recursive CTEs, at most MAX_SCANS
// reads of `logs`, at most MAX_CTES CTEs and MAX_SELECT_DEPTH nested SELECTs, expressions at most
// MAX_EXPRESSION_DEPTH deep, and no value larger than MAX_GROWTH cells (functions.ts).
import { LOGS_COLUMNS, LOGS_TEXT_COLUMNS } from "@promptsentry/schema/log-facts";
import { MetricQueryError } from "./errors";
import {
  AGGREGATES,
  BINARY_OPERATORS,
  functionGrowth,
  LITERAL_ARGUMENTS,
  literalGrowth,
  MAX_GROWTH,
  MAX_PATTERN,
  operatorGrowth,
  PATTERN_OPERATORS,
  SCALAR_FUNCTIONS,
  SMALL,
  UNARY_OPERATORS,
} from "./functions";
import { checkIdentifier, foldName, isReservedRelationName } from "./identifiers";

export { MetricQueryError } from "./errors";

const refuse = (message: string): never => {
  throw new MetricQueryError(message);
};

/** The columns of `logs` (run.ts selects exactly these from prompt_logs). */
export { LOGS_COLUMNS };

/** The columns of `logs` that log_facts does not hold (schema/log-facts.ts): a query naming one reads prompt_logs. */
const TEXT_COLUMNS: ReadonlySet<string> = new Set(LOGS_TEXT_COLUMNS);

/** Total reads of `logs` (a CTE costs what its body costs each time it is read). */
export const MAX_SCANS = 4;
export const MAX_CTES = 8;
/** SELECTs inside SELECTs (CTE bodies, subqueries in FROM); compound branches do not nest. */
export const MAX_SELECT_DEPTH = 4;
export const MAX_EXPRESSION_DEPTH = 32;
/** Columns of the result (run.ts names them positionally to cap each cell). */
export const MAX_RESULT_COLUMNS = 32;
const MAX_NODES = 2_000;
const MAX_LIST = 100;

// "x" is a column or, failing that, a string to SQLite; the parser reads it as either. Both are harmless.
const LITERALS = new Set([
  "number",
  "single_quote_string",
  "double_quote_string",
  "string",
  "bool",
  "null",
  "hex_string",
  "full_hex_string",
]);
const CAST_TYPES = new Set(["integer", "int", "real", "float", "double", "numeric", "text"]);
const COLLATIONS = new Set(["nocase", "binary", "rtrim"]);
const SELECT_KEYS = new Set([
  "with",
  "type",
  "options",
  "distinct",
  "columns",
  "from",
  "where",
  "groupby",
  "having",
  "orderby",
  "limit",
  "for_update",
  "_next",
  "set_op",
  "parentheses",
  "_parentheses",
]);

// biome-ignore lint/suspicious/noExplicitAny: node-sql-parser's AST is untyped JSON; the walker checks every field it reads.
type Node = Record<string, any>;
/** What a relation costs and answers: reads of logs, the largest value in cells, the number of columns. */
export type Relation = { scans: number; growth: number; width: number };
type Ctes = ReadonlyMap<string, Relation>;
const LOGS: Relation = { scans: 1, growth: 1, width: LOGS_COLUMNS.length };
const NO_SOURCE: Relation = { scans: 0, growth: SMALL, width: 0 };

const nameOf = (n: unknown): string =>
  typeof n === "string" ? n : n && typeof n === "object" && "value" in n ? String((n as Node).value) : "";
const identifier = (name: unknown) => checkIdentifier(nameOf(name));

const isShortLiteral = (n: Node | undefined) => n?.type === "single_quote_string" && String(n.value).length <= MAX_PATTERN;
const isSubquery = (n: unknown) => !!n && typeof n === "object" && "ast" in (n as Node);

/** Every name a column reference may use: the columns of logs and every alias the query defines. */
export function knownColumns(ast: unknown): Set<string> {
  const names = new Set<string>(LOGS_COLUMNS);
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== "object" || depth > MAX_EXPRESSION_DEPTH * 8) return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, depth + 1);
      return;
    }
    const n = node as Node;
    if (typeof n.as === "string") names.add(foldName(n.as));
    if (n.stmt && Array.isArray(n.columns)) for (const c of n.columns) names.add(foldName(nameOf(c.column ?? c)));
    for (const value of Object.values(n)) visit(value, depth + 1);
  };
  visit(ast, 0);
  return names;
}

/** While an expression is checked: how deep it is, and how large a value a column reference names. */
type Context = { depth: number; columnGrowth: number };

export class QueryWalker {
  private nodes = 0;
  private cteCount = 0;
  /**
   * Whether the query may read a text column: it names one (any alias spelled so counts too: a
   * false alarm only costs the slower read) or selects every column with `*`.
   */
  readsText = false;

  /**
   * With `columns`, a column reference must use one of those names. SQLite reads an unknown
   * "quoted" name as a string, so a typo would otherwise give a silently wrong number.
   */
  constructor(private readonly columns?: ReadonlySet<string>) {}

  /** Checks one SELECT (with its compound branches) and answers what it costs and answers. */
  select(node: Node, ctes: Ctes, depth = 0): Relation {
    if (!node || typeof node !== "object") refuse("Unsupported query");
    if (node.type !== "select") refuse(`Only SELECT queries are allowed (found ${String(node.type ?? "unknown").toUpperCase()})`);
    if (depth > MAX_SELECT_DEPTH) refuse(`SELECTs may be nested at most ${MAX_SELECT_DEPTH} deep (CTEs and subqueries in FROM count)`);
    this.tick();
    for (const [key, value] of Object.entries(node)) {
      if (!SELECT_KEYS.has(key) && value !== null && value !== undefined) refuse(`Unsupported SQL construct: ${key}`);
    }
    if (node.options || node.for_update) refuse("Unsupported SELECT options");
    const scope = node.with ? this.ctes(node.with, ctes, depth) : ctes;
    const source = this.from(node.from, scope, depth);
    const own: Context = { depth: 0, columnGrowth: source.growth };
    let growth = SMALL;
    let width = 0;
    for (const column of node.columns ?? []) {
      identifier(column?.as);
      const expr = column?.expr ?? column;
      const star = expr?.type === "star" || (expr?.type === "column_ref" && expr.column === "*");
      if (star) this.readsText = true;
      width += star ? source.width : 1;
      growth = Math.max(growth, this.expr(expr, own));
    }
    // WHERE, GROUP BY, HAVING and ORDER BY may name the result's aliases too.
    const clauses: Context = { depth: 0, columnGrowth: Math.max(source.growth, growth) };
    this.expr(node.where, clauses);
    this.expr(node.having, clauses);
    const groupBy = Array.isArray(node.groupby) ? node.groupby : (node.groupby?.columns ?? []);
    for (const g of groupBy) this.expr(g, clauses);
    for (const o of node.orderby ?? []) this.expr(o.expr, clauses);
    for (const l of node.limit?.value ?? []) this.expr(l, clauses);
    let scans = source.scans;
    // A WITH clause covers every branch of a compound SELECT.
    if (node._next) {
      const next = this.select(node._next, scope, depth);
      scans += next.scans;
      growth = Math.max(growth, next.growth);
    }
    if (width > MAX_RESULT_COLUMNS) refuse(`A SELECT may answer at most ${MAX_RESULT_COLUMNS} columns`);
    return { scans, growth, width };
  }

  private ctes(list: Node[], outer: Ctes, depth: number): Ctes {
    const scope = new Map(outer);
    for (const cte of list) {
      if (++this.cteCount > MAX_CTES) refuse(`A query may define at most ${MAX_CTES} CTEs`);
      const name = foldName(identifier(cte.name));
      for (const column of cte.columns ?? []) this.expr(column, { depth: 0, columnGrowth: SMALL });
      if (cte.recursive) refuse("Recursive CTEs (WITH RECURSIVE) are not allowed");
      if (isReservedRelationName(name)) refuse(`The name ${name} is reserved; give the CTE another name`);
      if (!name || scope.has(name)) refuse(`CTE ${name} is defined more than once`);
      // Only earlier CTEs are in scope while the body is checked, so a self-reference cannot pass.
      let body: Relation;
      try {
        body = this.select(cte.stmt?.ast ?? cte.stmt, scope, depth + 1);
      } catch (error) {
        if (error instanceof MetricQueryError && error.message.includes(`(found ${name})`)) refuse("Recursive CTEs are not allowed");
        throw error;
      }
      const columns = cte.columns?.length;
      scope.set(name, columns ? { ...body, width: columns } : body);
    }
    return scope;
  }

  private from(from: Node[] | null | undefined, ctes: Ctes, depth: number): Relation {
    if (!from) return NO_SOURCE;
    if (from.length !== 1 || from[0].join || from[0].on || from[0].using) {
      refuse("Joins are not allowed: a metric reads logs once (use GROUP BY, CASE and aggregates instead)");
    }
    const source = from[0];
    identifier(source.as);
    if (source.expr) {
      if (isSubquery(source.expr)) return this.select(source.expr.ast, ctes, depth + 1);
      const fn = source.expr.type === "function" ? (source.expr.name?.name ?? []).map(nameOf).join(".") : source.expr.type;
      return refuse(`Only the logs table can be queried (found the table-valued function ${fn})`);
    }
    if (typeof source.table !== "string") return refuse("Unsupported FROM clause");
    const table = foldName(identifier(source.table));
    identifier(source.db);
    if (source.db) refuse(`Schema-qualified names are not allowed (found ${source.db}.${source.table})`);
    // The allow-list: `logs` (bound to the caller's organization by run.ts) or a CTE in scope.
    if (table === "logs") return LOGS;
    return ctes.get(table) ?? refuse(`Only the logs table can be queried (found ${source.table})`);
  }

  /** Checks one expression and answers the largest value it can build, in cells (functions.ts). */
  private expr(node: Node | null | undefined, outer: Context): number {
    if (node === null || node === undefined) return SMALL;
    const context = { ...outer, depth: outer.depth + 1 };
    if (context.depth > MAX_EXPRESSION_DEPTH) refuse("The query is nested too deeply");
    this.tick();
    if (isSubquery(node))
      refuse("Subqueries are only allowed in FROM; compute in one pass, e.g. 100.0 * sum(flag_status = 'critical') / count(*)");
    if (node.collate) this.collate(node.collate);
    const growth = this.value(node, context);
    if (growth > MAX_GROWTH)
      refuse(`The query could build values ${Math.ceil(growth)} times the size of a log's text; at most ${MAX_GROWTH} are allowed`);
    return growth;
  }

  private value(node: Node, context: Context): number {
    const type = node.type;
    // The parser reads "x" as a string, SQLite as the column x when there is one: size it as a column.
    if (type === "double_quote_string") {
      if (TEXT_COLUMNS.has(foldName(String(node.value)))) this.readsText = true;
      return Math.max(context.columnGrowth, literalGrowth(String(node.value)));
    }
    if (LITERALS.has(type)) return literalGrowth(String(node.value ?? ""));
    switch (type) {
      case "column_ref":
        if (node.table !== null && node.table !== undefined && typeof node.table !== "string") refuse("Unsupported column reference");
        if (typeof node.column !== "string") refuse("Unsupported column reference");
        identifier(node.table);
        identifier(node.column);
        if (this.columns && node.column !== "*" && !this.columns.has(foldName(node.column))) {
          refuse(`Unknown column ${node.column}; logs has ${LOGS_COLUMNS.join(", ")}`);
        }
        if (node.column === "*" || TEXT_COLUMNS.has(foldName(node.column))) this.readsText = true;
        return context.columnGrowth;
      case "star":
        return context.columnGrowth;
      case "expr_list": {
        if ((node.value ?? []).length > MAX_LIST) refuse(`Lists may have at most ${MAX_LIST} items`);
        return Math.max(SMALL, ...(node.value ?? []).map((v: Node) => this.expr(v, context)));
      }
      case "unary_expr": {
        const op = String(node.operator).toUpperCase();
        if (!UNARY_OPERATORS.has(op)) refuse(`Operator ${node.operator} is not allowed`);
        const operand = this.expr(node.expr, context);
        // Unary + answers its operand unchanged (text stays text); the others answer numbers.
        return op === "+" ? operand : SMALL;
      }
      case "binary_expr":
        return this.binary(node, context);
      case "function":
        return this.func(node, context);
      case "aggr_func":
        return this.aggregate(node, context);
      case "cast": {
        const targets: Node[] = node.target ?? [];
        for (const t of targets) if (!CAST_TYPES.has(foldName(String(t.dataType)))) refuse(`CAST to ${t.dataType} is not allowed`);
        const operand = this.expr(node.expr, context);
        return targets.some((t) => foldName(String(t.dataType)) === "text") ? operand : SMALL;
      }
      case "case": {
        let growth = SMALL;
        this.expr(node.expr, context);
        for (const arm of node.args ?? []) {
          if (arm.type !== "when" && arm.type !== "else") refuse("Unsupported CASE expression");
          this.expr(arm.cond, context);
          growth = Math.max(growth, this.expr(arm.result, context));
        }
        return growth;
      }
      default:
        return refuse(`Unsupported expression: ${String(type ?? "unknown")}`);
    }
  }

  private binary(node: Node, context: Context): number {
    const op = String(node.operator).toUpperCase();
    if (!BINARY_OPERATORS.has(op)) refuse(`Operator ${node.operator} is not allowed`);
    if (PATTERN_OPERATORS.has(op)) {
      // A literal, short pattern keeps LIKE/GLOB matching linear (SQLite stops backtracking early).
      const pattern = node.right;
      if (!isShortLiteral(pattern)) {
        refuse(`${op} needs a quoted pattern of at most ${MAX_PATTERN} characters`);
      }
      if (pattern.escape && (pattern.escape.value?.type !== "single_quote_string" || String(pattern.escape.value.value).length !== 1)) {
        refuse("ESCAPE needs a single quoted character");
      }
    }
    return operatorGrowth(op, this.expr(node.left, context), this.expr(node.right, context));
  }

  private func(node: Node, context: Context): number {
    const parts: unknown[] = node.name?.name ?? [];
    const name = foldName(parts.map(nameOf).join("."));
    if (name === "exists") refuse("Subqueries are only allowed in FROM (EXISTS is not supported)");
    if (parts.length !== 1 || !(SCALAR_FUNCTIONS.has(name) || AGGREGATES.has(name))) refuse(`Function ${name || "?"} is not allowed`);
    if (node.over) refuse("Window functions are not allowed");
    const args: Node[] = node.args?.value ?? [];
    if (args.length > MAX_LIST) refuse(`Lists may have at most ${MAX_LIST} items`);
    for (const i of LITERAL_ARGUMENTS[name] ?? []) {
      if (i < args.length && !isShortLiteral(args[i]))
        refuse(`${name}() needs quoted text of at most ${MAX_PATTERN} characters as argument ${i + 1}`);
    }
    const sizes = args.map((a) => this.expr(a, context));
    const literals = args.map((a) => (a?.type === "single_quote_string" ? String(a.value) : undefined));
    return functionGrowth(name, sizes, literals);
  }

  private aggregate(node: Node, context: Context): number {
    const name = foldName(String(node.name));
    if (!AGGREGATES.has(name)) refuse(`Function ${name} is not allowed`);
    if (node.over) refuse("Window functions are not allowed");
    if (node.args?.orderby || node.args?.separator) refuse(`Unsupported ${name} arguments`);
    return functionGrowth(name, [this.expr(node.args?.expr, context)], []);
  }

  private collate(collate: Node) {
    const name = foldName(String(collate?.collate?.name ?? collate?.name ?? ""));
    if (!COLLATIONS.has(name)) refuse(`Collation ${name || "?"} is not allowed`);
  }

  private tick() {
    if (++this.nodes > MAX_NODES) refuse("The query is too complex");
  }
}
