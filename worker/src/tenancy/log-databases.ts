// Every database that holds logs, for the jobs that work through all of them (the backfills): each
// data shard, then each pool database holding a live segment (docs/scaling.md#step-3--segments). A
// pool database is named once however many segments it has held, and one whose segments were all
// dropped (emptied, or never used) is not visited.
import type { Bindings, Db } from "../env";
import { createDb } from "./db";
import { livePoolSegmentsByDb, poolD1 } from "./segments";
import { allShards } from "./shards";

export async function logDatabases(env: Bindings, control: Db): Promise<Db[]> {
  const pool = [...(await livePoolSegmentsByDb(control)).keys()].map((name) => createDb(poolD1(env, name)));
  return [...allShards(env).map(({ data }) => data), ...pool];
}
