// The custom-metric SQL policy (DESIGN §8): a walk over node-sql-parser's AST that accepts only a
// single-source SELECT reading the `logs` relation, with allow-listed functions and operators.
// Anything the walker does not recognise is refused, so a parser feature we never saw cannot slip by.
// Cost is bounded by construction: no joins, no subqueries in expressions (so nothing can be
// correlated or quadratic), no recursive CTEs, and at most MAX_SCANS reads of `logs` in total.

export class MetricQueryError extends Error {}

const refuse = (message: string): never => {
  throw new MetricQueryError(message);
};

/** The columns of `logs` (run.ts selects exactly these from prompt_logs). */
export const LOGS_COLUMNS = [
  "id", "created_at", "model", "user_id", "session_id", "prompt", "response", "token_count",
  "estimated_cost", "latency_ms", "source", "flag_status", "flag_reasons", "metadata",
] as const;

/** Total reads of `logs` (a CTE costs what its body costs each time it is read). */
export const MAX_SCANS = 4;
const MAX_NODES = 2_000;
const MAX_DEPTH = 100;
const MAX_LIST = 100;
const MAX_PATTERN = 200;

const SCALAR_FUNCTIONS = new Set([
  "abs", "round", "sign", "ceil", "ceiling", "floor",
  "coalesce", "ifnull", "nullif", "iif", "min", "max",
  "lower", "upper", "length", "substr", "substring", "instr", "replace", "trim", "ltrim", "rtrim",
  "strftime", "date", "time", "datetime", "julianday", "unixepoch",
  "current_timestamp", "current_date", "current_time",
  "json_extract", "json_array_length", "json_type", "json_valid", "typeof",
]);
/** group_concat is left out: it concatenates whole columns, and metrics need numbers. */
const AGGREGATES = new Set(["count", "sum", "avg", "min", "max", "total"]);
const BINARY_OPERATORS = new Set([
  "=", "==", "!=", "<>", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "||", "&", "|", "<<", ">>",
  "AND", "OR", "IS", "IS NOT", "IN", "NOT IN", "BETWEEN", "NOT BETWEEN", "->", "->>",
  "LIKE", "NOT LIKE", "GLOB", "NOT GLOB",
]);
const PATTERN_OPERATORS = new Set(["LIKE", "NOT LIKE", "GLOB", "NOT GLOB"]);
/**
 * Arguments (by position) that must be short quoted literals. Searching a column for another column
 * costs length × length per row, and replace(x, 'a', x) doubles a string per level: literals keep
 * every function linear in the data it reads.
 */
const LITERAL_ARGUMENTS: Record<string, number[]> = { instr: [1], replace: [1, 2], trim: [1], ltrim: [1], rtrim: [1] };
const UNARY_OPERATORS = new Set(["-", "+", "~", "NOT"]);
// "x" is a column or, failing that, a string to SQLite; the parser reads it as either. Both are harmless.
const LITERALS = new Set(["number", "single_quote_string", "double_quote_string", "string", "bool", "null", "hex_string", "full_hex_string"]);
const CAST_TYPES = new Set(["INTEGER", "INT", "REAL", "FLOAT", "DOUBLE", "NUMERIC", "TEXT"]);
const COLLATIONS = new Set(["NOCASE", "BINARY", "RTRIM"]);
const SELECT_KEYS = new Set([
  "with", "type", "options", "distinct", "columns", "from", "where", "groupby", "having", "orderby", "limit",
  "for_update", "_next", "set_op", "parentheses", "_parentheses",
]);

type Node = Record<string, any>;
type Ctes = ReadonlyMap<string, number>;

const nameOf = (n: unknown): string => (typeof n === "string" ? n : n && typeof n === "object" && "value" in n ? String((n as Node).value) : "");
/**
 * The SQL we run is regenerated from the AST with every identifier in double quotes; an identifier
 * that itself holds a quote (or a bracket, backslash, control character) could break out of them.
 */
const UNSAFE_IDENTIFIER = /["`'\[\]\\\x00-\x1f]/;
function identifier(name: unknown) {
  const text = nameOf(name);
  if (UNSAFE_IDENTIFIER.test(text)) refuse("Names may not contain quotes, brackets, backslashes or control characters");
  return text;
}

const isShortLiteral = (n: Node | undefined) => n?.type === "single_quote_string" && String(n.value).length <= MAX_PATTERN;
const isSubquery = (n: unknown) => !!n && typeof n === "object" && "ast" in (n as Node);

/** Every name a column reference may use: the columns of logs and every alias the query defines. */
export function knownColumns(ast: unknown): Set<string> {
  const names = new Set<string>(LOGS_COLUMNS);
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== "object" || depth > MAX_DEPTH * 4) return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1));
    const n = node as Node;
    if (typeof n.as === "string") names.add(n.as.toLowerCase());
    if (n.stmt && Array.isArray(n.columns)) for (const c of n.columns) names.add(nameOf(c.column ?? c).toLowerCase());
    for (const value of Object.values(n)) visit(value, depth + 1);
  };
  visit(ast, 0);
  return names;
}

export class QueryWalker {
  private nodes = 0;

  /**
   * With `columns`, a column reference must use one of those names. SQLite reads an unknown
   * "quoted" name as a string, so a typo would otherwise give a silently wrong number.
   */
  constructor(private readonly columns?: ReadonlySet<string>) {}

  /** Checks one SELECT (with its compound branches) and answers how many times it reads `logs`. */
  select(node: Node, ctes: Ctes, depth = 0): number {
    if (!node || typeof node !== "object") refuse("Unsupported query");
    if (node.type !== "select") refuse(`Only SELECT queries are allowed (found ${String(node.type ?? "unknown").toUpperCase()})`);
    this.tick(depth);
    for (const [key, value] of Object.entries(node)) {
      if (!SELECT_KEYS.has(key) && value !== null && value !== undefined) refuse(`Unsupported SQL construct: ${key}`);
    }
    if (node.options || node.for_update) refuse("Unsupported SELECT options");
    const scope = node.with ? this.ctes(node.with, ctes, depth) : ctes;
    let cost = this.from(node.from, scope, depth);
    for (const column of node.columns ?? []) {
      identifier(column?.as);
      this.expr(column?.expr ?? column, depth + 1);
    }
    this.expr(node.where, depth + 1);
    this.expr(node.having, depth + 1);
    const groupBy = Array.isArray(node.groupby) ? node.groupby : (node.groupby?.columns ?? []);
    for (const g of groupBy) this.expr(g, depth + 1);
    for (const o of node.orderby ?? []) this.expr(o.expr, depth + 1);
    for (const l of node.limit?.value ?? []) this.expr(l, depth + 1);
    // A WITH clause covers every branch of a compound SELECT.
    if (node._next) cost += this.select(node._next, scope, depth + 1);
    return cost;
  }

  private ctes(list: Node[], outer: Ctes, depth: number): Ctes {
    const scope = new Map(outer);
    for (const cte of list) {
      const name = identifier(cte.name).toLowerCase();
      for (const column of cte.columns ?? []) this.expr(column, depth + 1);
      if (cte.recursive) refuse("Recursive CTEs (WITH RECURSIVE) are not allowed");
      if (name === "logs" || name === "prompt_logs") refuse(`The name ${name} is reserved; give the CTE another name`);
      if (!name || scope.has(name)) refuse(`CTE ${name} is defined more than once`);
      // Only earlier CTEs are in scope while the body is checked, so a self-reference cannot pass.
      let body: number;
      try {
        body = this.select(cte.stmt?.ast ?? cte.stmt, scope, depth + 1);
      } catch (error) {
        if (error instanceof MetricQueryError && error.message.includes(`(found ${name})`)) refuse("Recursive CTEs are not allowed");
        throw error;
      }
      scope.set(name, body);
    }
    return scope;
  }

  private from(from: Node[] | null | undefined, ctes: Ctes, depth: number): number {
    if (!from) return 0;
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
    const table = identifier(source.table).toLowerCase();
    identifier(source.db);
    if (source.db) refuse(`Schema-qualified names are not allowed (found ${source.db}.${source.table})`);
    if (table === "logs") return 1;
    const cte = ctes.get(table);
    if (cte === undefined) refuse(`Only the logs table can be queried (found ${source.table})`);
    return cte!;
  }

  private expr(node: Node | null | undefined, depth: number): void {
    if (node === null || node === undefined) return;
    this.tick(depth);
    if (isSubquery(node)) refuse("Subqueries are only allowed in FROM; compute in one pass, e.g. 100.0 * sum(flag_status = 'critical') / count(*)");
    if (node.collate) this.collate(node.collate);
    const type = node.type;
    if (LITERALS.has(type)) return;
    switch (type) {
      case "column_ref":
        if (node.table !== null && node.table !== undefined && typeof node.table !== "string") refuse("Unsupported column reference");
        if (typeof node.column !== "string") refuse("Unsupported column reference");
        identifier(node.table);
        identifier(node.column);
        if (this.columns && node.column !== "*" && !this.columns.has(node.column.toLowerCase())) {
          refuse(`Unknown column ${node.column}; logs has ${LOGS_COLUMNS.join(", ")}`);
        }
        return;
      case "star":
        return;
      case "expr_list":
        if ((node.value ?? []).length > MAX_LIST) refuse(`Lists may have at most ${MAX_LIST} items`);
        for (const v of node.value ?? []) this.expr(v, depth + 1);
        return;
      case "unary_expr":
        if (!UNARY_OPERATORS.has(String(node.operator).toUpperCase())) refuse(`Operator ${node.operator} is not allowed`);
        return this.expr(node.expr, depth + 1);
      case "binary_expr":
        return this.binary(node, depth);
      case "function":
        return this.func(node, depth);
      case "aggr_func":
        return this.aggregate(node, depth);
      case "cast":
        for (const t of node.target ?? []) if (!CAST_TYPES.has(String(t.dataType).toUpperCase())) refuse(`CAST to ${t.dataType} is not allowed`);
        return this.expr(node.expr, depth + 1);
      case "case":
        this.expr(node.expr, depth + 1);
        for (const arm of node.args ?? []) {
          if (arm.type !== "when" && arm.type !== "else") refuse("Unsupported CASE expression");
          this.expr(arm.cond, depth + 1);
          this.expr(arm.result, depth + 1);
        }
        return;
      default:
        refuse(`Unsupported expression: ${String(type ?? "unknown")}`);
    }
  }

  private binary(node: Node, depth: number) {
    const op = String(node.operator).toUpperCase();
    if (!BINARY_OPERATORS.has(op)) refuse(`Operator ${node.operator} is not allowed`);
    if (PATTERN_OPERATORS.has(op)) {
      // A literal, short pattern keeps LIKE/GLOB matching linear in practice.
      const pattern = node.right;
      if (!isShortLiteral(pattern)) {
        refuse(`${op} needs a quoted pattern of at most ${MAX_PATTERN} characters`);
      }
      if (pattern.escape && (pattern.escape.value?.type !== "single_quote_string" || String(pattern.escape.value.value).length !== 1)) {
        refuse("ESCAPE needs a single quoted character");
      }
    }
    this.expr(node.left, depth + 1);
    this.expr(node.right, depth + 1);
  }

  private func(node: Node, depth: number) {
    const parts: unknown[] = node.name?.name ?? [];
    const name = parts.map(nameOf).join(".").toLowerCase();
    if (name === "exists") refuse("Subqueries are only allowed in FROM (EXISTS is not supported)");
    if (parts.length !== 1 || !(SCALAR_FUNCTIONS.has(name) || AGGREGATES.has(name))) refuse(`Function ${name || "?"} is not allowed`);
    if (node.over) refuse("Window functions are not allowed");
    const args: Node[] = node.args?.value ?? [];
    for (const i of LITERAL_ARGUMENTS[name] ?? []) {
      if (i < args.length && !isShortLiteral(args[i])) refuse(`${name}() needs quoted text of at most ${MAX_PATTERN} characters as argument ${i + 1}`);
    }
    this.expr(node.args, depth + 1);
  }

  private aggregate(node: Node, depth: number) {
    const name = String(node.name).toLowerCase();
    if (!AGGREGATES.has(name)) refuse(`Function ${name} is not allowed`);
    if (node.over) refuse("Window functions are not allowed");
    if (node.args?.orderby || node.args?.separator) refuse(`Unsupported ${name} arguments`);
    this.expr(node.args?.expr, depth + 1);
  }

  private collate(collate: Node) {
    const name = String(collate?.collate?.name ?? collate?.name ?? "").toUpperCase();
    if (!COLLATIONS.has(name)) refuse(`Collation ${name || "?"} is not allowed`);
  }

  private tick(depth: number) {
    if (++this.nodes > MAX_NODES) refuse("The query is too complex");
    if (depth > MAX_DEPTH) refuse("The query is nested too deeply");
  }
}
