// Reads across an organization's three segments (worker/test/segment-helpers.ts): the list and its
// cursors, searched or ordered by a value, the export, counts, fingerprint summaries and the models
// list. Another organization shares the home shard, and no read of either reaches the other's logs.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerOrg, type TestOrg } from "../../test/helpers";
import { freshPoolEachTest, rollNow, threeSegments } from "../../test/segment-helpers";

freshPoolEachTest();

describe("reads across log segments", () => {
  it("stops at a full page: no older pool segment is read, segment 0 still is", async () => {
    const { victim, ids } = await threeSegments();
    // Rows no writer could make (stamped long after the newer segments started), planted to show
    // which databases a page reads: one in segment 1's database, one in segment 0's.
    const plant = (d1: D1Database, id: string) =>
      d1
        .prepare(
          "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, 'gpt-4o', 'planted', 'ok', 'safe', '[]', '[]')",
        )
        .bind(id, victim.orgId, Date.now() + 86_400_000)
        .run();
    await plant(env.SEG_0, "planted-in-segment-1");
    const page = await call("GET", "/logs?limit=1", { key: victim.apiKey });
    expect(page.body.map((l: { id: string }) => l.id)).toEqual([ids[4]]);
    await plant(env.DATA_0, "planted-in-segment-0");
    const again = await call("GET", "/logs?limit=1", { key: victim.apiKey });
    expect(again.body.map((l: { id: string }) => l.id)).toEqual(["planted-in-segment-0"]);
  });

  it("lists newest first across segments with keyset cursors, and a foreign cursor answers nothing", async () => {
    const { victim, attacker, ids, own } = await threeSegments();
    const seen: string[] = [];
    let before = "";
    for (let page = 0; page < 5; page++) {
      const res = await call("GET", `/logs?limit=2${before ? `&before=${before}` : ""}`, { key: victim.apiKey });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((l: { id: string }) => l.id));
      if (res.body.length < 2) break;
      before = res.body[res.body.length - 1].id;
    }
    expect(seen).toEqual([...ids].reverse());
    // Filters apply in every segment.
    const betas = await call("GET", "/logs?models=gpt-4o&limit=50&from=1970-01-01T00:00:00Z", { key: victim.apiKey });
    expect(betas.body.map((l: { id: string }) => l.id)).toEqual([...ids].reverse());
    // The attacker's list holds its own logs only; the victim's ids as cursors give empty pages.
    expect((await call("GET", "/logs?limit=50", { key: attacker.apiKey })).body.map((l: { id: string }) => l.id)).toEqual(
      [...own].reverse(),
    );
    for (const id of ids) expect((await call("GET", `/logs?limit=50&before=${id}`, { key: attacker.apiKey })).body).toEqual([]);
    // A search streams each segment's own index block, newest first, with the same cursors.
    const found: string[] = [];
    for (let page = 0, cursor = ""; page < 4; page++) {
      const res = await call("GET", `/logs?search=one&limit=1${cursor ? `&before=${cursor}` : ""}`, { key: victim.apiKey });
      found.push(...res.body.map((l: { prompt: string }) => l.prompt));
      if (!res.body.length) break;
      cursor = res.body[0].id;
    }
    expect(found).toEqual(["gamma one", "beta one", "alpha one"]);
    expect(
      (await call("GET", "/logs?search=one&limit=50", { key: attacker.apiKey })).body.map((l: { prompt: string }) => l.prompt),
    ).toEqual(["attacker one"]);
    expect((await call("GET", `/logs?search=one&limit=50&before=${ids[4]}`, { key: attacker.apiKey })).body).toEqual([]);
    // The export pages through every segment the same way.
    const exported = await call("GET", "/logs/export?format=jsonl", { key: victim.apiKey });
    expect(
      exported.text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).id),
    ).toEqual([...ids].reverse());
  });

  it("counts across segments, from the aggregates and row by row, each organization its own", async () => {
    const { victim, attacker } = await threeSegments();
    const all = await call("GET", "/logs/counts", { key: victim.apiKey });
    expect(all.body).toMatchObject({ total: 5, capped: false });
    const filtered = await call("GET", "/logs/counts?from=1970-01-01T00:00:00Z", { key: victim.apiKey });
    expect(filtered.body).toMatchObject({ total: 5, capped: false });
    expect((await call("GET", "/logs/counts", { key: attacker.apiKey })).body).toMatchObject({ total: 2 });
    expect((await call("GET", "/logs/counts?from=1970-01-01T00:00:00Z", { key: attacker.apiKey })).body).toMatchObject({ total: 2 });
  });

  it("summarises a redacted value and the models seen over every segment, each organization its own", async () => {
    const { victim, attacker } = await threeSegments();
    const secret = `AKIA${crypto.getRandomValues(new Uint8Array(16)).reduce((t, b) => t + "ABCDEFGHJKLMNPQRSTUVWXYZ234567"[b % 30], "")}`;
    const post = (org: TestOrg, model: string) =>
      call("POST", "/logs", { key: org.apiKey, body: { prompt: `key ${secret}`, response: "ok", model } });
    const first = (await post(victim, "claude-3")).body;
    await rollNow(victim.orgId);
    const last = (await post(victim, "claude-3")).body;
    await post(attacker, "claude-3");
    const fp = first.findings.find((f: { fingerprint?: string }) => f.fingerprint).fingerprint;
    const summary = await call("GET", `/logs/fingerprints/${fp}`, { key: victim.apiKey });
    expect(summary.body).toEqual({ fingerprint: fp, logs: 2, firstSeenAt: first.createdAt, lastSeenAt: last.createdAt });
    expect((await call("GET", `/logs/fingerprints/${fp}`, { key: attacker.apiKey })).body).toMatchObject({ logs: 0 });
    const models = await call("GET", "/logs/models", { key: victim.apiKey });
    expect(models.body.map((m: { model: string; prompts: number }) => [m.model, m.prompts])).toEqual([
      ["gpt-4o", 5],
      ["claude-3", 2],
    ]);
    expect((await call("GET", "/logs/models", { key: attacker.apiKey })).body.map((m: { prompts: number }) => m.prompts)).toEqual([2, 1]);
  });

  it("pages lists ordered by a value or oldest first across segments by their literal keys", async () => {
    const org = await registerOrg();
    const other = await registerOrg();
    const post = async (o: TestOrg, latencyMs: number | null) =>
      (await call("POST", "/logs", { key: o.apiKey, body: { prompt: "p", response: "r", model: "m", latencyMs } })).body.id as string;
    const [a, b] = [await post(org, 30), await post(org, null)];
    await rollNow(org.orgId);
    const [c, d] = [await post(org, 50), await post(org, 10)];
    await post(other, 40);
    const pages = async (o: TestOrg, query: string) => {
      const seen: string[] = [];
      for (let i = 0, before = ""; i < 5; i++) {
        const res = await call("GET", `/logs?${query}&limit=2${before ? `&before=${before}` : ""}`, { key: o.apiKey });
        seen.push(...res.body.map((l: { id: string }) => l.id));
        if (res.body.length < 2) break;
        before = res.body[1].id;
      }
      return seen;
    };
    expect(await pages(org, "sort=latency&order=desc")).toEqual([c, a, d, b]);
    expect(await pages(org, "sort=latency&order=asc")).toEqual([d, a, c, b]);
    expect(await pages(org, "order=asc")).toEqual([a, b, c, d]);
    expect((await call("GET", `/logs?sort=latency&before=${c}`, { key: other.apiKey })).body).toEqual([]);
    expect((await pages(other, "sort=latency")).length).toBe(1);
  });
});
