import { QueryClient, QueryObserver, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { logKeys } from "../../api/logs";
import type { PromptLog } from "../../api/types";
import { applyNewLog, insertByTime, matchesFilters, pendingKey } from "./liveCache";

let seq = 0;
const log = (over: Partial<PromptLog> = {}): PromptLog =>
  ({
    id: `01LOG${String(++seq).padStart(4, "0")}`,
    createdAt: new Date(Date.UTC(2026, 10, 28, 4, 0, seq)).toISOString(),
    model: "gpt-4o",
    prompt: "p",
    response: "r",
    flagStatus: "safe",
    flagReasons: [],
    userId: null,
    sessionId: null,
    blocked: false,
    ...over,
  }) as PromptLog;

type Pages = InfiniteData<PromptLog[], string | undefined>;
const pages = (...p: PromptLog[][]): Pages => ({ pages: p, pageParams: p.map((_, i) => (i ? `c${i}` : undefined)) });
const watch = (qc: QueryClient, queryKey: readonly unknown[]) => new QueryObserver(qc, { queryKey, enabled: false }).subscribe(() => {});

describe("matchesFilters", () => {
  it("decides the filters GET /api/logs decides the same way", () => {
    const l = log({ flagStatus: "critical", model: "GPT-4o-mini", userId: "u1", blocked: true });
    expect(matchesFilters(l, {})).toBe("yes");
    expect(matchesFilters(l, { flagStatus: "critical" })).toBe("yes");
    expect(matchesFilters(l, { flagStatus: "warning,critical" })).toBe("yes");
    expect(matchesFilters(l, { flagStatus: "safe" })).toBe("no");
    expect(matchesFilters(l, { model: "gpt-4" })).toBe("yes");
    expect(matchesFilters(l, { model: "claude" })).toBe("no");
    expect(matchesFilters(l, { blocked: true })).toBe("yes");
    expect(matchesFilters(l, { blocked: false })).toBe("no");
    expect(matchesFilters(l, { from: "2026-11-28T00:00:00Z", to: "2026-11-29T00:00:00Z" })).toBe("yes");
    expect(matchesFilters(l, { to: "2026-11-27T00:00:00Z" })).toBe("no");
    expect(matchesFilters(l, { from: "2026-11-29T00:00:00Z" })).toBe("no");
    expect(matchesFilters(l, { userId: "u1" })).toBe("yes");
    expect(matchesFilters(log({ userId: null }), { userId: "u1" })).toBe("no");
  });

  it("leaves to the server what only it can tell: a search, a fingerprint, a filter it does not know, a redacted user", () => {
    const l = log();
    expect(matchesFilters(l, { search: "hello" })).toBe("unknown");
    expect(matchesFilters(l, { fingerprint: "ab".repeat(8) })).toBe("unknown");
    expect(matchesFilters(l, { sessionId: "s1" })).toBe("unknown");
    expect(matchesFilters(log({ userId: "fp:abc" }), { userId: "u1" })).toBe("unknown");
    // A known mismatch wins over an unknown filter.
    expect(matchesFilters(l, { search: "hello", flagStatus: "critical" })).toBe("no");
  });
});

describe("insertByTime", () => {
  it("keeps newest first, drops an older copy and trims", () => {
    const [a, b, c] = [log(), log(), log()];
    expect(insertByTime([c, a], b).map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect(insertByTime([b, a], { ...b, prompt: "new" }).map((l) => [l.id, l.prompt])).toEqual([
      [b.id, "new"],
      [a.id, "p"],
    ]);
    expect(insertByTime([b, a], c, 2).map((l) => l.id)).toEqual([c.id, b.id]);
  });
});

describe("applyNewLog", () => {
  it("puts a matching log on top of every list that can tell, and nowhere it does not belong", () => {
    const qc = new QueryClient();
    const old = log();
    qc.setQueryData(logKeys.list({}), pages([old]));
    qc.setQueryData(logKeys.list({ flagStatus: "critical" }), pages([]));
    qc.setQueryData(logKeys.flagged(), [] as PromptLog[]);
    const fresh = log({ flagStatus: "warning" });
    applyNewLog(qc, fresh);
    expect(qc.getQueryData<Pages>(logKeys.list({}))?.pages[0].map((l) => l.id)).toEqual([fresh.id, old.id]);
    expect(qc.getQueryData<Pages>(logKeys.list({ flagStatus: "critical" }))?.pages[0]).toEqual([]);
    expect(qc.getQueryData<PromptLog[]>(logKeys.flagged())?.map((l) => l.id)).toEqual([fresh.id]);
    // Twice (a reconnect replays) is still once.
    applyNewLog(qc, fresh);
    expect(qc.getQueryData<Pages>(logKeys.list({}))?.pages[0]).toHaveLength(2);
  });

  it("leaves safe logs out of Red Flags", () => {
    const qc = new QueryClient();
    qc.setQueryData(logKeys.flagged(), [] as PromptLog[]);
    applyNewLog(qc, log({ flagStatus: "safe" }));
    expect(qc.getQueryData(logKeys.flagged())).toEqual([]);
  });

  it("counts a log a searched list on screen cannot place, once per log; off screen the list is marked stale", () => {
    const qc = new QueryClient();
    const searched = logKeys.list({ search: "hello" });
    qc.setQueryData(searched, pages([]));
    const unsubscribe = watch(qc, searched);
    const [a, b] = [log(), log()];
    applyNewLog(qc, a);
    applyNewLog(qc, a);
    applyNewLog(qc, b);
    expect(qc.getQueryData(pendingKey(searched))).toEqual([a.id, b.id]);
    expect(qc.getQueryData<Pages>(searched)?.pages[0]).toEqual([]);
    unsubscribe();
    applyNewLog(qc, log());
    expect(qc.getQueryState(searched)?.isInvalidated).toBe(true);
  });

  it("does not slip a late log between loaded pages: it counts as pending", () => {
    const qc = new QueryClient();
    const late = log();
    const [x, y] = [log(), log()];
    qc.setQueryData(logKeys.list({}), pages([y], [x]));
    const unsubscribe = watch(qc, logKeys.list({}));
    applyNewLog(qc, late);
    expect(
      qc
        .getQueryData<Pages>(logKeys.list({}))
        ?.pages.flat()
        .map((l) => l.id),
    ).toEqual([y.id, x.id]);
    expect(qc.getQueryData(pendingKey(logKeys.list({})))).toEqual([late.id]);
    unsubscribe();
  });
});
