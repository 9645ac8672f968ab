// The deploy's decision whether migration 0024 may run on a remote database, from what wrangler
// answers (no network: the answers are wrangler's own output, as `d1 execute --json` prints it).
import { describe, expect, it } from "vitest";
import { type Answer, contractProblem, parseAnswer } from "./search-contract";

const rows = (...r: Record<string, unknown>[]): Answer => ({ rows: r });
const noSuchTable = (table: string): Answer => ({ error: `no such table: ${table}: SQLITE_ERROR` });
const never = async (): Promise<Answer> => {
  throw new Error("not asked");
};

describe("parseAnswer", () => {
  it("reads the rows of a statement, and the error text wrangler prints on failure", () => {
    expect(parseAnswer(0, JSON.stringify([{ results: [{ pending: 1 }], success: true, meta: {} }]), "")).toEqual(rows({ pending: 1 }));
    expect(
      parseAnswer(1, "", JSON.stringify({ error: { text: "no such table: search_trigrams_rebuild: SQLITE_ERROR" } }, null, 2)),
    ).toEqual(noSuchTable("search_trigrams_rebuild"));
  });

  it("turns anything else into an error, never into an answer", () => {
    expect(parseAnswer(0, "not json", "")).toEqual({ error: "unexpected output: not json" });
    expect(parseAnswer(0, "[]", "")).toEqual({ error: "unexpected output: []" });
    expect(parseAnswer(1, "", "✘ [ERROR] You are not logged in.")).toEqual({ error: "✘ [ERROR] You are not logged in." });
    expect(parseAnswer(null, "", "")).toEqual({ error: "wrangler exited with null" });
  });
});

describe("contractProblem", () => {
  it("refuses while the rebuild has rowids left, and allows once it has none", async () => {
    expect(await contractProblem("DATA_0", rows({ pending: 1 }), never)).toMatch(/DATA_0: prompt_logs_trigrams is still being rebuilt/);
    expect(await contractProblem("DATA_0", rows({ pending: 0 }), never)).toBeNull();
  });

  it("allows a database that already ran 0024 (cursor gone, index there) and one no migration reached", async () => {
    expect(await contractProblem("SEG_1", noSuchTable("search_trigrams_rebuild"), async () => rows({ trigrams: 1, logs: 1 }))).toBeNull();
    expect(await contractProblem("SEG_1", noSuchTable("search_trigrams_rebuild"), async () => noSuchTable("prompt_logs"))).toBeNull();
    expect(await contractProblem("SEG_1", noSuchTable("search_trigrams_rebuild"), async () => rows({ trigrams: 0, logs: 0 }))).toBeNull();
  });

  it("refuses a database before 0021 that holds logs: 0024 would index them all in one statement", async () => {
    expect(await contractProblem("DATA_1", noSuchTable("search_trigrams_rebuild"), async () => rows({ trigrams: 0, logs: 1 }))).toMatch(
      /DATA_1: holds logs and has not run migration 0021/,
    );
  });

  it("refuses when it cannot tell (login, network, any other error)", async () => {
    expect(await contractProblem("DATA_0", { error: "fetch failed" }, never)).toMatch(/DATA_0: cannot tell .*fetch failed/);
    expect(await contractProblem("DATA_0", noSuchTable("search_trigrams_rebuild"), async () => ({ error: "timeout" }))).toMatch(
      /cannot tell .*timeout/,
    );
  });
});
