// The one chunked delete (retention and the Danger Zone): rows are counted by RETURNING, so the
// count is the rows deleted, not D1's `changes` (which also counts the FTS and aggregate triggers).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dataD1, dataDb, insertLogs, orgShard, placeOnShard, registerOrg } from "../../test/helpers";
import { inChunks } from "./chunks";
import { deleteAllLogs } from "./data";

const logCount = async (orgId: string) =>
  (await (await dataD1(orgId)).prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;

describe("chunked deletes", () => {
  it("deletes every log of the organization in chunks and counts exactly the logs deleted", async () => {
    const [a, b] = [await registerOrg(), await registerOrg()];
    // Both in one database: the statement's org_id, not the shard, must spare B's logs.
    await placeOnShard(b.orgId, await orgShard(a.orgId));
    await insertLogs(
      a.orgId,
      Array.from({ length: 5 }, (_, i) => ({ prompt: `a ${i}` })),
    );
    await insertLogs(
      b.orgId,
      Array.from({ length: 3 }, (_, i) => ({ prompt: `b ${i}` })),
    );
    expect(await deleteAllLogs(await dataDb(a.orgId), a.orgId, 2)).toEqual({ rows: 5, chunks: 3 });
    expect(await logCount(a.orgId)).toBe(0);
    expect(await logCount(b.orgId)).toBe(3);
  });

  it("a set that is an exact multiple of the chunk takes one more, empty, chunk to know it is done", async () => {
    const org = await registerOrg();
    await insertLogs(
      org.orgId,
      Array.from({ length: 4 }, (_, i) => ({ prompt: `x ${i}` })),
    );
    expect(await deleteAllLogs(await dataDb(org.orgId), org.orgId, 2)).toEqual({ rows: 4, chunks: 3 });
  });

  it("stops at maxChunks, leaving the rest for the next run", async () => {
    const org = await registerOrg();
    await insertLogs(
      org.orgId,
      Array.from({ length: 5 }, (_, i) => ({ prompt: `y ${i}` })),
    );
    const statement = sql`DELETE FROM prompt_logs WHERE rowid IN (SELECT rowid FROM prompt_logs WHERE org_id = ${org.orgId} LIMIT 2) RETURNING 1`;
    expect(await inChunks(await dataDb(org.orgId), statement, 2, 2)).toEqual({ rows: 4, chunks: 2 });
    expect(await logCount(org.orgId)).toBe(1);
  });

  it("D1's changes count would overstate the rows: the triggers' writes are in it", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ prompt: "one" }, { prompt: "two" }]);
    const result = await (await dataD1(org.orgId)).prepare("DELETE FROM prompt_logs WHERE org_id = ?").bind(org.orgId).run();
    expect(result.meta.changes).toBeGreaterThan(2);
  });
});
