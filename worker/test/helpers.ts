// Route-test helpers: every call goes through the real worker fetch handler (exports.default) with
// the real local D1. Each test registers its own organizations, so tests never share tenants.
// `api(org).alerts.$get(…)` is the typed way in (paths, params, queries and bodies checked against the
// routes, answers typed by them); `call(method, path)` stays for what the types rightly refuse: bad
// input, raw bodies, unknown paths.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { hc, type ClientResponse } from "hono/client";
import type { Permission } from "@promptsentry/schema/constants/access";
import { INDEX_QUEUED_LOGS } from "@promptsentry/schema/search-backfill";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import * as tables from "@promptsentry/schema/tables";
import type { app } from "../src/app";
import { trigramSearch } from "../src/queries/search-terms";

export const BASE = "http://localhost";

export type CallResult<T = any> = { status: number; body: T; headers: Headers; text: string };

/** Who calls: an organization or member (its key), a key, a session cookie, or nobody. */
export type Caller = Pick<TestOrg, "apiKey"> | { key?: string; cookie?: string; headers?: Record<string, string> };

function headersOf(caller: Caller): Record<string, string> {
  if ("apiKey" in caller) return { authorization: `Bearer ${caller.apiKey}` };
  const headers: Record<string, string> = { ...caller.headers };
  if (caller.key) headers.authorization = `Bearer ${caller.key}`;
  if (caller.cookie) headers.cookie = caller.cookie;
  return headers;
}

/** The app's `/api` routes as a typed client (hono/client) over the real worker fetch handler. */
export function api(caller: Caller = {}) {
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(new Request(input, init));
  return hc<typeof app>(BASE, { fetch, headers: headersOf(caller) }).api;
}

type Answer<R> = R extends ClientResponse<infer T, number, infer _F> ? T : never;

/** Decoded by hand: workerd warns when .text() reads a body whose type is not text/* (e.g. ndjson). */
async function decode(res: Pick<Response, "status" | "headers" | "arrayBuffer">) {
  const text = new TextDecoder().decode(await res.arrayBuffer());
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers, text };
}

/**
 * Awaits a typed call and reads it like `call`: status, headers, text, and the body typed as the
 * route answers it (an error envelope is read with expectEnvelope).
 */
export async function read<R extends ClientResponse<unknown, number, "json" | "text" | string>>(
  pending: Promise<R>,
): Promise<CallResult<Answer<R>>> {
  const { body, ...rest } = await decode(await pending);
  return { ...rest, body: body as Answer<R> };
}

export async function call<T = any>(
  method: string,
  path: string,
  opts: { key?: string; cookie?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const { body: parsed, ...rest } = await decode(await exports.default.fetch(new Request(`${BASE}/api${path}`, { method, headers, body })));
  return { ...rest, body: parsed as T };
}

let orgCounter = 0;

export type TestOrg = { orgId: string; name: string; apiKey: string; cookie: string; memberId: string };

/** Registers a fresh organization and answers its admin key and session cookie. */
export async function registerOrg(name = `Org ${++orgCounter} ${crypto.randomUUID().slice(0, 8)}`): Promise<TestOrg> {
  const res = await read(api().register.$post({ json: { name, email: `admin-${crypto.randomUUID().slice(0, 8)}@example.com` } }));
  const member = res.body.organization.member;
  if (res.status !== 201 || !member) throw new Error(`register failed: ${res.status} ${res.text}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { orgId: res.body.organization.id, name, apiKey: res.body.apiKey, cookie, memberId: member.id };
}

/** An extra key of the organization with exactly these permissions. */
export async function keyWith(org: TestOrg, permissions: Permission[]): Promise<string> {
  const res = await read(api(org)["api-keys"].$post({ json: { name: `perm ${permissions.join("+")}`, permissions } }));
  if (res.status !== 201) throw new Error(`key create failed: ${res.status} ${res.text}`);
  return res.body.keyValue;
}

/** The control database (organizations, keys, team, settings, webhooks, integrations, metric definitions). */
export const testDb = () => drizzle(env.DB, { schema: tables });

/** Data shard n's D1 binding (schema/shards.ts). */
export const shardD1 = (n: number): D1Database => env[DATA_SHARDS[n]];

/** Every data shard's D1 binding, in shard order. */
export const allShardD1s = (): D1Database[] => DATA_SHARDS.map((name) => env[name]);

/**
 * Entries of the search index (prompt_logs_trigrams) holding every trigram of `word`, over every data
 * shard: straight from FTS5, no check on the log (the index's own content, e.g. what a purge left).
 */
export async function indexHits(word: string, d1s = allShardD1s()): Promise<number> {
  let n = 0;
  for (const d1 of d1s)
    n += (await d1
      .prepare("SELECT count(*) AS n FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH ?")
      .bind(trigramSearch([word], []).match)
      .first<{ n: number }>())!.n;
  return n;
}

/** The shard named in the organization's row of the control database. */
export async function orgShard(orgId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT shard FROM organizations WHERE id = ?").bind(orgId).first<{ shard: number }>();
  if (!row) throw new Error(`no organization ${orgId}`);
  return row.shard;
}

/** The organization's data shard as D1 (logs, aggregates, alerts, anomalies, deliveries, feedback). */
export const dataD1 = async (orgId: string): Promise<D1Database> => shardD1(await orgShard(orgId));

/**
 * Puts an organization that has no data yet on shard n (its stub row there, its control row naming it):
 * tests that need two tenants in one database, or on different ones, whatever the assignment did.
 */
export async function placeOnShard(orgId: string, shard: number) {
  await shardD1(shard)
    .prepare("INSERT OR IGNORE INTO organizations (id, name, email, shard) VALUES (?, '', '', ?)")
    .bind(orgId, shard)
    .run();
  await env.DB.prepare("UPDATE organizations SET shard = ? WHERE id = ?").bind(shard, orgId).run();
}

/** Every data shard through drizzle, in shard order (reads that look for a row wherever it is). */
export const shardDbs = () => allShardD1s().map((d1) => drizzle(d1, { schema: tables }));

/** How many logs the organization holds, counted in its data shard. */
export async function logCount(orgId: string): Promise<number> {
  const row = await (await dataD1(orgId))
    .prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?")
    .bind(orgId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The organization's data shard through drizzle. */
export const dataDb = async (orgId: string) => drizzle(await dataD1(orgId), { schema: tables });

let seq = 0;
/**
 * Stores logs directly (the aggregate and search queue triggers run as for ingestion) and indexes
 * them for search, or with `queued` leaves them in the search queue, as a flush leaves them until its
 * committer's indexing (ingestion/search-indexer.ts).
 */
export async function insertLogs(orgId: string, logs: Partial<typeof tables.promptLogs.$inferInsert>[], { queued = false } = {}) {
  const db = await dataDb(orgId);
  const rows = logs.map((l) => ({
    id: l.id ?? `log${Date.now().toString(36)}${(++seq).toString().padStart(6, "0")}`,
    orgId,
    createdAt: l.createdAt ?? new Date(),
    model: l.model ?? "gpt-4",
    prompt: l.prompt ?? "Hello there",
    response: l.response ?? "General Kenobi",
    flagStatus: l.flagStatus ?? "safe",
    flagReasons: l.flagReasons ?? [],
    findings: l.findings ?? [],
    ...l,
  }));
  for (let i = 0; i < rows.length; i += 5) await db.insert(tables.promptLogs).values(rows.slice(i, i + 5));
  if (!queued) await indexQueued(await dataD1(orgId));
  return rows;
}

/**
 * Indexes for search the logs a test wrote with its own INSERT, as every write of the product does
 * at the end of its transaction (migration 0013, schema/search-backfill.ts).
 */
export async function indexQueued(d1: D1Database) {
  await d1.batch(INDEX_QUEUED_LOGS.map((statement) => d1.prepare(statement)));
}

export function expectEnvelope(res: CallResult, status: number, code?: string) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  if (!res.body?.error || typeof res.body.error.message !== "string" || typeof res.body.error.code !== "string") {
    throw new Error(`not an error envelope: ${res.text}`);
  }
  if (code && res.body.error.code !== code) throw new Error(`expected code ${code}, got ${res.body.error.code}`);
  return res.body.error as { code: string; message: string; issues?: Record<string, string[]> };
}

/**
 * Waits, if needed, until at least `needMs` remain before the next wall-clock boundary of `periodMs`
 * (a minute, an hour, a UTC day). Tests whose assertions need several requests to fall into one
 * window — alert grouping per minute, rate-limit windows, UTC days of stats — start here, so a
 * run that happens to straddle the boundary cannot fail them.
 */
export async function awayFromBoundary(periodMs: number, needMs: number): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 250));
}

/**
 * Spends `units` of the organization's ingestion rate limit with malformed bodies: the limit is
 * counted before the body is read, so each is a cheap 400. Sent 25 at a time so a burst stays well
 * inside its window on a busy machine.
 */
export async function spendIngestUnits(key: string, units: number) {
  const bad = { key, rawBody: "{", headers: { "content-type": "application/json" } };
  for (let sent = 0; sent < units; sent += 25) {
    const answers = await Promise.all(Array.from({ length: Math.min(25, units - sent) }, () => call("POST", "/logs", bad)));
    const wrong = answers.find((a) => a.status !== 400);
    if (wrong) throw new Error(`expected 400, got ${wrong.status}: ${wrong.text}`);
  }
}
