// The local migrations (local-d1.mjs) leave the databases as `wrangler d1 migrations apply
// --local` would: wrangler, asked afterwards, has nothing left to apply (run by `npm run test:schema`).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, migrateLocalDatabases, withLocalDatabases } from "./local-d1.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("migrateLocalDatabases", () => {
  it("applies what is pending to every database, once, where wrangler looks", { timeout: 120_000 }, async () => {
    const all = await readD1Migrations(path.join(root, "schema/migrations"));
    // The control database a few migrations behind, as an older checkout would have left it.
    await withLocalDatabases({ root, persistRoot: dir }, async (d1) => applyMigrations(await d1("DB"), all.slice(0, 3)));
    const first = await migrateLocalDatabases({ root, persistRoot: dir });
    expect(first.DB).toEqual(all.slice(3).map((m) => m.name));
    expect(first.SEG_3).toEqual(all.map((m) => m.name));
    expect(Object.values(await migrateLocalDatabases({ root, persistRoot: dir })).flat()).toEqual([]);
    // One database file per binding, under wrangler's local D1 directory.
    const files = readdirSync(path.join(dir, "v3/d1/miniflare-D1DatabaseObject")).filter((f) => /^[0-9a-f]{64}\.sqlite$/.test(f));
    expect(files.length).toBe(Object.keys(first).length);
    const listed = execFileSync(
      path.join(root, "node_modules/.bin/wrangler"),
      ["d1", "migrations", "list", "SEG_3", "--local", "--persist-to", dir],
      {
        cwd: root,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
        encoding: "utf8",
      },
    );
    expect(listed).toContain("No migrations to apply");
  });
});
