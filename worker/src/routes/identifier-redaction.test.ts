// Identifiers are redacted like every other text the sender chose: user id, session id and metadata
// keys, through every way in (POST /api/logs, the batch, OTLP, the gateway), and under "sensitive"
// the user id is stored as the organization's keyed fingerprint while `?userId=<id>` still finds it.
import { describe, expect, it } from "vitest";
import { fakeProvider, gatewayClient } from "../../test/gateway-client";
import { call, dataD1, registerOrg, type TestOrg } from "../../test/helpers";
import { otlpJson, postTraces } from "../../test/otlp";

const ALNUM = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const pick = (alphabet: string, n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => alphabet[b % alphabet.length]).join("");
const github = () => `ghp_${pick(ALNUM, 36)}`;
const aws = () => `AKIA${pick("ABCDEFGHJKLMNPQRSTUVWXYZ234567", 16)}`;

type Stored = { id: string; user_id: string | null; session_id: string | null; metadata: string | null };
/** Rows as the shard holds them, and every byte of their identifier columns (log_facts copies them too). */
async function stored(org: TestOrg): Promise<{ rows: Stored[]; text: string }> {
  const d1 = await dataD1(org.orgId);
  const { results: rows } = await d1
    .prepare("SELECT id, user_id, session_id, metadata FROM prompt_logs WHERE org_id = ? ORDER BY created_at")
    .bind(org.orgId)
    .all<Stored>();
  const { results: facts } = await d1.prepare("SELECT user_id, session_id FROM log_facts WHERE org_id = ?").bind(org.orgId).all();
  return { rows, text: JSON.stringify([rows, facts]) };
}
const get = async (org: TestOrg, path: string) => {
  const res = await call("GET", path, { key: org.apiKey });
  expect(res.status, res.text).toBe(200);
  return res;
};
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const setRedaction = async (org: TestOrg, redaction: string) =>
  expect((await call("PUT", "/settings", { key: org.apiKey, body: { redaction } })).status).toBe(200);

/** Nothing a client can read (list, search, user filter, counts, export) gives the value back. */
async function expectNowhere(org: TestOrg, value: string) {
  expect((await stored(org)).text).not.toContain(value);
  expect((await get(org, "/logs")).text).not.toContain(value);
  expect((await get(org, `/logs${q({ search: value })}`)).body).toEqual([]);
  expect((await get(org, `/logs${q({ userId: value })}`)).body).toEqual([]);
  expect((await get(org, `/logs/counts${q({ userId: value })}`)).body.total).toBe(0);
  expect((await get(org, `/logs/export${q({ format: "jsonl" })}`)).text).not.toContain(value);
}

describe("identifiers are redacted like values (default mode: credentials)", () => {
  it("POST /api/logs and /api/logs/batch: a token in userId, a key in sessionId and in a metadata key", async () => {
    const org = await registerOrg();
    const [t1, k1, t2, k2, t3] = [github(), aws(), github(), aws(), github()];
    const single = await call("POST", "/logs", {
      key: org.apiKey,
      body: {
        prompt: "hi",
        response: "ok",
        model: "gpt-4",
        userId: t1,
        sessionId: `sess ${k1}`,
        metadata: { [t2]: "x", [t3]: "y", plan: "pro" },
      },
    });
    expect(single.status, single.text).toBe(201);
    const batch = await call("POST", "/logs/batch", {
      key: org.apiKey,
      body: { logs: [{ prompt: "hi", response: "ok", model: "gpt-4", userId: `user:${k2}`, metadata: { nested: { [k1]: 1 } } }] },
    });
    expect(batch.status, batch.text).toBe(201);

    const { rows } = await stored(org);
    expect(rows.map((r) => r.user_id)).toEqual(["[REDACTED:github_token]", "user:[REDACTED:aws_access_key]"]);
    expect(rows[0].session_id).toBe("sess [REDACTED:aws_access_key]");
    // Two keys redacted alike both stay.
    expect(JSON.parse(rows[0].metadata!)).toEqual({ "[REDACTED:github_token]": "x", "[REDACTED:github_token] #2": "y", plan: "pro" });
    expect(JSON.parse(rows[1].metadata!)).toEqual({ nested: { "[REDACTED:aws_access_key]": 1 } });
    for (const value of [t1, k1, t2, k2, t3]) await expectNowhere(org, value);
    // The redacted identifiers are fingerprinted like any redacted value (k1 twice: one fingerprint).
    const [{ n }] = (
      await (
        await dataD1(org.orgId)
      )
        .prepare("SELECT count(DISTINCT fingerprint) AS n FROM log_fingerprints WHERE org_id = ?")
        .bind(org.orgId)
        .all<{ n: number }>()
    ).results;
    expect(n).toBe(5);
  });

  it("OTLP: user.id and session.id of a span", async () => {
    const org = await registerOrg();
    const [token, key] = [github(), aws()];
    const body = otlpJson({
      spans: [
        {
          attrs: {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "gpt-4o",
            "user.id": token,
            "session.id": key,
            "gen_ai.input.messages": JSON.stringify([{ role: "user", parts: [{ type: "text", content: "hello" }] }]),
          },
        },
      ],
    });
    const res = await postTraces(JSON.stringify(body), { authorization: `Bearer ${org.apiKey}`, "content-type": "application/json" });
    expect(res.status).toBe(200);
    const { rows } = await stored(org);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: "[REDACTED:github_token]", session_id: "[REDACTED:aws_access_key]" });
    for (const value of [token, key]) await expectNowhere(org, value);
  });

  it("the gateway: the request's `user`", async () => {
    const org = await registerOrg();
    const token = github();
    const provider = fakeProvider();
    const { client, settle } = gatewayClient({ key: org.apiKey, upstream: provider.baseURL });
    await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hello" }], user: token });
    await settle();
    const { rows } = await stored(org);
    expect(rows.map((r) => r.user_id)).toEqual(["[REDACTED:github_token]"]);
    await expectNowhere(org, token);
  });
});

describe('"sensitive": the user id is stored as its keyed fingerprint', () => {
  it("stores no user id, groups by user, and ?userId=<id> still finds the user's logs (list, counts, search, export)", async () => {
    const org = await registerOrg();
    const other = await registerOrg();
    const user = `customer-${pick("0123456789", 8)}`;
    const email = `${pick("abcdefghijkmnopqrstuvwxyz", 8)}@northwindmail.com`;
    // Stored before the switch: as sent; the filter finds it as well as the later fingerprinted ones.
    expect(
      (await call("POST", "/logs", { key: org.apiKey, body: { prompt: "before", response: "ok", model: "gpt-4", userId: user } })).status,
    ).toBe(201);
    await setRedaction(org, "sensitive");
    await setRedaction(other, "sensitive");
    for (const [o, prompt, userId] of [
      [org, "first words", user],
      [org, "second words", user],
      [org, "third words", email],
      [other, "elsewhere", user],
    ] as const) {
      const res = await call("POST", "/logs", { key: o.apiKey, body: { prompt, response: "ok", model: "gpt-4", userId } });
      expect(res.status, res.text).toBe(201);
    }

    const { rows, text } = await stored(org);
    const [before, first, second, third] = rows.map((r) => r.user_id!);
    expect(before).toBe(user);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toBe(first);
    expect(third).toMatch(/^[0-9a-f]{64}$/);
    expect(third).not.toBe(first);
    expect(text.split(user)).toHaveLength(3); // the "before" row and its log_facts copy only
    expect(text).not.toContain(email);
    // Per organization: the same id has another fingerprint in another organization (its own key).
    const elsewhere = (await stored(other)).rows[0].user_id;
    expect(elsewhere).toMatch(/^[0-9a-f]{64}$/);
    expect(elsewhere).not.toBe(first);

    const prompts = (res: { body: any[] }) => res.body.map((l) => l.prompt).sort();
    expect(prompts(await get(org, `/logs${q({ userId: user })}`))).toEqual(["before", "first words", "second words"]);
    expect(prompts(await get(org, `/logs${q({ userId: email })}`))).toEqual(["third words"]);
    // A fingerprint copied from a log filters too (the screens link what they show).
    expect(prompts(await get(org, `/logs${q({ userId: first })}`))).toEqual(["first words", "second words"]);
    expect(prompts(await get(org, `/logs${q({ userId: user, search: "words" })}`))).toEqual(["first words", "second words"]);
    expect((await get(org, `/logs/counts${q({ userId: user })}`)).body.total).toBe(3);
    const exported = (await get(org, `/logs/export${q({ format: "jsonl", userId: user })}`)).text.trim().split("\n");
    expect(exported).toHaveLength(3);
    // Another organization's fingerprint of the same id finds nothing here, and its logs are its own.
    expect((await get(org, `/logs${q({ userId: elsewhere! })}`)).body).toEqual([]);
    expect(prompts(await get(other, `/logs${q({ userId: user })}`))).toEqual(["elsewhere"]);
    // Active users count distinct users: the id as sent before the switch, its fingerprint, the e-mail's.
    expect((await get(org, "/stats")).body.activeUsers).toBe(3);
  });

  it("an id holding a credential keeps its placeholder: no filter confirms a guessed secret", async () => {
    const org = await registerOrg();
    await setRedaction(org, "sensitive");
    const token = github();
    expect(
      (await call("POST", "/logs", { key: org.apiKey, body: { prompt: "p", response: "r", model: "gpt-4", userId: token } })).status,
    ).toBe(201);
    expect((await stored(org)).rows[0].user_id).toBe("[REDACTED:github_token]");
    await expectNowhere(org, token);
  });
});
