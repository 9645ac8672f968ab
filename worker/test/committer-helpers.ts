// The group commit of an organization seen from a test: its committer (the Durable Object the worker
// calls), and a counting wrapper (test/d1-counter.ts) put around the real local D1 it writes to, so
// a test can show how many round trips and write batches a set of requests cost.
import { env, runInDurableObject } from "cloudflare:test";
import { committerOf } from "../src/ingestion/ingest-logs";
import { createDb } from "../src/middleware/db";
import { countingD1 } from "./d1-counter";

/** The organization's committer, as the worker reaches it. */
export const committer = (orgId: string) => committerOf(env, orgId);

/** Counts the D1 work of the organization's committer from now on (its D1 is wrapped, not replaced). */
export async function countCommitter(orgId: string) {
  const counter = countingD1(env.DB);
  const stub = env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName(orgId));
  await runInDurableObject(stub, (instance: DurableObject) => {
    // The committer's one seam to its database (IngestCommitter.database).
    (instance as unknown as { database: () => ReturnType<typeof createDb> }).database = () => createDb(counter.db);
  });
  return {
    ...counter,
    /** Write batches: those that insert logs. */
    writes: () => counter.batches.filter((b) => b.some((s) => s.startsWith('insert into "prompt_logs"'))).length,
  };
}
