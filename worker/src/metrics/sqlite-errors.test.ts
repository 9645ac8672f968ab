// Run errors of metric queries say what is wrong without stored values or names the user never wrote.
import { describe, expect, it } from "vitest";
import { dataDb, insertLogs, registerOrg } from "../../test/helpers";
import { computeMetricValue } from "./run";
import { GENERIC_QUERY_FAILURE, userFacingSqliteMessage } from "./sqlite-errors";

const MARKER = "STORED-PROMPT-MARKER-91c2";

describe("metric run errors", () => {
  it("never quote a stored value: a JSON path taken from a column fails with a clear message", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ prompt: MARKER, metadata: { team: "a" }, createdAt: new Date() }]);
    const run = computeMetricValue(
      await dataDb(org.orgId),
      org.orgId,
      { query: "SELECT json_extract(metadata, prompt) FROM logs", type: "count", visualization: "number" },
      Date.now(),
    );
    await expect(run).rejects.toThrow("The query failed: a JSON path is not valid");
    await expect(run).rejects.not.toThrow(MARKER);
  });

  it("keep SQLite's words when they only name what the user wrote", async () => {
    const org = await registerOrg();
    const data = await dataDb(org.orgId);
    const run = (query: string) => computeMetricValue(data, org.orgId, { query, type: "count", visualization: "number" }, Date.now());
    await expect(run("SELECT count(*) FROM logs GROUP BY 5")).rejects.toThrow(
      "The query failed: 1st GROUP BY term out of range - should be between 1 and 1",
    );
    await expect(run("SELECT sum(count(*)) FROM logs")).rejects.toThrow("The query failed: misuse of aggregate function COUNT()");
  });

  it("hide internal names and unknown shapes behind one sentence", () => {
    const q = "SELECT count(*) FROM logs";
    expect(userFacingSqliteMessage("table metric_result has 1 values for 2 columns", q)).toBe(GENERIC_QUERY_FAILURE);
    expect(userFacingSqliteMessage("no such column: org_id", q)).toBe(GENERIC_QUERY_FAILURE);
    expect(userFacingSqliteMessage("no such table: prompt_logs", q)).toBe(GENERIC_QUERY_FAILURE);
    expect(userFacingSqliteMessage("no such column: modl", "SELECT modl FROM logs")).toBe("no such column: modl");
    expect(userFacingSqliteMessage("wrong number of arguments to function abs()", "SELECT abs(1, 2) FROM logs")).toBe(
      "wrong number of arguments to function abs()",
    );
  });
});
