import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as tables from "@promptsentry/schema/tables";
import type { Permission } from "@promptsentry/schema/constants/access";
import type { PlanId } from "@promptsentry/schema/constants/plans";
import type { DataShardBinding, SegmentDbBinding } from "@promptsentry/schema/shards";
import type { DeliveryMessage } from "./delivery/messages";

/** Bindings and variables of the worker (wrangler.toml [vars], secrets, D1). */
export type Bindings = {
  /** The control database: organizations, keys, team, settings, webhooks, integrations (schema/shards.ts). */
  DB: D1Database;
  ASSETS?: Fetcher;
  SESSION_SECRET: string;
  PARTY_SECRET: string;
  PARTY_HOST: string;
  ALLOW_PRIVATE_WEBHOOKS?: string;
  DELIVERY_QUEUE: Queue<DeliveryMessage>;
  /** Group commit of ingestion, one object per organization (ingestion/committer.ts). */
  INGEST_COMMITTER: DurableObjectNamespace;
  /** Ingestion rate limits per plan (schema/constants/plans.ts INGEST_RATE_LIMITS). */
  INGEST_LIMIT_TRIAL: RateLimit;
  INGEST_LIMIT_PROFESSIONAL: RateLimit;
  INGEST_LIMIT_ENTERPRISE: RateLimit;
  /** Cloudflare Email Routing binding for e-mail integrations (optional: absent locally). */
  ALERT_EMAIL?: SendEmail;
  ALERT_EMAIL_FROM?: string;
  /** Gateway time limits in ms, when not the defaults of schema/constants/ (gateway/forward.ts). */
  GATEWAY_HEADERS_TIMEOUT_MS?: string;
  GATEWAY_IDLE_TIMEOUT_MS?: string;
  /** Bytes at which the minute schedule closes an organization's newest log segment; unset: never (tenancy/segments.ts). */
  LOG_SEGMENT_BUDGET_BYTES?: string;
} & Record<DataShardBinding | SegmentDbBinding, D1Database>;

export type Db = DrizzleD1Database<typeof tables>;

/** An organization's two databases: the control database and its data shard (tenancy/shards.ts). */
export type TenantDbs = { db: Db; data: Db };

/** Who is calling: resolved once per request by the auth middleware. */
export type Principal = {
  orgId: string;
  keyId: string;
  memberId: string | null;
  plan: PlanId;
  /** The data shard named in the organization's row (tenancy/shards.ts). */
  shard: number;
  permissions: ReadonlySet<Permission>;
  /** `gateway`: the X-PromptSentry-Key header of a gateway route. */
  via: "bearer" | "query" | "cookie" | "gateway";
};

/** The dashboard session a cookie request came through (auth/session.ts). */
export type SessionRef = { id: string; keyId: string; token: string; lastSeenAt: number; expiresAt: number };

export type Variables = {
  /** The control database. */
  db: Db;
  /**
   * The signed-in organization's data shard (logs, search, aggregates, alerts, anomalies,
   * deliveries, feedback), set with the principal by auth/request.ts; absent without one.
   */
  data: Db;
  principal: Principal | null;
  /** Set when the principal came from a session cookie; renewed after the answer, cleared on sign-out. */
  session?: SessionRef | null;
  /**
   * Set when a Bearer key was let in on this isolate's cached resolution (auth/credential-cache.ts):
   * the key row still to be re-read before anything is written (auth/request.ts).
   */
  credentialCheck?: { keyId: string; keyHash: string; via: Principal["via"] } | null;
  /** Why presented credentials were rejected, for the 401 message. */
  authError?: string;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };
