// Creating organizations in a local stack's D1 the way `npm start` makes the demo one: scripts/dev/seed.ts
// writes the control rows (organization, settings, team, key) and the data rows (its demo month of
// logs and alerts, for its shard) as SQL, and `wrangler d1 execute --local` applies each to its
// database. Shared by scripts/dev/start.mjs (the demo organization) and the benchmarks' datasets.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Seeds `count` organizations; answers their admin API keys. `persistTo` is wrangler's
 * `--persist-to` argument pair (empty for the default state directory); `tmpDir` holds the SQL files
 * while they are applied. The seed places its organizations on shard 0 (DATA_0).
 * @param {{ root: string, env: NodeJS.ProcessEnv, persistTo: string[], tmpDir: string, count?: number, keyFile?: string, stdio?: import("node:child_process").StdioOptions }} options
 */
export function seedOrganizations({ root, env, persistTo, tmpDir, count = 1, keyFile, stdio = ["ignore", "ignore", "inherit"] }) {
  const bin = (name) => path.join(root, "node_modules", ".bin", name);
  const work = mkdtempSync(path.join(tmpDir, "seed-"));
  const control = [];
  const data = [];
  const keys = [];
  try {
    for (let i = 0; i < count; i++) {
      const [sqlFile, dataFile, key] = ["control.sql", "data.sql", "key"].map((f) => path.join(work, `${i}-${f}`));
      execFileSync(bin("tsx"), ["scripts/dev/seed.ts", sqlFile, dataFile, key], { cwd: root, env, stdio: "ignore" });
      control.push(readFileSync(sqlFile, "utf8"));
      data.push(readFileSync(dataFile, "utf8"));
      keys.push(readFileSync(key, "utf8").trim());
    }
    // The organizations' rows to the control database, their logs and alerts to their shard.
    for (const [binding, sql] of [
      ["DB", control],
      ["DATA_0", data],
    ]) {
      const file = path.join(work, `${binding}.sql`);
      writeFileSync(file, sql.join("\n"));
      execFileSync(bin("wrangler"), ["d1", "execute", binding, "--local", ...persistTo, "--file", file], { cwd: root, env, stdio });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // The one file that holds a key on purpose (mode 0600).
  if (keyFile && keys.length) writeFileSync(keyFile, `${keys[0]}\n`, { mode: 0o600 });
  return keys;
}
