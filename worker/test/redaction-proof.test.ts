// Proof of redaction before storage (docs/log-flow.md, the redaction step): generated credentials and personal data go in
// through every way (POST /api/logs, /api/logs/batch, /api/test-prompt; prompt, response and
// metadata), then every place the stack keeps or sends them is searched for the raw values: the
// stored rows (all tables), the FTS index, CSV and JSONL exports, the queue payloads, the webhook
// and integration bodies received by the local receiver, and the realtime notify payloads. With
// "off" the values are found (so this test can fail); with "credentials" only the personal data;
// with "sensitive" nothing.
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { REDACTION_MODES, type RedactionMode } from "@promptsentry/schema/constants/privacy";
import { feedTo, indexQueued } from "./committer-helpers";
import { callWith, receiver, recordingQueue, runQueue, testEnv } from "./delivery-helpers";
import { call, dataD1, indexHits, registerOrg } from "./helpers";

const pick = (alphabet: string, n: number) =>
  [...crypto.getRandomValues(new Uint8Array(n))].map((b) => alphabet[b % alphabet.length]).join("");
const UPPER_DIGITS = "ABCDEFGHJKLMNPQRSTUVWXYZ234567";
/**
 * n distinct characters in random order: a key the detector must find, never one it rightly
 * dismisses as filler (runs such as XXXX, low entropy) — that would make the proof flaky, not wrong.
 */
const distinct = (alphabet: string, n: number) =>
  [...alphabet]
    .map((c) => ({ c, k: crypto.getRandomValues(new Uint32Array(1))[0] }))
    .sort((a, b) => a.k - b.k)
    .slice(0, n)
    .map((x) => x.c)
    .join("");
const ALNUM = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A Luhn-valid 16-digit card number. */
function cardNumber(): string {
  const digits = [4, ...pick("0123456789", 14).split("").map(Number)];
  const sum = digits
    .slice()
    .reverse()
    .reduce((s, d, i) => s + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return [...digits, (10 - (sum % 10)) % 10].join("");
}

/** Fresh values every run, so nothing else in the database can contain them by chance. */
function generated() {
  return {
    credentials: {
      aws: `AKIA${distinct(UPPER_DIGITS.replace("X", ""), 16)}`,
      github: `ghp_${pick(ALNUM, 36)}`,
      dbPassword: `Pw${pick(ALNUM, 14)}9!`,
    },
    personal: {
      email: `${pick("abcdefghijkmnopqrstuvwxyz", 8)}.${pick("abcdefghijkmnopqrstuvwxyz", 6)}@northwindmail.com`,
      card: cardNumber(),
    },
  };
}

type Values = ReturnType<typeof generated>;
const all = (v: Values) => ({ ...v.credentials, ...v.personal });

/** Every byte-bearing place the stack wrote or sent for the organization, as one text per place. */
async function collectSinks(
  orgId: string,
  key: string,
  bindings: ReturnType<typeof testEnv>,
  sent: unknown[],
  hookRequests: () => Promise<{ body: string }[]>,
  origin: string,
  /** Each log's own page too: the only answer with its turns. */
  logIds: string[],
) {
  const dump = async (table: string, where = "org_id = ?") =>
    JSON.stringify((await (await dataD1(orgId)).prepare(`SELECT * FROM ${table} WHERE ${where}`).bind(orgId).all()).results);
  const csv = await call("GET", "/logs/export?format=csv", { key });
  const jsonl = await call("GET", "/logs/export?format=jsonl", { key });
  const party = (await (await fetch(`${origin}/_requests?path=${encodeURIComponent(`/parties/main/${orgId}`)}`)).json()) as {
    body: string;
  }[];
  return {
    rows: (await dump("prompt_logs")) + (await dump("alerts")) + (await dump("log_fingerprints")),
    api: JSON.stringify(
      await Promise.all(
        ["/logs?limit=200", ...logIds.map((id) => `/logs/${id}`)].map(
          async (path) => (await callWith(bindings, "GET", path, { key })).body,
        ),
      ),
    ),
    export: csv.text + jsonl.text,
    queue: JSON.stringify(sent),
    webhooks: (await hookRequests()).map((r) => r.body).join("\n"),
    realtime: party.map((r) => r.body).join("\n"),
  };
}

/** Whether any data shard's search index holds every trigram of the value (the raw text was indexed). */
async function indexed(value: string): Promise<boolean> {
  return (await indexHits(value)) > 0;
}

async function runThroughEveryPath(mode: RedactionMode) {
  const values = generated();
  const { aws, github, dbPassword } = values.credentials;
  const { email, card } = values.personal;
  const org = await registerOrg();
  const hooks = receiver();
  const { queue, sent } = recordingQueue();
  const origin = inject("receiverOrigin");
  // The realtime notify (sent by the organization's committer) goes to the local receiver, standing in for the party server.
  const bindings = testEnv({ DELIVERY_QUEUE: queue, PARTY_SECRET: "proof-secret", PARTY_HOST: origin });
  await feedTo(org.orgId, origin, "proof-secret");
  const key = org.apiKey;
  expect((await callWith(bindings, "PUT", "/settings", { key, body: { redaction: mode } })).status).toBe(200);
  const hook = await callWith(bindings, "POST", "/webhooks", {
    key,
    body: { name: "Proof", url: hooks.url("hook"), events: ["prompt.created", "flag.detected", "alert.created"] },
  });
  expect(hook.status, hook.text).toBe(201);
  const integration = await callWith(bindings, "POST", "/integrations", {
    key,
    body: { name: "Proof", type: "webhook", config: { webhook_url: hooks.url("integration") } },
  });
  expect(integration.status, integration.text).toBe(201);

  const single = await callWith(bindings, "POST", "/logs", {
    key,
    body: {
      prompt: `Deploy with aws_access_key_id=${aws} please, ask ${email}`,
      response: `Done. Token ${github} rotated.`,
      model: "gpt-4",
      userId: "proof-user",
      metadata: { ticket: `card ${card}`, nested: { contact: email, conn: `postgres://app:${dbPassword}@db.internal:5432/main` } },
      // the same values in the turns: a user turn, a tool call's arguments, a tool result
      messages: [
        { role: "user", content: [{ type: "text", text: `Deploy with aws_access_key_id=${aws} please, ask ${email}` }] },
        { role: "assistant", content: null, toolCalls: [{ id: "c1", name: "charge", arguments: JSON.stringify({ card, token: github }) }] },
        { role: "tool", content: `connected to postgres://app:${dbPassword}@db.internal:5432/main`, toolCallId: "c1" },
      ],
    },
  });
  expect(single.status, single.text).toBe(201);
  const batch = await callWith(bindings, "POST", "/logs/batch", {
    key,
    body: {
      logs: [
        { prompt: `Charge card ${card} for ${email}`, response: "ok", model: "claude-3" },
        {
          prompt: "Connect please",
          response: `Use postgres://app:${dbPassword}@db.internal:5432/main and ${aws}`,
          model: "gpt-4",
          metadata: { list: [github] },
        },
      ],
    },
  });
  expect(batch.status, batch.text).toBe(201);
  const test = await callWith(bindings, "POST", "/test-prompt", {
    key,
    body: { prompt: `My key is ${github} and mail ${email}`, response: "", model: "gpt-4" },
  });
  expect(test.status, test.text).toBe(201);

  // The search index entries follow the answers: written now, so the index is searched too.
  await indexQueued(org.orgId);
  // Deliver everything the ingestion queued, through the real consumer, to the receiver.
  expect(sent.length).toBeGreaterThan(0);
  await runQueue(bindings, sent as never[]);
  const sinks = await collectSinks(
    org.orgId,
    key,
    bindings,
    sent,
    async () => [...(await hooks.requests("hook")), ...(await hooks.requests("integration"))],
    origin,
    [single.body.id, ...batch.body.ids],
  );
  expect(sinks.webhooks.length, "the receiver got the webhook bodies").toBeGreaterThan(0);
  expect(sinks.realtime.length, "the receiver got the realtime payloads").toBeGreaterThan(0);
  const responses = JSON.stringify([single.body, batch.body, test.body]);
  return { values, sinks, responses, fts: async (v: string) => indexed(v) };
}

/** For each value, the places it was found in. */
async function foundIn(run: Awaited<ReturnType<typeof runThroughEveryPath>>) {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(all(run.values))) {
    out[name] = Object.entries({ ...run.sinks, responses: run.responses })
      .filter(([, text]) => text.includes(value))
      .map(([sink]) => sink);
    if (await run.fts(value)) out[name].push("fts");
  }
  return out;
}

const EVERY_SINK = ["api", "export", "fts", "queue", "realtime", "responses", "rows", "webhooks"];

describe("redaction before storage, on every path and in every sink", () => {
  it.each(REDACTION_MODES)("mode %s", async (mode) => {
    const run = await runThroughEveryPath(mode);
    const found = await foundIn(run);
    const sorted = (xs: string[]) => [...xs].sort();
    for (const name of Object.keys(run.values.credentials)) {
      expect(sorted(found[name]), `${name} in ${mode}`).toEqual(mode === "off" ? EVERY_SINK : []);
    }
    for (const name of Object.keys(run.values.personal)) {
      expect(sorted(found[name]), `${name} in ${mode}`).toEqual(mode === "sensitive" ? [] : EVERY_SINK);
    }
    if (mode !== "off") expect(run.sinks.rows).toContain("[REDACTED:");
  });
});
