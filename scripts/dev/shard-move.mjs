// `npm run shard:move -- --org <id> --to <n>` (docs/scaling.md "Moving a tenant"): moves one organization's
// data to another shard of the local stack (the D1 files `npm start` uses: .wrangler/state, or
// PERSIST_DIR). It opens the databases through Miniflare as the stack does (scripts/lib/local-d1.mjs), so stop `npm start` first:
// one runtime at a time owns the state directory. Deployed, the same moveTenant runs in a Worker.
import path from "node:path";
import { parseArgs } from "node:util";
import { withLocalDatabases } from "../lib/local-d1.mjs";
// Run through tsx (package.json), which loads the worker's TypeScript module as it is.
import { moveTenant } from "../../worker/src/tenancy/shard-move.ts";

const root = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: { org: { type: "string" }, to: { type: "string" }, "settle-ms": { type: "string", default: "0" } },
});
if (!values.org || values.to === undefined || !/^\d+$/.test(values.to)) {
  console.error("usage: npm run shard:move -- --org <organization id> --to <shard number> [--settle-ms <ms>]");
  process.exit(2);
}
const persistRoot = process.env.PERSIST_DIR ? path.resolve(root, process.env.PERSIST_DIR) : path.join(root, ".wrangler", "state");
try {
  await withLocalDatabases({ root, persistRoot }, async (d1, databases) => {
    const env = Object.fromEntries(await Promise.all(databases.map(async ({ binding }) => [binding, await d1(binding)])));
    const started = Date.now();
    const report = await moveTenant(env, values.org, Number(values.to), { settleMs: Number(values["settle-ms"]) });
    console.log(JSON.stringify(report, null, 1));
    console.log(`moved in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
} catch (error) {
  console.error(`shard move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
