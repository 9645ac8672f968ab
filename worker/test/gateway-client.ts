// The official `openai` client pointed at the gateway, inside workerd: its fetch goes to the worker's
// fetch handler with a test-chosen env (loopback providers need ALLOW_PRIVATE_WEBHOOKS), and
// settle() waits for the logging each call left running in waitUntil.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import OpenAI from "openai";
import { inject } from "vitest";
import { GATEWAY_KEY_HEADER, GATEWAY_UPSTREAM_HEADER } from "../../schema/constants";
import type { Bindings } from "../src/env";
import worker from "../src/index";
import { hashApiKey } from "../src/auth/keys";
import { testEnv } from "./delivery-helpers";
import { BASE } from "./helpers";

/** A provider namespace of its own on the fake provider: its base URL, what it received, and its gate. */
export function fakeProvider() {
  const origin = inject("fakeProviderOrigin");
  const prefix = `/${crypto.randomUUID()}`;
  return {
    baseURL: `${origin}${prefix}/v1`,
    async requests(): Promise<{ method: string; path: string; headers: Record<string, string>; body: any }[]> {
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

/** With `upstream`, the calls carry X-PromptSentry-Upstream, which the key's organization is first allowed to send. */
export function gatewayClient(opts: { key: string; providerKey?: string; upstream?: string; bindings?: Partial<Bindings> }) {
  const bindings = testEnv(opts.bindings);
  const contexts: ExecutionContext[] = [];
  const ready = opts.upstream ? allowUpstreamOverride(bindings.DB, opts.key) : Promise.resolve();
  const client = new OpenAI({
    apiKey: opts.providerKey ?? "sk-test-provider-key",
    baseURL: `${BASE}/api/gateway/v1`,
    defaultHeaders: { [GATEWAY_KEY_HEADER]: opts.key, ...(opts.upstream ? { [GATEWAY_UPSTREAM_HEADER]: opts.upstream } : {}) },
    maxRetries: 0,
    fetch: (async (url: string | URL | Request, init?: RequestInit) => {
      await ready;
      const ctx = createExecutionContext();
      contexts.push(ctx);
      return worker.fetch(new Request(url, init), bindings, ctx);
    }) as typeof fetch,
  });
  return {
    client,
    /** Waits for every call's waitUntil work (the gateway stores its logs there). */
    async settle() {
      await Promise.all(contexts.splice(0).map((ctx) => waitOnExecutionContext(ctx)));
    },
  };
}

/** One raw gateway call (for bodies the client would never send), through the same fetch handler. */
export async function rawGatewayCall(headers: Record<string, string>, body: string, bindings: Partial<Bindings> = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}/api/gateway/v1/chat/completions`, { method: "POST", headers, body }),
    testEnv(bindings),
    ctx,
  );
  // The body first: the answer is relayed as the client reads it, and the log's waitUntil work
  // finishes only once the relay has reached the end.
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, body: text ? JSON.parse(text) : null, headers: res.headers };
}
