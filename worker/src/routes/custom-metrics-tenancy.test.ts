// docs/custom-metric-sql.md#only-the-callers-logs, end to end: org A creates custom metrics whose CTE names JavaScript folds onto
// a real table's name (KELVIN SIGN → k, LONG S → s, dotted I…) while SQLite does not. Before the fix
// the checker took such a CTE for the table, SQLite read the real table, and org B's webhook secrets
// and key hashes came back in A's metric. Now every such query is refused and nothing is stored.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, call, dataD1, expectEnvelope, read, registerOrg } from "../../test/helpers";

const KELVIN = "\u212A"; // 'K'.toLowerCase() === 'k'
const LONG_S = "\u017F"; // 'ſ'.toUpperCase() === 'S'

/** Each attack names a CTE so that JS case folding equals the real table's name, then reads the table. */
const ATTACKS = [
  `WITH "api_${KELVIN}eys"(key_hash) AS (SELECT 1) SELECT key_hash, 1 FROM api_keys`,
  `WITH api_${KELVIN}eys(key_hash) AS (SELECT 1) SELECT key_hash, 1 FROM API_KEYS`,
  `WITH "webhoo${KELVIN}s"(secret) AS (SELECT 1) SELECT secret, 1 FROM webhooks`,
  `WITH "webhook${LONG_S}"(secret) AS (SELECT 1) SELECT secret, 1 FROM "WEBHOOKS"`,
  `WITH "webhook_deliverie${LONG_S}"(webhook_id) AS (SELECT 1) SELECT webhook_id, 1 FROM webhook_deliveries`,
  `WITH "${"api_keys".toUpperCase().replace("K", KELVIN)}"(key_hash) AS (SELECT 1) SELECT key_hash, 1 FROM api_keys`,
];

describe("custom metric SQL cannot read another organization's tables", () => {
  it("refuses CTE names that JavaScript folds onto a real table, and stores nothing", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const hook = await call("POST", "/webhooks", {
      key: b.apiKey,
      body: { name: "B hook", url: "https://hooks.example.com/b", events: ["flag.detected"] },
    });
    expect(hook.status).toBe(201);
    await (await dataD1(b.orgId))
      .prepare(
        "INSERT INTO webhook_deliveries (id, org_id, webhook_id, message_id, event_type, attempt, success, created_at) VALUES (?, ?, ?, 'msg_b', 'flag.detected', 1, 1, ?)",
      )
      .bind(crypto.randomUUID(), b.orgId, hook.body.id, Date.now())
      .run();
    const secrets = [
      hook.body.secret as string,
      hook.body.id as string,
      (await env.DB.prepare("SELECT key_hash FROM api_keys WHERE org_id = ?").bind(b.orgId).first<{ key_hash: string }>())!.key_hash,
    ];

    for (const query of ATTACKS) {
      const res = await read(api(a)["custom-metrics"].$post({ json: { name: "x", query, visualization: "bar" } }));
      for (const secret of secrets) expect(res.text, query).not.toContain(secret);
      const error = expectEnvelope(res, 400, "validation_failed");
      expect(error.issues?.query?.[0], query).toMatch(/^(Names must be plain ASCII|Only the logs table can be queried|Syntax error)/);
    }
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM custom_metrics WHERE org_id = ?").bind(a.orgId).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });
});
