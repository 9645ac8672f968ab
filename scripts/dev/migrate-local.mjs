// `npm run db:migrate:local`: every local D1 database of wrangler.toml migrated (scripts/lib/local-d1.mjs)
// under PERSIST_DIR (wrangler's --persist-to), else .wrangler/state, as `npm start` does before it runs.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateLocalDatabases } from "../lib/local-d1.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const persistRoot = process.env.PERSIST_DIR ? path.resolve(process.env.PERSIST_DIR) : path.join(root, ".wrangler", "state");
for (const [binding, names] of Object.entries(await migrateLocalDatabases({ root, persistRoot })))
  console.log(`${binding}: ${names.length ? `${names.length} applied, the last ${names.at(-1)}` : "up to date"}`);
