// A D1 binding that counts round trips (each statement run alone, or one batch) on the way to the real
// local D1, so a test can show how many a request costs (docs/performance.md#row-1-single-log-ingestion). Statements handed to batch() are
// unwrapped first: D1 only accepts its own.
export type D1Counter = { db: D1Database; roundTrips: () => number; sql: string[]; batches: string[][] };

export function countingD1(real: D1Database): D1Counter {
  let roundTrips = 0;
  const sql: string[] = [];
  /** The statements of each batch, in order (their SQL). */
  const batches: string[][] = [];
  const inner = new WeakMap<object, D1PreparedStatement>();
  const texts = new WeakMap<object, string>();
  const RUNS = new Set(["all", "run", "first", "raw"]);
  const wrap = (stmt: D1PreparedStatement, text: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args), text);
        const value = Reflect.get(target, prop, target);
        if (typeof prop === "string" && RUNS.has(prop)) {
          return (...args: unknown[]) => {
            roundTrips++;
            sql.push(text);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    inner.set(proxy, stmt);
    texts.set(proxy, text);
    return proxy;
  };
  const db = new Proxy(real, {
    get(target, prop) {
      if (prop === "prepare") return (text: string) => wrap(target.prepare(text), text);
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          roundTrips++;
          sql.push(`batch(${stmts.length})`);
          batches.push(stmts.map((s) => texts.get(s) ?? "?"));
          return target.batch(stmts.map((s) => inner.get(s) ?? s));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, roundTrips: () => roundTrips, sql, batches };
}
