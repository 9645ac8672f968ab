// Ingestion (DESIGN §5): single logs and batches from SDKs (Bearer key with logs:write), and the
// dashboard's test prompts. The answer never waits for the realtime fan-out or webhook enqueueing.
import { Hono } from "hono";
import { logBatchBody, logBody, testPromptBody } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { ingestLogs } from "../ingestion/ingest-logs";
import { requirePermission } from "../middleware/auth";
import { batchBodyLimit, standardBodyLimit } from "../middleware/body-limit";
import { ingestRateLimit } from "../middleware/rate-limit";
import { jsonBody } from "../validate";

export const ingestRoutes = new Hono<AppEnv>()
  .post("/logs", standardBodyLimit, requirePermission("logs:write"), ingestRateLimit, ...jsonBody(logBody), async (c) => {
    const [log] = await ingestLogs(c, [c.req.valid("json")]);
    return c.json(log, 201);
  })
  .post("/logs/batch", batchBodyLimit, requirePermission("logs:write"), ingestRateLimit, ...jsonBody(logBatchBody), async (c) => {
    const logs = await ingestLogs(c, c.req.valid("json").logs, { idempotencyKind: "batch" });
    return c.json({ ids: logs.map((l) => l.id) }, 201);
  })
  .post("/test-prompt", standardBodyLimit, requirePermission("logs:write"), ingestRateLimit, ...jsonBody(testPromptBody), async (c) => {
    const [log] = await ingestLogs(c, [c.req.valid("json")], { defaultSource: "integration-test" });
    return c.json(log, 201);
  });
