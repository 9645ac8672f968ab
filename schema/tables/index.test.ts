// drizzle-kit (schema/drizzle.config.ts), the worker's drizzle client and the migration tests read
// the tables through index.ts alone: a table declared in an area module but not re-exported there
// would get no migration and no check. Every table of every module here must be in the index.
import { readdirSync } from "node:fs";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as index from "./index";

const tableNames = (module: Record<string, unknown>) =>
  Object.values(module)
    .filter((x) => is(x, SQLiteTable))
    .map((t) => getTableName(t as SQLiteTable));

describe("schema/tables/index.ts", () => {
  it("re-exports every table of every area module", async () => {
    const indexed = new Set(tableNames(index));
    const modules = readdirSync(import.meta.dirname).filter((f) => f.endsWith(".ts") && f !== "index.ts" && !f.endsWith(".test.ts"));
    const declared = (await Promise.all(modules.map(async (f) => tableNames(await import(`./${f.slice(0, -3)}`))))).flat();
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((name) => !indexed.has(name))).toEqual([]);
  });
});
