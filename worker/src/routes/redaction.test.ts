// Privacy settings and fingerprints (docs/log-flow.md, the redaction step): the redaction mode and metadata retention in
// GET/PUT /api/settings, and GET /api/logs?fingerprint= with its summary, tenant-scoped.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, call, expectEnvelope, read, registerOrg } from "../../test/helpers";

const AWS = () => `AKIA${crypto.getRandomValues(new Uint8Array(16)).reduce((s, b) => s + "ABCDEFGHJKLMNPQRSTUVWXYZ234567"[b % 30], "")}`;
const post = (key: string, prompt: string) => call("POST", "/logs", { key, body: { prompt, response: "ok", model: "gpt-4" } });

describe("privacy settings", () => {
  it("stores the redaction mode and metadata retention, and never shows the fingerprint key", async () => {
    const org = await registerOrg();
    let res = await read(api(org).settings.$put({ json: { redaction: "sensitive", metadataRetentionDays: 730 } }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ redaction: "sensitive", metadataRetentionDays: 730 });
    res = await read(api(org).settings.$get());
    expect(res.body).toMatchObject({ redaction: "sensitive", metadataRetentionDays: 730 });
    await post(org.apiKey, `key ${AWS()}`);
    const { key } = (await env.DB.prepare("SELECT fingerprint_key AS key FROM org_settings WHERE org_id = ?")
      .bind(org.orgId)
      .first<{ key: string }>())!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect((await read(api(org).settings.$get())).text).not.toContain(key);
    expect((await read(api(org).settings.$put({ json: { tokenThreshold: 5 } }))).text).not.toContain(key);
  });

  it("rejects an unknown mode and metadata kept shorter than bodies, writing nothing", async () => {
    const org = await registerOrg();
    const bad = [
      [{ redaction: "everything" }, { redaction: ["Redaction must be one of off, credentials, sensitive"] }],
      [{ metadataRetentionDays: 45 }, { metadataRetentionDays: ["Metadata retention must be one of 30, 90, 365, 730 days"] }],
      [
        { metadataRetentionDays: 30, retentionDays: 90 },
        { metadataRetentionDays: ["Metadata retention must be at least the log retention"] },
      ],
      [{ metadataRetentionDays: 90 }, null],
      [{ retentionDays: 365 }, { retentionDays: ["Metadata retention must be at least the log retention"] }],
    ] as const;
    for (const [body, issues] of bad) {
      const res = await call("PUT", "/settings", { key: org.apiKey, body });
      if (!issues) {
        expect(res.status).toBe(200);
        continue;
      }
      expect(expectEnvelope(res, 400).issues).toEqual(issues);
    }
    expect((await read(api(org).settings.$get())).body).toMatchObject({
      redaction: "credentials",
      retentionDays: 30,
      metadataRetentionDays: 90,
    });
  });
});

describe("GET /api/logs?fingerprint=", () => {
  it("finds every log a redacted value appeared in, counts them since first seen, and stays inside the organization", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const secret = AWS();
    const first = await post(a.apiKey, `deploy with ${secret}`);
    const second = await post(a.apiKey, `again ${secret} and again ${secret}`);
    await post(a.apiKey, `another ${AWS()}`);
    await post(b.apiKey, `b has it too ${secret}`);
    const finding = first.body.findings.find((f: { fingerprint?: string }) => f.fingerprint);
    expect(first.body.prompt).toBe("deploy with [REDACTED:aws_access_key]");
    expect(finding).toMatchObject({ reason: "sensitive_content", rule: "secret.aws_access_key", start: 12, end: 37 });
    const fp: string = finding.fingerprint;
    expect(
      second.body.findings.filter((f: { fingerprint?: string }) => f.fingerprint).map((f: { fingerprint: string }) => f.fingerprint),
    ).toEqual([fp, fp]);

    const list = await read(api(a).logs.$get({ query: { fingerprint: fp.toUpperCase() } }));
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((l: { id: string }) => l.id).sort()).toEqual([first.body.id, second.body.id].sort());
    expect((await call("GET", `/logs/counts?fingerprint=${fp}`, { key: a.apiKey })).body.total).toBe(2);
    const summary = await read(api(a).logs.fingerprints[":fingerprint"].$get({ param: { fingerprint: fp } }));
    expect(summary.body).toEqual({ fingerprint: fp, logs: 2, firstSeenAt: first.body.createdAt, lastSeenAt: second.body.createdAt });

    // Another organization: its own key, so the same value has another fingerprint, and a's is unknown there.
    expect((await read(api(b).logs.$get({ query: { fingerprint: fp } }))).body).toEqual([]);
    expect((await read(api(b).logs.fingerprints[":fingerprint"].$get({ param: { fingerprint: fp } }))).body).toMatchObject({
      logs: 0,
      firstSeenAt: null,
    });
    const bLogs = (await read(api(b).logs.$get({ query: {} }))).body;
    expect(bLogs[0].findings.find((f) => f.fingerprint)!.fingerprint).not.toBe(fp);
  });

  it("rejects a malformed fingerprint with 400", async () => {
    const org = await registerOrg();
    for (const path of [
      "/logs?fingerprint=abc",
      `/logs?fingerprint=${"g".repeat(64)}`,
      "/logs/counts?fingerprint=x",
      "/logs/fingerprints/xyz",
    ]) {
      const error = expectEnvelope(await call("GET", path, { key: org.apiKey }), 400);
      expect(Object.values(error.issues ?? {}).flat()).toContain("fingerprint must be 64 hexadecimal characters");
    }
    expectEnvelope(await read(api().logs.fingerprints[":fingerprint"].$get({ param: { fingerprint: "a".repeat(64) } })), 401);
  });
});
