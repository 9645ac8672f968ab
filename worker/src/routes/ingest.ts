// Ingestion (docs/api.md): single logs and batches from SDKs (Bearer key with logs:write), and the
// dashboard's test prompts. The answer never waits for the realtime fan-out or webhook enqueueing.
import { Hono } from "hono";
import { logBatchResultSchema, promptLogSchema, type LogBatchResult } from "../../../schema/responses";
import { logBatchBody, logBody, testPromptBody } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { ingestLogs } from "../ingestion/ingest-logs";
import { guard, json } from "../middleware/guard";
import { batchBodyLimit, standardBodyLimit } from "../middleware/body-limit";
import { ingestRateLimit } from "../middleware/rate-limit";
import { jsonBody } from "../validate";

const RATE_LIMITED = {
  429: "`rate_limited` or `quota_exceeded`: the plan's ingestion rate or prompt quota is used up (see `Retry-After`)",
};

export const ingestRoutes = new Hono<AppEnv>()
  .post(
    "/logs",
    standardBodyLimit,
    ...guard("logs:write", {
      summary: "Log one prompt and response (flagged on arrival)",
      tag: "Ingestion",
      answers: json(promptLogSchema, 201),
      errors: RATE_LIMITED,
    }),
    ingestRateLimit,
    ...jsonBody(logBody),
    async (c) => {
      const [log] = await ingestLogs(c, [c.req.valid("json")]);
      return c.json(log, 201);
    },
  )
  .post(
    "/logs/batch",
    batchBodyLimit,
    ...guard("logs:write", {
      summary: "Log up to 500 prompts at once, all or nothing",
      tag: "Ingestion",
      answers: json(logBatchResultSchema, 201),
      errors: RATE_LIMITED,
    }),
    ingestRateLimit,
    ...jsonBody(logBatchBody),
    async (c) => {
      const logs = await ingestLogs(c, c.req.valid("json").logs, { idempotencyKind: "batch" });
      return c.json({ ids: logs.map((l) => l.id) } satisfies LogBatchResult, 201);
    },
  )
  .post(
    "/test-prompt",
    standardBodyLimit,
    ...guard("logs:write", {
      summary: "Log a test prompt from the dashboard (source integration-test)",
      tag: "Ingestion",
      answers: json(promptLogSchema, 201),
      errors: RATE_LIMITED,
    }),
    ingestRateLimit,
    ...jsonBody(testPromptBody),
    async (c) => {
      const [log] = await ingestLogs(c, [c.req.valid("json")], { defaultSource: "integration-test" });
      return c.json(log, 201);
    },
  );
