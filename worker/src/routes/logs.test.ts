import { describe, expect, it } from "vitest";
import { api, call, expectEnvelope, insertLogs, keyWith, read, registerOrg } from "../../test/helpers";

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
    const res = await read(api(org).logs.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body.map((l) => l.prompt)).toEqual(["first", "second", "third"]);
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

  it("leaves out one source with excludeSource (sourceless logs stay), in the list and its counts", async () => {
    const org = await registerOrg();
    const rows = await insertLogs(org.orgId, [
      { createdAt: minutesAgo(3), prompt: "sdk", source: "sdk" },
      { createdAt: minutesAgo(2), prompt: "test", source: "integration-test", flagStatus: "critical", flagReasons: ["prompt_injection"] },
      { createdAt: minutesAgo(1), prompt: "none", source: null },
    ]);
    const list = await read(api(org).logs.$get({ query: { excludeSource: "integration-test" } }));
    expect(list.body.map((l) => l.prompt)).toEqual(["none", "sdk"]);
    expect((await read(api(org).logs.$get({ query: {} }))).body).toHaveLength(3);
    const counts = await read(api(org).logs.counts.$get({ query: { excludeSource: "integration-test" } }));
    expect(counts.body).toMatchObject({ total: 2, critical: 0 });
    expect(rows).toHaveLength(3);
    const tooLong = await call("GET", `/logs?excludeSource=${"x".repeat(101)}`, { key: org.apiKey });
    expect(expectEnvelope(tooLong, 400).issues?.excludeSource).toEqual(["excludeSource must be at most 100 characters"]);
  });

  it("lists, finds and counts logs stored through POST /api/logs and /api/logs/batch", async () => {
    const org = await registerOrg();
    const one = await call("POST", "/logs", {
      key: org.apiKey,
      body: {
        prompt: "Summarise the quarterly pelican report",
        response: "Pelicans are up",
        model: "gpt-4o",
        userId: "eve",
        tokenCount: 120,
        estimatedCost: 0.5,
      },
    });
    expect(one.status).toBe(201);
    const batch = await call("POST", "/logs/batch", {
      key: org.apiKey,
      body: {
        logs: [
          { prompt: "Translate hello", response: "Bonjour pelican", model: "claude-3-haiku", userId: "frank" },
          { prompt: "Plain", response: "text", model: "gpt-3.5-turbo" },
        ],
      },
    });
    expect(batch.status).toBe(201);
    const list = await read(api(org).logs.$get({ query: {} }));
    expect(sorted(ids(list.body))).toEqual(sorted([one.body.id, ...batch.body.ids]));
    expect((await read(api(org).logs[":id"].$get({ param: { id: one.body.id } }))).body).toEqual(one.body);
    expect(sorted(ids((await read(api(org).logs.$get({ query: { search: "pelican" } }))).body))).toEqual(
      sorted([one.body.id, batch.body.ids[0]]),
    );
    expect(ids((await read(api(org).logs.$get({ query: { model: "gpt-4" } }))).body)).toEqual([one.body.id]);
    expect(ids((await read(api(org).logs.$get({ query: { userId: "frank" } }))).body)).toEqual([batch.body.ids[0]]);
    const stats = await read(api(org).stats.$get({ query: {} }));
    expect(stats.body).toMatchObject({ totalPrompts: 3, activeUsers: 2 });
  });

  it("accepts the key as ?apiKey and the session cookie", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ prompt: "via query" }]);
    const byQuery = await call("GET", `/logs?apiKey=${org.apiKey}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.map((l: any) => l.prompt)).toEqual(["via query"]);
    const byCookie = await read(api({ cookie: org.cookie }).logs.$get({ query: {} }));
    expect(byCookie.body.map((l) => l.prompt)).toEqual(["via query"]);
  });

  describe("filters", () => {
    it("searches full text over prompt and response", async () => {
      const org = await registerOrg();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(1), prompt: "How do I bake sourdough bread?", response: "Use a starter." },
        { createdAt: minutesAgo(2), prompt: "Tell me a joke", response: "Sourdough walks into a bar" },
        { createdAt: minutesAgo(3), prompt: "Weather today", response: "Sunny" },
      ]);
      const res = await read(api(org).logs.$get({ query: { search: "sourdough" } }));
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([rows[0].id, rows[1].id]);
      // Several words must all match, in either column, anywhere in a word (trigram index).
      expect(ids((await read(api(org).logs.$get({ query: { search: "joke sourd" } }))).body)).toEqual([rows[1].id]);
      expect(ids((await read(api(org).logs.$get({ query: { search: "SUNNY" } }))).body)).toEqual([rows[2].id]);
      // Substrings match too (part of a word or identifier).
      expect(ids((await read(api(org).logs.$get({ query: { search: "ourdoug" } }))).body)).toEqual([rows[0].id, rows[1].id]);
      expect((await read(api(org).logs.$get({ query: { search: "nothingmatches" } }))).body).toEqual([]);
    });

    it("treats FTS syntax characters in the search text literally and never errors", async () => {
      const org = await registerOrg();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(1), prompt: 'say "hello" OR (goodbye)*', response: "ok" },
        { createdAt: minutesAgo(2), prompt: "goodbye only", response: "ok" },
      ]);
      for (const search of [
        '"hello',
        'hello"',
        "hello*",
        "hello OR goodbye",
        "(hello",
        "hello)",
        'NEAR("a" b)',
        "a:b",
        "-hello",
        "^hello",
        "AND",
        "*",
        '"',
        "()",
        "{col}:x",
        "'; DROP TABLE prompt_logs; --",
      ]) {
        const res = await read(api(org).logs.$get({ query: { search: search } }));
        expect(res.status, `search ${search}: ${res.text}`).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
      }
      // "OR" is a word, not an operator: only the log that contains hello, or and goodbye matches.
      const or = await read(api(org).logs.$get({ query: { search: "hello OR goodbye" } }));
      expect(ids(or.body)).toEqual([rows[0].id]);
      const quoted = await read(api(org).logs.$get({ query: { search: '"hello" (goodbye)*' } }));
      expect(ids(quoted.body)).toEqual([rows[0].id]);
      // A search with no words at all matches nothing rather than everything.
      expect((await read(api(org).logs.$get({ query: { search: '"*()' } }))).body).toEqual([]);
      // An empty search is no filter.
      expect((await read(api(org).logs.$get({ query: { search: "" } }))).body).toHaveLength(2);
    });

    it("filters by one flag status and by a comma list", async () => {
      const org = await registerOrg();
      const rows = await insertLogs(org.orgId, [
        { createdAt: minutesAgo(1), flagStatus: "safe" },
        { createdAt: minutesAgo(2), flagStatus: "warning" },
        { createdAt: minutesAgo(3), flagStatus: "critical" },
        { createdAt: minutesAgo(4), flagStatus: "warning" },
      ]);
      const warning = await read(api(org).logs.$get({ query: { flagStatus: "warning" } }));
      expect(ids(warning.body)).toEqual([rows[1].id, rows[3].id]);
      const red = await read(api(org).logs.$get({ query: { flagStatus: "warning,critical", limit: "100" } }));
      expect(ids(red.body)).toEqual([rows[1].id, rows[2].id, rows[3].id]);
      const spaced = await read(api(org).logs.$get({ query: { flagStatus: "critical, safe" } }));
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
      expect(ids((await read(api(org).logs.$get({ query: { model: "gpt-4" } }))).body)).toEqual([rows[0].id, rows[1].id, rows[4].id]);
      expect(ids((await read(api(org).logs.$get({ query: { model: "GPT-4" } }))).body)).toEqual([rows[0].id, rows[1].id, rows[4].id]);
      expect(ids((await read(api(org).logs.$get({ query: { model: "gpt-3.5" } }))).body)).toEqual([rows[2].id]);
      expect(ids((await read(api(org).logs.$get({ query: { model: "claude" } }))).body)).toEqual([rows[3].id]);
      // LIKE wildcards in the filter are literal.
      expect((await read(api(org).logs.$get({ query: { model: "%" } }))).body).toEqual([]);
      expect((await read(api(org).logs.$get({ query: { model: "gpt_4" } }))).body).toEqual([]);
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
      expect(ids((await read(api(org).logs.$get({ query: { userId: "alice" } }))).body)).toEqual([rows[0].id, rows[2].id, rows[3].id]);
      const from = minutesAgo(30, now).toISOString();
      const to = minutesAgo(10, now).toISOString();
      // Both bounds are inclusive.
      const range = await read(api(org).logs.$get({ query: { from: from, to: to } }));
      expect(ids(range.body)).toEqual([rows[0].id, rows[1].id, rows[2].id]);
      expect(ids((await read(api(org).logs.$get({ query: { from: minutesAgo(25, now).toISOString() } }))).body)).toEqual([
        rows[0].id,
        rows[1].id,
      ]);
      expect(ids((await read(api(org).logs.$get({ query: { to: minutesAgo(25, now).toISOString() } }))).body)).toEqual([
        rows[2].id,
        rows[3].id,
      ]);
      const combined = await read(
        api(org).logs.$get({ query: { userId: "alice", flagStatus: "warning", from: minutesAgo(35, now).toISOString() } }),
      );
      expect(ids(combined.body)).toEqual([rows[0].id]);
    });
  });

  describe("limit and pagination", () => {
    it("answers 50 by default and at most 200", async () => {
      const org = await registerOrg();
      const now = Date.now();
      await insertLogs(
        org.orgId,
        Array.from({ length: 205 }, (_, i) => ({ createdAt: minutesAgo(i, now) })),
      );
      const def = await read(api(org).logs.$get({ query: {} }));
      expect(def.body).toHaveLength(50);
      expect((await read(api(org).logs.$get({ query: { limit: "10" } }))).body).toHaveLength(10);
      expect((await read(api(org).logs.$get({ query: { limit: "1" } }))).body).toHaveLength(1);
      const max = await read(api(org).logs.$get({ query: { limit: "200" } }));
      expect(max.body).toHaveLength(200);
      const times = max.body.map((l) => Date.parse(l.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const over = expectEnvelope(await read(api(org).logs.$get({ query: { limit: "201" } })), 400, "validation_failed");
      expect(over.issues?.limit).toEqual(["Must be a whole number between 1 and 200"]);
      expect(expectEnvelope(await read(api(org).logs.$get({ query: { limit: "0" } })), 400).issues?.limit).toBeDefined();
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
      const all = await read(api(org).logs.$get({ query: { limit: "200" } }));
      expect(seen).toEqual(ids(all.body));
    });

    it("pages with `before` under filters too", async () => {
      const org = await registerOrg();
      const now = Date.now();
      const rows = await insertLogs(
        org.orgId,
        Array.from({ length: 12 }, (_, i) => ({
          createdAt: minutesAgo(i % 3, now),
          flagStatus: i % 2 ? ("warning" as const) : ("safe" as const),
        })),
      );
      const warnings = rows.filter((r) => r.flagStatus === "warning").map((r) => r.id);
      const first = await read(api(org).logs.$get({ query: { flagStatus: "warning", limit: "4" } }));
      const second = await read(api(org).logs.$get({ query: { flagStatus: "warning", limit: "4", before: first.body[3].id } }));
      expect(first.body).toHaveLength(4);
      expect(second.body).toHaveLength(2);
      expect(sorted([...ids(first.body), ...ids(second.body)])).toEqual(sorted(warnings));
    });
  });

  describe("bad input", () => {
    it("rejects bad query parameters with 400 and clear issues", async () => {
      const org = await registerOrg();
      const limit = expectEnvelope(await read(api(org).logs.$get({ query: { limit: "abc" } })), 400, "validation_failed");
      expect(limit.issues?.limit).toEqual(["Must be a whole number between 1 and 200"]);
      expect(limit.message).toBe("Must be a whole number between 1 and 200");
      expect(expectEnvelope(await read(api(org).logs.$get({ query: { limit: "-5" } })), 400).issues?.limit).toBeDefined();
      expect(expectEnvelope(await read(api(org).logs.$get({ query: { limit: "2.5" } })), 400).issues?.limit).toBeDefined();

      const flag = expectEnvelope(await read(api(org).logs.$get({ query: { flagStatus: "bogus" } })), 400, "validation_failed");
      const flagIssues = Object.entries(flag.issues ?? {}).filter(([k]) => k.startsWith("flagStatus"));
      expect(flagIssues.length).toBeGreaterThan(0);
      expect(flagIssues.flatMap(([, m]) => m)).toContain("flagStatus must be one or more of safe, warning, critical");
      expectEnvelope(await read(api(org).logs.$get({ query: { flagStatus: "warning,bogus" } })), 400, "validation_failed");

      const from = expectEnvelope(await read(api(org).logs.$get({ query: { from: "not-a-date" } })), 400, "validation_failed");
      expect(from.issues?.from).toEqual(["Must be an ISO-8601 date"]);
      expect(expectEnvelope(await read(api(org).logs.$get({ query: { to: "yesterday" } })), 400).issues?.to).toEqual([
        "Must be an ISO-8601 date",
      ]);

      const search = expectEnvelope(await read(api(org).logs.$get({ query: { search: "a".repeat(501) } })), 400);
      expect(search.issues?.search).toEqual(["Search must be at most 500 characters"]);
    });

    it("answers an unknown `before` cursor with an empty page, not an error", async () => {
      const org = await registerOrg();
      await insertLogs(org.orgId, [{}]);
      const res = await read(api(org).logs.$get({ query: { before: "does-not-exist" } }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });
  });

  describe("auth", () => {
    it("answers 401 without credentials and for an invalid key", async () => {
      expectEnvelope(await read(api().logs.$get({ query: {} })), 401, "unauthorized");
      expectEnvelope(await call("GET", "/logs", { key: `pk_live_${"x".repeat(32)}` }), 401, "unauthorized");
      expectEnvelope(await call("GET", "/logs?apiKey=pk_live_nope"), 401, "unauthorized");
      expectEnvelope(await call("GET", "/logs", { headers: { authorization: "Basic abc" } }), 401, "unauthorized");
    });

    it("answers 403 for a key without logs:read, and 200 for one with it", async () => {
      const org = await registerOrg();
      const [log] = await insertLogs(org.orgId, [{}]);
      const alertsOnly = await keyWith(org, ["alerts:read"]);
      expectEnvelope(await read(api({ key: alertsOnly }).logs.$get({ query: {} })), 403, "forbidden");
      expectEnvelope(await read(api({ key: alertsOnly }).logs[":id"].$get({ param: { id: log.id } })), 403, "forbidden");
      expectEnvelope(await read(api({ key: alertsOnly }).logs.export.$get({ query: {} })), 403, "forbidden");
      const writeOnly = await keyWith(org, ["logs:write"]);
      expectEnvelope(await read(api({ key: writeOnly }).logs.$get({ query: {} })), 403, "forbidden");
      const reader = await keyWith(org, ["logs:read"]);
      expect(ids((await read(api({ key: reader }).logs.$get({ query: {} }))).body)).toEqual([log.id]);
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
    expect(ids((await read(api(b).logs.$get({ query: {} }))).body)).toEqual([bRow.id]);
    expect((await read(api(b).logs.$get({ query: { search: "zebra" } }))).body).toEqual([]);
    expect(ids((await read(api(b).logs.$get({ query: { userId: "shared-user", flagStatus: "critical", model: "gpt" } }))).body)).toEqual([
      bRow.id,
    ]);
    // A's cursor does not open A's rows to B.
    expect((await read(api(b).logs.$get({ query: { before: aRows[0].id } }))).body).toEqual([]);
    expect(sorted(ids((await read(api(a).logs.$get({ query: { search: "zebra" } }))).body))).toEqual(sorted(aRows.map((r) => r.id)));
  });
});

describe("GET /api/logs/:id", () => {
  it("answers one log of the organization", async () => {
    const org = await registerOrg();
    const [row] = await insertLogs(org.orgId, [
      {
        prompt: "detail",
        flagStatus: "warning",
        findings: [{ reason: "sensitive_content", rule: "email", target: "prompt", start: 0, end: 6 }] as any,
      },
    ]);
    const res = await read(api(org).logs[":id"].$get({ param: { id: row.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, prompt: "detail", flagStatus: "warning" });
    expect(res.body.findings).toEqual([{ reason: "sensitive_content", rule: "email", target: "prompt", start: 0, end: 6 }]);
  });

  it("answers 404 for an unknown id and for another organization's id", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const [aRow] = await insertLogs(a.orgId, [{ prompt: "a only" }]);
    expectEnvelope(await read(api(a).logs[":id"].$get({ param: { id: "nope" } })), 404, "not_found");
    const foreign = expectEnvelope(await read(api(b).logs[":id"].$get({ param: { id: aRow.id } })), 404, "not_found");
    const missing = expectEnvelope(await read(api(b).logs[":id"].$get({ param: { id: "nope" } })), 404, "not_found");
    expect(foreign.message).toBe(missing.message);
    expect((await read(api(a).logs[":id"].$get({ param: { id: aRow.id } }))).status).toBe(200);
  });

  it("answers 401 without credentials", async () => {
    const org = await registerOrg();
    const [row] = await insertLogs(org.orgId, [{}]);
    expectEnvelope(await read(api().logs[":id"].$get({ param: { id: row.id } })), 401, "unauthorized");
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
    const all = await read(api(org).logs.counts.$get({ query: {} }));
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ total: 60, capped: false, safe: 57, warning: 1, critical: 2 });
    // Counts agree with the list, beyond one page of it.
    const listed = await read(api(org).logs.$get({ query: { limit: "200" } }));
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
    expect((await read(api(b).logs.counts.$get({ query: {} }))).body).toEqual(zero);
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
    expectEnvelope(await read(api().logs.counts.$get({ query: {} })), 401, "unauthorized");
    expectEnvelope(await call("GET", "/logs/counts", { key: `pk_live_${"z".repeat(32)}` }), 401, "unauthorized");
    expectEnvelope(await call("GET", "/logs/counts", { key: await keyWith(org, ["logs:write"]) }), 403, "forbidden");
    expect((await call("GET", "/logs/counts", { key: await keyWith(org, ["logs:read"]) })).status).toBe(200);
  });
});

describe("GET /api/logs/export", () => {
  it("streams CSV with a header row, newest first, as an attachment", async () => {
    const org = await registerOrg();
    const now = Date.now();
    const rows = await insertLogs(org.orgId, [
      {
        createdAt: minutesAgo(2, now),
        prompt: "plain prompt",
        response: "plain",
        userId: "u1",
        tokenCount: 10,
        estimatedCost: 0.5,
        flagReasons: [],
      },
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
    expect(lines[0]).toBe(
      "id,createdAt,model,userId,sessionId,flagStatus,flagReasons,tokenCount,estimatedCostCents,latencyMs,source,prompt,response",
    );
    expect(
      lines[1].startsWith(
        `${rows[1].id},${rows[1].createdAt.toISOString()},gpt-4,,,critical,prompt_injection;jailbreak_attempt,,,,,"'=HYPERLINK(""http://evil"")","line one\nline, two"`,
      ),
    ).toBe(true);
    expect(res.text).toContain(`${rows[0].id},${rows[0].createdAt.toISOString()},gpt-4,u1,,safe,,10,0.5,,,plain prompt,plain\r\n`);
    expect(res.text.endsWith("\r\n")).toBe(true);
    // The default format is CSV.
    const def = await read(api(org).logs.export.$get({ query: {} }));
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
    expect(parsed[2]).toMatchObject({
      prompt: "one\nwith newline",
      model: "gpt-4",
      flagStatus: "safe",
      createdAt: rows[0].createdAt.toISOString(),
    });
    // Same shape as the list.
    const list = await read(api(org).logs.$get({ query: {} }));
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
    const allIds = all.text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l).id);
    expect(allIds).toHaveLength(230);
    expect(new Set(allIds).size).toBe(230);

    const crit = await call("GET", "/logs/export?format=jsonl&flagStatus=critical&model=claude", { key: org.apiKey });
    const critIds = crit.text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l).id);
    expect(sorted(critIds)).toEqual(sorted(rows.filter((r) => r.flagStatus === "critical" && r.model === "claude-3").map((r) => r.id)));

    const needle = await call("GET", "/logs/export?format=csv&search=needle", { key: org.apiKey });
    const needleLines = needle.text.trimEnd().split("\r\n");
    expect(needleLines).toHaveLength(1 + rows.filter((r) => r.prompt.startsWith("needle")).length);

    const from = new Date(now - 10 * MINUTE).toISOString();
    const recent = await call("GET", `/logs/export?format=jsonl&from=${from}`, { key: org.apiKey });
    expect(recent.text.trimEnd().split("\n")).toHaveLength(rows.filter((r) => r.createdAt.getTime() >= now - 10 * MINUTE).length);

    const none = await call("GET", "/logs/export?format=csv&userId=nobody", { key: org.apiKey });
    expect(none.status).toBe(200);
    expect(none.text).toBe(
      "id,createdAt,model,userId,sessionId,flagStatus,flagReasons,tokenCount,estimatedCostCents,latencyMs,source,prompt,response\r\n",
    );
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
    expect(expectEnvelope(await call("GET", "/logs/export?from=nope", { key: org.apiKey }), 400).issues?.from).toEqual([
      "Must be an ISO-8601 date",
    ]);
    expectEnvelope(await read(api().logs.export.$get({ query: {} })), 401, "unauthorized");
    expectEnvelope(await call("GET", "/logs/export", { key: "pk_live_invalid" }), 401, "unauthorized");
  });
});
