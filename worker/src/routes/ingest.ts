// Ingestion (docs/api.md): single logs and batches from SDKs (Bearer key with logs:write), and the
// dashboard's test prompts. The answer never waits for the realtime fan-out or webhook enqueueing.
import { Hono } from "hono";
import { TEST_PROMPT_SOURCE } from "@promptsentry/schema/constants/models";
import { estimateCostCents } from "@promptsentry/schema/pricing";
import {
  logBatchResultSchema,
  promptLogSchema,
  testPromptDryRunSchema,
  type LogBatchResult,
  type TestPromptDryRun,
} from "@promptsentry/schema/responses";
import { logBatchBody, logBody, testPromptBody, type LogInput } from "@promptsentry/schema/requests/logs";
import { detect } from "../detector";
import type { AppEnv, Db } from "../env";
import { ingestLogs } from "../ingestion/ingest-logs";
import { orgOf } from "../middleware/auth";
import { guard, json } from "../middleware/guard";
import { getSettings } from "../queries/settings";
import { batchBodyLimit, standardBodyLimit } from "../middleware/body-limit";
import { ingestRateLimit } from "../middleware/rate-limit";
import { jsonBody } from "../validate";

/**
 * A test prompt judged as ingestion would judge it (the organization's rules, threshold and
 * sensitivity; the price table when only tokens are sent) and answered without touching the logs'
 * database: nothing stored, so no alert, delivery, live-feed message or quota use follows.
 */
export async function dryRunTestPrompt(db: Db, orgId: string, input: LogInput): Promise<TestPromptDryRun> {
  const settings = await getSettings(db, orgId);
  const flags = detect(input, { rules: settings.flagRules, tokenThreshold: settings.tokenThreshold, sensitivity: settings.sensitivity });
  const tokenCount = input.tokenCount ?? null;
  return {
    dryRun: true,
    model: input.model,
    prompt: input.prompt,
    response: input.response,
    tokenCount,
    estimatedCost: input.estimatedCost ?? (tokenCount !== null ? estimateCostCents(input.model, tokenCount) : null),
    flagStatus: flags.flagStatus,
    flagReasons: flags.flagReasons,
    findings: flags.findings,
  };
}

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
      summary: "Log a test prompt from the dashboard (source integration-test), or only detect it (dryRun)",
      tag: "Ingestion",
      answers: {
        ...json(promptLogSchema, 201, "Stored, flagged (and alerted, delivered and broadcast like any log)"),
        ...json(testPromptDryRunSchema, 200, "`dryRun: true`: detected only; nothing stored, alerted, delivered or broadcast"),
      },
      errors: RATE_LIMITED,
    }),
    ingestRateLimit,
    ...jsonBody(testPromptBody),
    async (c) => {
      const { dryRun, ...input } = c.req.valid("json");
      if (dryRun) return c.json(await dryRunTestPrompt(c.var.db, orgOf(c), input), 200);
      const [log] = await ingestLogs(c, [input], { defaultSource: TEST_PROMPT_SOURCE });
      return c.json(log, 201);
    },
  );
