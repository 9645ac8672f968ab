import { describe, expect, it } from "vitest";
import { call, expectEnvelope, insertLogs, keyWith, registerOrg } from "../../test/helpers";

const MINUTE = 60_000;
const ids = (body: { id: string }[]) => body.map((l) => l.id);
const sorted = (xs: string[]) => [...xs].sort();

/** Logs at distinct times, `i` minutes ago (i = 0 is the newest). */
const minutesAgo = (i: number, base = Date.now()) => new Date(base - i * MINUTE);

describe("GET /api/logs", () => {
  it("answers the organization's logs newest first in the log shape", async () => {
    const org = await registerOrg();
    const rows = await insertLogs(org.orgId, [
      { createdAt: minutesAgo(3), prompt: "third", userId: "u1", tokenCount: 12, estimatedCost: 0.25, latencyMs: 40, source: "sdk" },
      { createdAt: minutesAgo(1), prompt: "first", flagStatus: "critical", flagReasons: ["prompt_injection"] },
      { createdAt: minutesAgo(2), prompt: "second", metadata: { team: "a" } },
    ]);
    const res = await call("GET", "/logs", { key: org.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.map((l: any) => l.prompt)).toEqual(["first", "second", "third"]);
    const oldest = res.body[2];
    expect(oldest).toEqual({
      id: rows[0].id,
      createdAt: rows[0].createdAt.toISOString(),
      model: "gpt-4",
      userId: "u1",
      sessionId: null,
      prompt: "third",
      response: "General Kenobi",
      tokenCount: 12,
      estimatedCost: 0.25,
      latencyMs: 40,
      source: "sdk",
      metadata: null,
      flagStatus: "safe",
      flagReasons: [],
      findings: [],
      contentExpired: false,
      blocked: false,
    });
    expect(res.body[0]).toMatchObject({ flagStatus: "critical", flagReasons: ["prompt_injection"] });
    expect(res.body[1].metadata).toEqual({ team: "a" });
  });

  it("lists, finds and counts logs stored through POST /api/logs and /api/logs/batch", async () => {
    const org = await registerOrg();
    const one = await call("POST", "/logs", {
      key: org.apiKey,
      body: { prompt: "Summarise the quarterly pelican report", response: "Pelicans are up", model: "gpt-4o", userId: "eve", tokenCount: 120, estimatedCost: 0.5 },
    });
    expect(one.status).toBe(201);
    const batch = await call("POST", "/logs/batch", {
      key: org.apiKey,
      body: { logs: [{ prompt: "Translate hello", response: "Bonjour pelican", model: "claude-3-haiku", userId: "frank" }, { prompt: "Plain", response: "text", model: "gpt-3.5-turbo" }] },
    });
    expect(batch.status).toBe(201);
    const list = await call("GET", "/logs", { key: org.apiKey });
    expect(sorted(ids(list.body))).toEqual(sorted([one.body.id, ...batch.body.ids]));
    expect((await call("GET", `/logs/${one.body.id}`, { key: org.apiKey })).body).toEqual(one.body);
    expect(sorted(ids((await call("GET", "/logs?search=pelican", { key: org.apiKey })).body))).toEqual(sorted([one.body.id, batch.body.ids[0]]));
    expect(ids((await call("GET", "/logs?model=gpt-4", { key: org.apiKey })).body)).toEqual([one.body.id]);
    expect(ids((await call("GET", "/logs?userId=frank", { key: org.apiKey })).body)).toEqual([batch.body.ids[0]]);
    const stats = await call("GET", "/stats", { key: org.apiKey });
    expect(stats.body).toMatchObject({ totalPrompts: 3, activeUsers: 2 });
  });

  it("accepts the key as ?apiKey and the session cookie", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ prompt: "via query" }]);
    const byQuery = await call("GET", `/logs?apiKey=${org.apiKey}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.map((l: any) => l.prompt)).toEqual(["via query"]);
    const byCookie = await call("GET", "/logs", { cookie: org.cookie });
    expect(byCookie.body.map((l: any) => l.prompt)).toEqual(["via query"]);
  });

  describe("filters", () => {
    it("searches full text over prompt and response", async () => {
      const org = await registerOrg();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(1), prompt: "How do I bake sourdough bread?", response: "Use a starter." },
        { createdAt: minutesAgo(2), prompt: "Tell me a joke", response: "Sourdough walks into a bar" },
        { createdAt: minutesAgo(3), prompt: "Weather today", response: "Sunny" },
      ]);
      const res = await call("GET", "/logs?search=sourdough", { key: org.apiKey });
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([rows[0].id, rows[1].id]);
      // Several words must all match, in either column, anywhere in a word (trigram index).
      expect(ids((await call("GET", "/logs?search=joke%20sourd", { key: org.apiKey })).body)).toEqual([rows[1].id]);
      expect(ids((await call("GET", "/logs?search=SUNNY", { key: org.apiKey })).body)).toEqual([rows[2].id]);
      // Substrings match too (part of a word or identifier).
      expect(ids((await call("GET", "/logs?search=ourdoug", { key: org.apiKey })).body)).toEqual([rows[0].id, rows[1].id]);
      expect((await call("GET", "/logs?search=nothingmatches", { key: org.apiKey })).body).toEqual([]);
    });

    it("treats FTS syntax characters in the search text literally and never errors", async () => {
      const org = await registerOrg();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(1), prompt: 'say "hello" OR (goodbye)*', response: "ok" },
        { createdAt: minutesAgo(2), prompt: "goodbye only", response: "ok" },
      ]);
      for (const search of ['"hello', 'hello"', "hello*", "hello OR goodbye", "(hello", "hello)", 'NEAR("a" b)', "a:b", "-hello", "^hello", "AND", "*", '"', "()", "{col}:x", "'; DROP TABLE prompt_logs; --"]) {
        const res = await call("GET", `/logs?search=${encodeURIComponent(search)}`, { key: org.apiKey });
        expect(res.status, `search ${search}: ${res.text}`).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
      }
      // "OR" is a word, not an operator: only the log that contains hello, or and goodbye matches.
      const or = await call("GET", `/logs?search=${encodeURIComponent("hello OR goodbye")}`, { key: org.apiKey });
      expect(ids(or.body)).toEqual([rows[0].id]);
      const quoted = await call("GET", `/logs?search=${encodeURIComponent('"hello" (goodbye)*')}`, { key: org.apiKey });
      expect(ids(quoted.body)).toEqual([rows[0].id]);
      // A search with no words at all matches nothing rather than everything.
      expect((await call("GET", `/logs?search=${encodeURIComponent('"*()')}`, { key: org.apiKey })).body).toEqual([]);
      // An empty search is no filter.
      expect((await call("GET", "/logs?search=", { key: org.apiKey })).body).toHaveLength(2);
    });

    it("filters by one flag status and by a comma list", async () => {
      const org = await registerOrg();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(1), flagStatus: "safe" },
        { createdAt: minutesAgo(2), flagStatus: "warning" },
        { createdAt: minutesAgo(3), flagStatus: "critical" },
        { createdAt: minutesAgo(4), flagStatus: "warning" },
      ]);
      const warning = await call("GET", "/logs?flagStatus=warning", { key: org.apiKey });
      expect(ids(warning.body)).toEqual([rows[1].id, rows[3].id]);
      const red = await call("GET", "/logs?flagStatus=warning,critical&limit=100", { key: org.apiKey });
      expect(ids(red.body)).toEqual([rows[1].id, rows[2].id, rows[3].id]);
      const spaced = await call("GET", `/logs?flagStatus=${encodeURIComponent("critical, safe")}`, { key: org.apiKey });
      expect(ids(spaced.body)).toEqual([rows[0].id, rows[2].id]);
    });

    it("filters by model family prefix, case-insensitively", async () => {
      const org = await registerOrg();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(1), model: "gpt-4" },
        { createdAt: minutesAgo(2), model: "gpt-4o" },
        { createdAt: minutesAgo(3), model: "gpt-3.5-turbo" },
        { createdAt: minutesAgo(4), model: "claude-3-opus" },
        { createdAt: minutesAgo(5), model: "GPT-4-turbo" },
      ]);
      expect(ids((await call("GET", "/logs?model=gpt-4", { key: org.apiKey })).body)).toEqual([rows[0].id, rows[1].id, rows[4].id]);
      expect(ids((await call("GET", "/logs?model=GPT-4", { key: org.apiKey })).body)).toEqual([rows[0].id, rows[1].id, rows[4].id]);
      expect(ids((await call("GET", "/logs?model=gpt-3.5", { key: org.apiKey })).body)).toEqual([rows[2].id]);
      expect(ids((await call("GET", "/logs?model=claude", { key: org.apiKey })).body)).toEqual([rows[3].id]);
      // LIKE wildcards in the filter are literal.
      expect((await call("GET", "/logs?model=%25", { key: org.apiKey })).body).toEqual([]);
      expect((await call("GET", "/logs?model=gpt_4", { key: org.apiKey })).body).toEqual([]);
    });

    it("filters by userId and by from/to, and combines filters", async () => {
      const org = await registerOrg();
      const now = Date.now();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(10, now), userId: "alice", flagStatus: "warning" },
        { createdAt: minutesAgo(20, now), userId: "bob" },
        { createdAt: minutesAgo(30, now), userId: "alice" },
        { createdAt: minutesAgo(40, now), userId: "alice", flagStatus: "warning" },
      ]);
      expect(ids((await call("GET", "/logs?userId=alice", { key: org.apiKey })).body)).toEqual([rows[0].id, rows[2].id, rows[3].id]);
      const from = minutesAgo(30, now).toISOString();
      const to = minutesAgo(10, now).toISOString();
      // Both bounds are inclusive.
      const range = await call("GET", `/logs?from=${from}&to=${to}`, { key: org.apiKey });
      expect(ids(range.body)).toEqual([rows[0].id, rows[1].id, rows[2].id]);
      expect(ids((await call("GET", `/logs?from=${minutesAgo(25, now).toISOString()}`, { key: org.apiKey })).body)).toEqual([rows[0].id, rows[1].id]);
      expect(ids((await call("GET", `/logs?to=${minutesAgo(25, now).toISOString()}`, { key: org.apiKey })).body)).toEqual([rows[2].id, rows[3].id]);
      const combined = await call("GET", `/logs?userId=alice&flagStatus=warning&from=${minutesAgo(35, now).toISOString()}`, { key: org.apiKey });
      expect(ids(combined.body)).toEqual([rows[0].id]);
    });
  });

  describe("limit and pagination", () => {
    it("answers 50 by default and at most 200", async () => {
      const org = await registerOrg();
      const now = Date.now();
      await insertLogs(org.orgId, Array.from({ length: 205 }, (_, i) => ({ createdAt: minutesAgo(i, now) })));
      const def = await call("GET", "/logs", { key: org.apiKey });
      expect(def.body).toHaveLength(50);
      expect((await call("GET", "/logs?limit=10", { key: org.apiKey })).body).toHaveLength(10);
      expect((await call("GET", "/logs?limit=1", { key: org.apiKey })).body).toHaveLength(1);
      const max = await call("GET", "/logs?limit=200", { key: org.apiKey });
      expect(max.body).toHaveLength(200);
      const times = max.body.map((l: any) => Date.parse(l.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const over = expectEnvelope(await call("GET", "/logs?limit=201", { key: org.apiKey }), 400, "validation_failed");
      expect(over.issues?.limit).toEqual(["Must be a whole number between 1 and 200"]);
      expect(expectEnvelope(await call("GET", "/logs?limit=0", { key: org.apiKey }), 400).issues?.limit).toBeDefined();
    });

    it("pages with `before` into disjoint pages covering every row once, even with identical createdAt", async () => {
      const org = await registerOrg();
      const now = Date.now();
      const same = new Date(now - 5 * MINUTE);
      const rows = await insertLogs(org.orgId, [
        ...Array.from({ length: 4 }, (_, i) => ({ createdAt: minutesAgo(i, now) })),
        ...Array.from({ length: 13 }, () => ({ createdAt: same })),
        ...Array.from({ length: 6 }, (_, i) => ({ createdAt: minutesAgo(10 + i, now) })),
      ]);
      const seen: string[] = [];
      const pages: string[][] = [];
      let before: string | undefined;
      for (let guard = 0; guard < 20; guard++) {
        const res = await call("GET", `/logs?limit=5${before ? `&before=${before}` : ""}`, { key: org.apiKey });
        expect(res.status).toBe(200);
        if (res.body.length === 0) break;
        pages.push(ids(res.body));
        seen.push(...ids(res.body));
        before = res.body[res.body.length - 1].id;
      }
      expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
      expect(new Set(seen).size).toBe(seen.length);
      expect(sorted(seen)).toEqual(sorted(rows.map((r) => r.id)));
      // The concatenated pages are exactly the single newest-first list.
      const all = await call("GET", "/logs?limit=200", { key: org.apiKey });
      expect(seen).toEqual(ids(all.body));
    });

    it("pages with `before` under filters too", async () => {
      const org = await registerOrg();
      const now = Date.now();
      const rows = await insertLogs(
        org.orgId,
        Array.from({ length: 12 }, (_, i) => ({ createdAt: minutesAgo(i % 3, now), flagStatus: i % 2 ? ("warning" as const) : ("safe" as const) })),
      );
      const warnings = rows.filter((r) => r.flagStatus === "warning").map((r) => r.id);
      const first = await call("GET", "/logs?flagStatus=warning&limit=4", { key: org.apiKey });
      const second = await call("GET", `/logs?flagStatus=warning&limit=4&before=${first.body[3].id}`, { key: org.apiKey });
      expect(first.body).toHaveLength(4);
      expect(second.body).toHaveLength(2);
      expect(sorted([...ids(first.body), ...ids(second.body)])).toEqual(sorted(warnings));
    });
  });

  describe("bad input", () => {
    it("rejects bad query parameters with 400 and clear issues", async () => {
      const org = await registerOrg();
      const limit = expectEnvelope(await call("GET", "/logs?limit=abc", { key: org.apiKey }), 400, "validation_failed");
      expect(limit.issues?.limit).toEqual(["Must be a whole number between 1 and 200"]);
      expect(limit.message).toBe("Must be a whole number between 1 and 200");
      expect(expectEnvelope(await call("GET", "/logs?limit=-5", { key: org.apiKey }), 400).issues?.limit).toBeDefined();
      expect(expectEnvelope(await call("GET", "/logs?limit=2.5", { key: org.apiKey }), 400).issues?.limit).toBeDefined();

      const flag = expectEnvelope(await call("GET", "/logs?flagStatus=bogus", { key: org.apiKey }), 400, "validation_failed");
      const flagIssues = Object.entries(flag.issues ?? {}).filter(([k]) => k.startsWith("flagStatus"));
      expect(flagIssues.length).toBeGreaterThan(0);
      expect(flagIssues.flatMap(([, m]) => m)).toContain("flagStatus must be one or more of safe, warning, critical");
      expectEnvelope(await call("GET", "/logs?flagStatus=warning,bogus", { key: org.apiKey }), 400, "validation_failed");

      const from = expectEnvelope(await call("GET", "/logs?from=not-a-date", { key: org.apiKey }), 400, "validation_failed");
      expect(from.issues?.from).toEqual(["Must be an ISO-8601 date"]);
      expect(expectEnvelope(await call("GET", "/logs?to=yesterday", { key: org.apiKey }), 400).issues?.to).toEqual(["Must be an ISO-8601 date"]);

      const search = expectEnvelope(await call("GET", `/logs?search=${"a".repeat(501)}`, { key: org.apiKey }), 400);
      expect(search.issues?.search).toEqual(["Search must be at most 500 characters"]);
    });

    it("answers an unknown `before` cursor with an empty page, not an error", async () => {
      const org = await registerOrg();
      await insertLogs(org.orgId, [{}]);
      const res = await call("GET", "/logs?before=does-not-exist", { key: org.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });
  });

  describe("auth", () => {
    it("answers 401 without credentials and for an invalid key", async () => {
      expectEnvelope(await call("GET", "/logs"), 401, "unauthorized");
      expectEnvelope(await call("GET", "/logs", { key: "pk_live_" + "x".repeat(32) }), 401, "unauthorized");
      expectEnvelope(await call("GET", "/logs?apiKey=pk_live_nope"), 401, "unauthorized");
      expectEnvelope(await call("GET", "/logs", { headers: { authorization: "Basic abc" } }), 401, "unauthorized");
    });

    it("answers 403 for a key without logs:read, and 200 for one with it", async () => {
      const org = await registerOrg();
      const [log] = await insertLogs(org.orgId, [{}]);
      const alertsOnly = await keyWith(org, ["alerts:read"]);
      expectEnvelope(await call("GET", "/logs", { key: alertsOnly }), 403, "forbidden");
      expectEnvelope(await call("GET", `/logs/${log.id}`, { key: alertsOnly }), 403, "forbidden");
      expectEnvelope(await call("GET", "/logs/export", { key: alertsOnly }), 403, "forbidden");
      const writeOnly = await keyWith(org, ["logs:write"]);
      expectEnvelope(await call("GET", "/logs", { key: writeOnly }), 403, "forbidden");
      const reader = await keyWith(org, ["logs:read"]);
      expect(ids((await call("GET", "/logs", { key: reader })).body)).toEqual([log.id]);
    });
  });

  it("never shows one organization's logs to another, in lists or search", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const aRows = await insertLogs(a.orgId, [
      { prompt: "secret zebra plans", userId: "shared-user", model: "gpt-4", flagStatus: "critical" },
      { prompt: "alpha", response: "zebra response" },
    ]);
    const [bRow] = await insertLogs(b.orgId, [{ prompt: "b's own prompt", userId: "shared-user", model: "gpt-4", flagStatus: "critical" }]);
    expect(ids((await call("GET", "/logs", { key: b.apiKey })).body)).toEqual([bRow.id]);
    expect((await call("GET", "/logs?search=zebra", { key: b.apiKey })).body).toEqual([]);
    expect(ids((await call("GET", "/logs?userId=shared-user&flagStatus=critical&model=gpt", { key: b.apiKey })).body)).toEqual([bRow.id]);
    // A's cursor does not open A's rows to B.
    expect((await call("GET", `/logs?before=${aRows[0].id}`, { key: b.apiKey })).body).toEqual([]);
    expect(sorted(ids((await call("GET", "/logs?search=zebra", { key: a.apiKey })).body))).toEqual(sorted(aRows.map((r) => r.id)));
  });
});

describe("GET /api/logs/:id", () => {
  it("answers one log of the organization", async () => {
    const org = await registerOrg();
    const [row] = await insertLogs(org.orgId, [
      { prompt: "detail", flagStatus: "warning", findings: [{ reason: "sensitive_content", rule: "email", target: "prompt", start: 0, end: 6 }] as any },
    ]);
    const res = await call("GET", `/logs/${row.id}`, { key: org.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, prompt: "detail", flagStatus: "warning" });
    expect(res.body.findings).toEqual([{ reason: "sensitive_content", rule: "email", target: "prompt", start: 0, end: 6 }]);
  });

  it("answers 404 for an unknown id and for another organization's id", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const [aRow] = await insertLogs(a.orgId, [{ prompt: "a only" }]);
    expectEnvelope(await call("GET", "/logs/nope", { key: a.apiKey }), 404, "not_found");
    const foreign = expectEnvelope(await call("GET", `/logs/${aRow.id}`, { key: b.apiKey }), 404, "not_found");
    const missing = expectEnvelope(await call("GET", "/logs/nope", { key: b.apiKey }), 404, "not_found");
    expect(foreign.message).toBe(missing.message);
    expect((await call("GET", `/logs/${aRow.id}`, { key: a.apiKey })).status).toBe(200);
  });

  it("answers 401 without credentials", async () => {
    const org = await registerOrg();
    const [row] = await insertLogs(org.orgId, [{}]);
    expectEnvelope(await call("GET", `/logs/${row.id}`), 401, "unauthorized");
  });
});

describe("GET /api/logs/counts", () => {
  it("counts every matching log in all and per flag status, with the list's filters", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { flagStatus: "critical", prompt: "pelican critical", userId: "u1" },
      { flagStatus: "critical", model: "claude-3-haiku" },
      { flagStatus: "warning", prompt: "pelican warning", createdAt: minutesAgo(120) },
      ...Array.from({ length: 57 }, () => ({})),
    ]);
    const all = await call("GET", "/logs/counts", { key: org.apiKey });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ total: 60, capped: false, safe: 57, warning: 1, critical: 2 });
    // Counts agree with the list, beyond one page of it.
    const listed = await call("GET", "/logs?limit=200", { key: org.apiKey });
    expect(listed.body).toHaveLength(all.body.total);

    const q = async (query: string) => (await call("GET", `/logs/counts?${query}`, { key: org.apiKey })).body;
    expect(await q("flagStatus=warning,critical")).toEqual({ total: 3, capped: false, safe: 0, warning: 1, critical: 2 });
    expect(await q("search=pelican")).toEqual({ total: 2, capped: false, safe: 0, warning: 1, critical: 1 });
    expect(await q("model=claude")).toEqual({ total: 1, capped: false, safe: 0, warning: 0, critical: 1 });
    expect(await q("userId=u1")).toEqual({ total: 1, capped: false, safe: 0, warning: 0, critical: 1 });
    expect(await q(`to=${minutesAgo(60).toISOString()}`)).toEqual({ total: 1, capped: false, safe: 0, warning: 1, critical: 0 });
    // Paging parameters are not filters: they are ignored, never an error.
    expect(await q("limit=5&before=whatever")).toEqual(all.body);
  });

  it("answers zeros for an organization without logs, and never counts another organization's", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await insertLogs(a.orgId, [{ flagStatus: "critical", prompt: "secret pelican" }, {}]);
    const zero = { total: 0, capped: false, safe: 0, warning: 0, critical: 0 };
    expect((await call("GET", "/logs/counts", { key: b.apiKey })).body).toEqual(zero);
    expect((await call("GET", "/logs/counts?search=pelican", { key: b.apiKey })).body).toEqual(zero);
    expect((await call("GET", "/logs/counts", { key: a.apiKey })).body.total).toBe(2);
  });

  it("rejects bad filters with 400 and the list's messages", async () => {
    const org = await registerOrg();
    const flag = expectEnvelope(await call("GET", "/logs/counts?flagStatus=bogus", { key: org.apiKey }), 400, "validation_failed");
    expect(Object.values(flag.issues ?? {}).flat()).toContain("flagStatus must be one or more of safe, warning, critical");
    const from = expectEnvelope(await call("GET", "/logs/counts?from=soon", { key: org.apiKey }), 400, "validation_failed");
    expect(from.issues?.from).toEqual(["Must be an ISO-8601 date"]);
  });

  it("answers 401 without credentials and 403 without logs:read", async () => {
    const org = await registerOrg();
    expectEnvelope(await call("GET", "/logs/counts"), 401, "unauthorized");
    expectEnvelope(await call("GET", "/logs/counts", { key: "pk_live_" + "z".repeat(32) }), 401, "unauthorized");
    expectEnvelope(await call("GET", "/logs/counts", { key: await keyWith(org, ["logs:write"]) }), 403, "forbidden");
    expect((await call("GET", "/logs/counts", { key: await keyWith(org, ["logs:read"]) })).status).toBe(200);
  });
});

describe("GET /api/logs/export", () => {
  it("streams CSV with a header row, newest first, as an attachment", async () => {
    const org = await registerOrg();
    const now = Date.now();
    const rows = await insertLogs(org.orgId, [
      { createdAt: minutesAgo(2, now), prompt: "plain prompt", response: "plain", userId: "u1", tokenCount: 10, estimatedCost: 0.5, flagReasons: [] },
      {
        createdAt: minutesAgo(1, now),
        prompt: '=HYPERLINK("http://evil")',
        response: "line one\nline, two",
        flagStatus: "critical",
        flagReasons: ["prompt_injection", "jailbreak_attempt"],
      },
    ]);
    const res = await call("GET", "/logs/export?format=csv", { key: org.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="prompt-logs-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe("id,createdAt,model,userId,sessionId,flagStatus,flagReasons,tokenCount,estimatedCost,latencyMs,source,prompt,response");
    expect(lines[1].startsWith(`${rows[1].id},${rows[1].createdAt.toISOString()},gpt-4,,,critical,prompt_injection;jailbreak_attempt,,,,,"'=HYPERLINK(""http://evil"")","line one\nline, two"`)).toBe(true);
    expect(res.text).toContain(`${rows[0].id},${rows[0].createdAt.toISOString()},gpt-4,u1,,safe,,10,0.5,,,plain prompt,plain\r\n`);
    expect(res.text.endsWith("\r\n")).toBe(true);
    // The default format is CSV.
    const def = await call("GET", "/logs/export", { key: org.apiKey });
    expect(def.text).toBe(res.text);
  });

  it("streams JSON Lines, one log object per line", async () => {
    const org = await registerOrg();
    const now = Date.now();
    const rows = await insertLogs(org.orgId, [
      { createdAt: minutesAgo(3, now), prompt: "one\nwith newline" },
      { createdAt: minutesAgo(2, now), prompt: "two" },
      { createdAt: minutesAgo(1, now), prompt: "three" },
    ]);
    const res = await call("GET", "/logs/export?format=jsonl", { key: org.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="prompt-logs-\d{4}-\d{2}-\d{2}\.jsonl"$/);
    const lines = res.text.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.map((l) => l.id)).toEqual([rows[2].id, rows[1].id, rows[0].id]);
    expect(parsed[2]).toMatchObject({ prompt: "one\nwith newline", model: "gpt-4", flagStatus: "safe", createdAt: rows[0].createdAt.toISOString() });
    // Same shape as the list.
    const list = await call("GET", "/logs", { key: org.apiKey });
    expect(parsed).toEqual(list.body);
  });

  it("honours the filters and exports beyond one internal page", async () => {
    const org = await registerOrg();
    const now = Date.now();
    const rows = await insertLogs(
      org.orgId,
      Array.from({ length: 230 }, (_, i) => ({
        createdAt: new Date(now - Math.floor(i / 3) * MINUTE),
        flagStatus: i % 5 === 0 ? ("critical" as const) : ("safe" as const),
        model: i % 2 ? "gpt-4o" : "claude-3",
        prompt: i % 7 === 0 ? `needle ${i}` : `hay ${i}`,
      })),
    );
    const all = await call("GET", "/logs/export?format=jsonl", { key: org.apiKey });
    const allIds = all.text.trimEnd().split("\n").map((l) => JSON.parse(l).id);
    expect(allIds).toHaveLength(230);
    expect(new Set(allIds).size).toBe(230);

    const crit = await call("GET", "/logs/export?format=jsonl&flagStatus=critical&model=claude", { key: org.apiKey });
    const critIds = crit.text.trimEnd().split("\n").map((l) => JSON.parse(l).id);
    expect(sorted(critIds)).toEqual(sorted(rows.filter((r) => r.flagStatus === "critical" && r.model === "claude-3").map((r) => r.id)));

    const needle = await call("GET", "/logs/export?format=csv&search=needle", { key: org.apiKey });
    const needleLines = needle.text.trimEnd().split("\r\n");
    expect(needleLines).toHaveLength(1 + rows.filter((r) => r.prompt.startsWith("needle")).length);

    const from = new Date(now - 10 * MINUTE).toISOString();
    const recent = await call("GET", `/logs/export?format=jsonl&from=${from}`, { key: org.apiKey });
    expect(recent.text.trimEnd().split("\n")).toHaveLength(rows.filter((r) => r.createdAt.getTime() >= now - 10 * MINUTE).length);

    const none = await call("GET", "/logs/export?format=csv&userId=nobody", { key: org.apiKey });
    expect(none.status).toBe(200);
    expect(none.text).toBe("id,createdAt,model,userId,sessionId,flagStatus,flagReasons,tokenCount,estimatedCost,latencyMs,source,prompt,response\r\n");
  });

  it("never exports another organization's logs", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const [aRow] = await insertLogs(a.orgId, [{ prompt: "a's secret export" }]);
    const [bRow] = await insertLogs(b.orgId, [{ prompt: "b's export" }]);
    const csv = await call("GET", "/logs/export?format=csv", { key: b.apiKey });
    expect(csv.text).not.toContain(aRow.id);
    expect(csv.text).not.toContain("a's secret export");
    expect(csv.text).toContain(bRow.id);
    const jsonl = await call("GET", "/logs/export?format=jsonl&search=secret", { key: b.apiKey });
    expect(jsonl.text).toBe("");
  });

  it("rejects a bad format or filter with 400 and requires credentials", async () => {
    const org = await registerOrg();
    const fmt = expectEnvelope(await call("GET", "/logs/export?format=xml", { key: org.apiKey }), 400, "validation_failed");
    expect(fmt.issues?.format).toEqual(["format must be csv or jsonl"]);
    expect(expectEnvelope(await call("GET", "/logs/export?from=nope", { key: org.apiKey }), 400).issues?.from).toEqual(["Must be an ISO-8601 date"]);
    expectEnvelope(await call("GET", "/logs/export"), 401, "unauthorized");
    expectEnvelope(await call("GET", "/logs/export", { key: "pk_live_invalid" }), 401, "unauthorized");
  });
});
