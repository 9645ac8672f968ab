// The official clients (`openai`, `@anthropic-ai/sdk`, `@google/genai`) pointed at the gateway, inside
// workerd: their fetch goes to the worker's fetch handler with a test-chosen env (loopback providers
// need ALLOW_PRIVATE_WEBHOOKS), and settle() waits for the logging each call left running in waitUntil.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import OpenAI from "openai";
import { inject } from "vitest";
import { GATEWAY_KEY_HEADER, GATEWAY_UPSTREAM_HEADER } from "@promptsentry/schema/constants/gateway";
import type { Bindings } from "../src/env";
import worker from "../src/index";
import { hashApiKey } from "../src/auth/keys";
import { testEnv } from "./delivery-helpers";
import { allShardD1s, BASE } from "./helpers";

/** A provider namespace of its own on the fake provider: its base URL, what it received, and its gate. */
export function fakeProvider() {
  const origin = inject("fakeProviderOrigin");
  const prefix = `/${crypto.randomUUID()}`;
  return {
    baseURL: `${origin}${prefix}/v1`,
    /** The namespace's root: what Anthropic's and Gemini's clients take as their base URL. */
    root: `${origin}${prefix}`,
    async requests(): Promise<{ method: string; path: string; query: string; headers: Record<string, string>; body: any }[]> {
      return (await fetch(`${origin}/_requests?prefix=${encodeURIComponent(prefix)}`)).json();
    },
    async release() {
      await fetch(`${origin}/_release?prefix=${encodeURIComponent(prefix)}`, { method: "POST" });
    },
  };
}

/**
 * Lets the organization of `key` name its own upstream per call (settings gatewayAllowUpstreamOverride,
 * off by default): how these tests point the gateway at their fake provider's namespace.
 */
export async function allowUpstreamOverride(db: D1Database, key: string) {
  await db
    .prepare("UPDATE org_settings SET gateway_allow_upstream_override = 1 WHERE org_id = (SELECT org_id FROM api_keys WHERE key_hash = ?)")
    .bind(await hashApiKey(key))
    .run();
}

type ClientOptions = { key: string; providerKey?: string; upstream?: string; bindings?: Partial<Bindings> };

/**
 * A fetch into the worker for the official clients, with our key (and, with `upstream`,
 * X-PromptSentry-Upstream, which the key's organization is first allowed to send) on every call.
 */
function gatewayFetch(opts: ClientOptions) {
  const bindings = testEnv(opts.bindings);
  const contexts: ExecutionContext[] = [];
  const ready = opts.upstream ? allowUpstreamOverride(bindings.DB, opts.key) : Promise.resolve();
  const headers = { [GATEWAY_KEY_HEADER]: opts.key, ...(opts.upstream ? { [GATEWAY_UPSTREAM_HEADER]: opts.upstream } : {}) };
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    await ready;
    const ctx = createExecutionContext();
    contexts.push(ctx);
    return worker.fetch(new Request(url, init), bindings, ctx);
  }) as typeof globalThis.fetch;
  return {
    headers,
    fetch,
    /** Waits for every call's waitUntil work (the gateway stores its logs there). */
    async settle() {
      await Promise.all(contexts.splice(0).map((ctx) => waitOnExecutionContext(ctx)));
    },
  };
}

/** The official `openai` client on the gateway (chat completions and Responses). */
export function gatewayClient(opts: ClientOptions) {
  const { headers, fetch, settle } = gatewayFetch(opts);
  const client = new OpenAI({
    apiKey: opts.providerKey ?? "sk-test-provider-key",
    baseURL: `${BASE}/api/gateway/v1`,
    defaultHeaders: headers,
    maxRetries: 0,
    fetch,
  });
  return { client, settle };
}

/** The official `@anthropic-ai/sdk` client on the gateway (`baseURL: <origin>/api/gateway/anthropic`). */
export function anthropicClient(opts: ClientOptions) {
  const { headers, fetch, settle } = gatewayFetch(opts);
  const client = new Anthropic({
    apiKey: opts.providerKey ?? "sk-ant-test-provider-key",
    baseURL: `${BASE}/api/gateway/anthropic`,
    defaultHeaders: headers,
    maxRetries: 0,
    fetch,
  });
  return { client, settle };
}

/** The official `@google/genai` client on the gateway (`httpOptions.baseUrl: <origin>/api/gateway/gemini`). */
export function geminiClient(opts: ClientOptions) {
  const { headers, fetch, settle } = gatewayFetch(opts);
  const client = new GoogleGenAI({
    apiKey: opts.providerKey ?? "AIza-test-provider-key",
    httpOptions: { baseUrl: `${BASE}/api/gateway/gemini`, headers, fetch, retryOptions: { attempts: 1 } },
  });
  return { client, settle };
}

/** One raw gateway call (for bodies the client would never send), through the same fetch handler. */
export async function rawGatewayCall(
  headers: Record<string, string>,
  body: string,
  bindings: Partial<Bindings> = {},
  path = "/v1/chat/completions",
) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${BASE}/api/gateway${path}`, { method: "POST", headers, body }), testEnv(bindings), ctx);
  // The body first: the answer is relayed as the client reads it, and the log's waitUntil work
  // finishes only once the relay has reached the end.
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null; // a stream's events
  }
  return { status: res.status, text, body: parsed, headers: res.headers };
}

/** Fails if any table of the control database or of any data shard holds one of `needles` (a provider key). */
export async function expectStoredNowhere(needles: string[]) {
  for (const d1 of [testEnv().DB, ...allShardD1s()]) {
    const tables = await d1.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    for (const { name } of tables.results) {
      const rows = await d1
        .prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`)
        .all()
        .catch(() => ({ results: [] }));
      const dump = JSON.stringify(rows.results);
      for (const needle of needles) if (dump.includes(needle)) throw new Error(`${name} holds ${needle}`);
    }
  }
}
