/// <reference types="vite/client" />
// The worker's layout rule (docs/auth-and-tenancy.md#where-the-code-lives): middleware/ holds the Hono
// wrappers that app.ts and the routes put on requests; everything else reaches auth, tenancy and
// database access through auth/ and tenancy/, never through middleware/. Read from the sources as
// bundled (tests run inside workerd, which has no file system).
import { describe, expect, it } from "vitest";

const sources = {
  ...import.meta.glob<string>(["./**/*.ts", "!./**/*.d.ts"], { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../test/**/*.ts", { query: "?raw", import: "default", eager: true }),
};

/** Every module specifier of a source: static and dynamic imports, and re-exports. */
function specifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)) out.push(m[1]);
  return out;
}

/** A relative specifier resolved against the importing file's folder, as a path from this folder. */
function resolve(from: string, specifier: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  // A test file's "../src/x" is this folder's "./x".
  return parts.join("/").replace(/^\.\.\/src\//, "./");
}

/** Files allowed to import middleware/: the app, the routes and middleware itself. */
const mayImportMiddleware = (file: string) => /^\.\/(app\.ts$|routes\/|middleware\/)/.test(file);

/** The imports of middleware/ made by files that may not. */
function middlewareImports(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (mayImportMiddleware(file)) continue;
    for (const spec of specifiers(source))
      if (spec.startsWith(".") && resolve(file, spec).startsWith("./middleware/")) found.push(`${file} → ${spec}`);
  }
  return found;
}

describe("worker layout", () => {
  it("reads the sources it judges", () => {
    expect(Object.keys(sources)).toContain("./app.ts");
    expect(Object.keys(sources)).toContain("./middleware/auth.ts");
    expect(Object.keys(sources).some((f) => f.startsWith("../test/"))).toBe(true);
  });

  it("finds an import of middleware/ from outside the routes", () => {
    expect(
      middlewareImports({
        "./ingestion/x.ts": 'import { createDb } from "../middleware/db";',
        "./y.ts": "import type { A } from './middleware/auth';",
        "../test/z.ts": 'const m = await import("../src/middleware/guard");',
        "./routes/ok.ts": 'import { guard } from "../middleware/guard";',
        "./app.ts": 'import { withDb } from "./middleware/db";',
        "./ingestion/fine.ts": 'import { createDb } from "../tenancy/db";',
      }),
    ).toEqual(["./ingestion/x.ts → ../middleware/db", "./y.ts → ./middleware/auth", "../test/z.ts → ../src/middleware/guard"]);
  });

  it("imports middleware/ only from app.ts and routes/", () => {
    expect(middlewareImports(sources)).toEqual([]);
  });
});
