// bench:segments' offline fill (lib/offline-fill.mjs) of a stack's state directory: the stack starts
// once to create and migrate its databases and is stopped; the organization is created the product's
// way (createOrganization: Enterprise, on the emptiest shard, with its admin key) so it holds only the
// fill's logs; then the logs go straight into its files along a timeline ending when the fill began,
// 100 a request as the SDKs send them, the first 1/(segments + 1) with no budget and the rest rolled
// over by the minute schedule at a budget of what that first segment weighs. Resumable per 100,000.
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { offlineWriter, timeline, writeRange } from "./offline-fill.mjs";
import { databaseBytes } from "./d1-sqlite.mjs";
import { bulkLoad, envOver, stackFiles } from "./sqlite-env.mjs";
import { startLocalStack } from "../../lib/local-stack.mjs";

const CHUNK = 100_000;
const DAY_MS = 86_400_000;

/** Creates the organization the fill writes to (once), in the stack's files: marker.{orgId, key, apiKeyId, homeShard}. */
async function createFillOrganization(dir, marker, save) {
  const stack = await startLocalStack({ dir, portBase: 18_900, timeoutMs: 600_000 });
  await stack.stop();
  const files = await stackFiles(dir);
  const { env, close } = envOver(files);
  try {
    const { createOrganization } = await tsImport("../../../worker/src/queries/accounts.ts", import.meta.url);
    const { createDb } = await tsImport("../../../worker/src/tenancy/db.ts", import.meta.url);
    const { org, key } = await createOrganization(env, createDb(env.DB), {
      name: "Segments bench",
      email: "segments@example.com",
      plan: "enterprise",
    });
    Object.assign(marker, { orgId: org.id, key: key.key, apiKeyId: key.id, homeShard: org.shard });
    save();
  } finally {
    close();
  }
}

/**
 * Fills `logs` logs offline into `dir` (resuming from marker.filled), spread over `spanDays` days.
 * `builders`: threads that build rows beside the one that writes (lib/offline-builders.mjs).
 * @param {{ dir: string, marker: any, save: () => void, logs: number, segments: number, spanDays: number, builders: number, say: (line: string) => void }} o
 */
export async function fillOffline({ dir, marker, save, logs, segments, spanDays, builders, say }) {
  if (!marker.orgId) await createFillOrganization(dir, marker, save);
  marker.fill = "offline";
  marker.builders = builders;
  marker.timeline ??= { startMs: Date.now() - spanDays * DAY_MS, spanMs: spanDays * DAY_MS };
  save();
  const at = timeline({ total: logs, ...marker.timeline });
  const first = Math.ceil(logs / (segments + 1));
  const files = await stackFiles(dir);
  const { env, sqlite, close } = envOver(files);
  const { checkpoint } = bulkLoad(sqlite);
  const homeBinding = `DATA_${marker.homeShard}`;
  const writer = await offlineWriter({
    env,
    orgId: marker.orgId,
    homeShard: marker.homeShard,
    apiKeyId: marker.apiKeyId,
    budget: marker.budget ?? null,
    builders,
  });
  try {
    while (marker.filled < logs) {
      // Segment 0's share ends a chunk of its own: the budget is what it weighs then.
      const upTo = Math.min(marker.filled < first ? first : logs, marker.filled + CHUNK);
      const { perSecond: rate } = await writeRange(writer, { from: marker.filled, to: upTo, at, afterwards: checkpoint });
      // A short chunk (what completes segment 0's share after a resume) is mostly the generator's warm-up.
      if (upTo - marker.filled >= 10_000) marker.rowsPerSecond = [...(marker.rowsPerSecond ?? []), Math.round(rate)];
      marker.filled = upTo;
      if (!marker.budget && marker.filled >= first) {
        marker.budget = databaseBytes(sqlite[homeBinding]);
        await writer.setBudget(marker.budget);
        say(`  the budget is segment 0's size: ${(marker.budget / 1e9).toFixed(2)} GB`);
      }
      save();
      say(`    ${marker.filled.toLocaleString("en-US")} logs, ${rate.toFixed(0)} logs/s`);
    }
  } finally {
    await writer.close();
    close();
  }
  return path.basename(dir);
}
