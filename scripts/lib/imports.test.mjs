// Every relative module and @promptsentry/schema subpath a script names resolves (run by
// `npm run test:schema`). tsc checks the .ts scripts, but most benchmarks are plain .mjs started only
// by hand, and a moved file or folder would otherwise be found by the next person who runs one.
// Static imports and re-exports count, and so do the string paths given to import() and tsx's tsImport().
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const scripts = path.resolve(import.meta.dirname, "..");

/** Every .mjs and .ts file under scripts/. */
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return files(file);
    return /\.(mjs|ts)$/.test(name) && !name.endsWith(".d.mts") ? [file] : [];
  });
}

const SPECIFIERS = [
  /^\s*(?:import|export)\b[^"'`]*?\bfrom\s+["'](\.{1,2}\/[^"']+|@promptsentry\/schema\/[^"']+)["']/gm,
  /\b(?:import|tsImport)\(\s*["'](\.{1,2}\/[^"']+|@promptsentry\/schema\/[^"']+)["']/g,
];
const SCHEMA_PACKAGE = "@promptsentry/schema/";
const schemaDir = path.resolve(scripts, "../schema");

/**
 * Whether a specifier resolves as Node (with its extension) or tsx (without one) would resolve it; the
 * workspace package's subpaths are its files without the extension (schema/package.json `exports`).
 */
function resolves(from, specifier) {
  const target = specifier.startsWith(SCHEMA_PACKAGE)
    ? path.join(schemaDir, specifier.slice(SCHEMA_PACKAGE.length))
    : path.resolve(path.dirname(from), specifier);
  return ["", ".ts", ".mjs", ".js", "/index.ts"].some((ext) => existsSync(target + ext) && statSync(target + ext).isFile());
}

describe("scripts' relative and schema package imports", () => {
  it("all resolve", () => {
    const missing = files(scripts).flatMap((file) => {
      // Template strings that build modules for another directory are not this file's imports.
      const code = readFileSync(file, "utf8").replace(/`(?:\\.|[^`\\])*`/g, "``");
      return SPECIFIERS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]))
        .filter((specifier) => !resolves(file, specifier))
        .map((specifier) => `${path.relative(scripts, file)}: ${specifier}`);
    });
    expect(missing).toEqual([]);
  });
});
