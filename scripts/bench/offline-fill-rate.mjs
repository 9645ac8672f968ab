// `npm run bench:offline-fill`: how fast bench:segments' offline fill writes (lib/offline-fill.mjs),
// its rows built on the writing thread (the baseline) and on --builders threads, in the same run, in
// logs/s and in CPU a log (what the fill would do with a free core per thread on a busy machine):
// each fills --logs logs (default 20,000) into fresh migrated database files for a new Enterprise
// organization, one log a second, as bench:segments' fill does (100 a request, checkpointed at the
// end, no rollover).
// Usage: npm run bench:offline-fill -- [--logs 20000] [--builders 2]
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { DEFAULT_BUILDERS } from "./lib/offline-builders.mjs";
import { offlineWriter, writeRange } from "./lib/offline-fill.mjs";
import { bulkLoad, migratedEnv } from "./lib/sqlite-env.mjs";
import { int } from "../lib/cli-args.mjs";

const LOGS = int("logs", 20_000);
const BUILDERS = int("builders", DEFAULT_BUILDERS);
const { createOrganization } = await tsImport("../../worker/src/queries/accounts.ts", import.meta.url);
const { createDb } = await tsImport("../../worker/src/tenancy/db.ts", import.meta.url);

/** One fill of LOGS logs with `builders` builder threads: writeRange's logs a second and CPU a log. */
async function rate(builders) {
  const dir = mkdtempSync(path.join(tmpdir(), "offline-fill-rate-"));
  const { env, sqlite, close } = migratedEnv(dir);
  const { checkpoint } = bulkLoad(sqlite);
  try {
    const { org, key } = await createOrganization(env, createDb(env.DB), { name: "Rate", email: "r@example.com", plan: "enterprise" });
    const writer = await offlineWriter({ env, orgId: org.id, homeShard: org.shard, apiKeyId: key.id, builders });
    const startMs = Date.now() - LOGS * 1_000;
    try {
      return await writeRange(writer, { from: 0, to: LOGS, at: (i) => startMs + i * 1_000, afterwards: checkpoint });
    } finally {
      await writer.close();
    }
  } finally {
    close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = loadavg()[0];
const single = await rate(0);
const threaded = await rate(BUILDERS);
const cores = availableParallelism();
// On a shared machine the wall clock says how much CPU the others left; the CPU a log takes says what
// the fill does with free cores: the writing thread's share bounds it, and so does the total over the cores.
const bound = (r) => Math.max(r.threadCpuMs, r.cpuMs / cores);
const line = (what, r) =>
  `  ${what}: ${r.perSecond.toFixed(0)} logs/s; CPU a log ${r.threadCpuMs.toFixed(2)} ms on the writing thread, ${r.cpuMs.toFixed(2)} ms in all`;
console.log(
  `${LOGS.toLocaleString("en-US")} logs offline, ${cores} cores (load average ${load.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after):`,
);
console.log(line("rows built on the writing thread", single));
console.log(line(`rows built on ${BUILDERS} threads`, threaded));
console.log(
  `  logs/s ×${(threaded.perSecond / single.perSecond).toFixed(2)} here; ×${(bound(single) / bound(threaded)).toFixed(2)} with the cores free`,
);
