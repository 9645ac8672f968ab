// Ingestion (DESIGN §5): single logs and batches from SDKs (Bearer key with logs:write), and the
// dashboard's test prompts. The answer never waits for the realtime fan-out or webhook enqueueing.
import { Hono, type Context } from "hono";
import { logBatchBody, logBody, testPromptBody, type LogInput } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { badRequest } from "../errors";
import { enqueueStoredLogs, inBackground } from "../delivery/emit";
import { notifyNewLogs } from "../lib/realtime";
import { orgOf, requirePermission, requirePrincipal } from "../middleware/auth";
import { ingestRateLimit } from "../middleware/rate-limit";
import { storeLogs, type StoreOptions } from "../queries/ingest";
import { serializeLog } from "../serialize";
import { jsonBody } from "../validate";

const IDEMPOTENCY_KEY_MAX = 200;

function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header("idempotency-key")?.trim();
  if (!key) return null;
  if (key.length > IDEMPOTENCY_KEY_MAX) throw badRequest(`Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`, undefined, "invalid_idempotency_key");
  return key;
}

async function ingest(c: Context<AppEnv>, inputs: LogInput[], extra: Partial<StoreOptions> = {}) {
  const principal = requirePrincipal(c);
  const result = await storeLogs(c.var.db, principal.orgId, inputs, { apiKeyId: principal.keyId, idempotencyKey: idempotencyKey(c), ...extra });
  const logs = result.rows.map(serializeLog);
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  else {
    c.executionCtx.waitUntil(notifyNewLogs(c.env, orgOf(c), logs));
    inBackground(c.executionCtx, () => enqueueStoredLogs(c.env, c.var.db, principal.orgId, result.rows, result.newAlertIds));
  }
  return logs;
}

export const ingestRoutes = new Hono<AppEnv>()
  .post("/logs", requirePermission("logs:write"), ingestRateLimit, ...jsonBody(logBody), async (c) => {
    const [log] = await ingest(c, [c.req.valid("json")]);
    return c.json(log, 201);
  })
  .post("/logs/batch", requirePermission("logs:write"), ingestRateLimit, ...jsonBody(logBatchBody), async (c) => {
    const logs = await ingest(c, c.req.valid("json").logs, { idempotencyKind: "batch" });
    return c.json({ ids: logs.map((l) => l.id) }, 201);
  })
  .post("/test-prompt", requirePermission("logs:write"), ingestRateLimit, ...jsonBody(testPromptBody), async (c) => {
    const [log] = await ingest(c, [c.req.valid("json")], { defaultSource: "integration-test" });
    return c.json(log, 201);
  });
