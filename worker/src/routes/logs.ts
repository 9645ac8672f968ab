// Prompt logs: list, export, detail (docs/api.md). Ingestion lives in routes/ingest.ts.
import { Hono } from "hono";
import { stream } from "hono/streaming";
import * as v from "valibot";
import { fingerprintSummarySchema, logCountsSchema, modelSeenSchema, promptLogSchema } from "@promptsentry/schema/responses";
import { countsQuery, exportQuery, logsQuery } from "@promptsentry/schema/requests/logs";
import { fingerprintParam } from "@promptsentry/schema/requests/privacy";
import { idParam } from "@promptsentry/schema/requests/fields";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { csvHeader, csvRow, jsonlRow } from "../lib/export";
import { LOG_COUNT_CAP } from "@promptsentry/schema/constants/logs";
import { orgOf } from "../middleware/auth";
import { download, guard, json, list } from "../middleware/guard";
import { countLogs } from "../queries/log-counts";
import { userFilter } from "../queries/logs";
import { fingerprintSummaryIn, getLogIn, listLogsIn, modelsSeenIn } from "../queries/segment-logs";
import { requestSegments } from "../tenancy/segments";
import { serializeFingerprintSummary, serializeLog, serializeLogDetail } from "../serialize";
import { validate } from "../validate";

const EXPORT_PAGE = 200;
const EXPORT_MAX_ROWS = 100_000;

export const logRoutes = new Hono<AppEnv>()
  .get(
    "/",
    ...guard("logs:read", {
      summary: "Search and filter logs, newest first, keyset-paginated by `before`",
      tag: "Logs",
      answers: list(promptLogSchema),
    }),
    validate("query", logsQuery),
    async (c) => {
      const orgId = orgOf(c);
      const rows = await listLogsIn(await requestSegments(c), orgId, await userFilter(c.var.db, orgId, c.req.valid("query")));
      return c.json(rows.map(serializeLog));
    },
  )
  // How many logs the filters match in all and per flag (Prompt Logs' "Showing N of M", Red Flags' badges).
  .get(
    "/counts",
    ...guard("logs:read", {
      summary: `How many logs the filters match, in all and per flag; with a search or a user, time or fingerprint filter at most ${LOG_COUNT_CAP.toLocaleString("en-US")} are counted ({total: ${LOG_COUNT_CAP}, capped: true}, per-flag null)`,
      tag: "Logs",
      answers: json(logCountsSchema),
    }),
    validate("query", countsQuery),
    async (c) => {
      const orgId = orgOf(c);
      return c.json(
        await countLogs(
          { db: c.var.db, segments: await requestSegments(c) },
          orgId,
          await userFilter(c.var.db, orgId, c.req.valid("query")),
        ),
      );
    },
  )
  // The models the organization's logs name: the model filter's options.
  .get(
    "/models",
    ...guard("logs:read", {
      summary: "Each model the organization's logs name, most used first",
      tag: "Logs",
      answers: list(modelSeenSchema),
    }),
    async (c) => c.json(await modelsSeenIn(await requestSegments(c), orgOf(c))),
  )
  .get(
    "/export",
    ...guard("logs:read", {
      summary: "Stream the filtered logs as CSV or JSON Lines",
      tag: "Logs",
      answers: download(["text/csv", "application/x-ndjson"], "The logs, newest first (at most 100,000)"),
    }),
    validate("query", exportQuery),
    async (c) => {
      const orgId = orgOf(c);
      const { format, ...filters } = await userFilter(c.var.db, orgId, c.req.valid("query"));
      const segments = await requestSegments(c);
      const stamp = new Date().toISOString().slice(0, 10);
      c.header("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="prompt-logs-${stamp}.${format}"`);
      // Streamed page by page with the keyset cursor, so an export never holds the whole result.
      return stream(c, async (out) => {
        if (format === "csv") await out.write(csvHeader());
        let before: string | undefined = filters.before;
        for (let sent = 0; sent < EXPORT_MAX_ROWS; ) {
          const rows = await listLogsIn(segments, orgId, { ...filters, limit: EXPORT_PAGE, before });
          if (rows.length === 0) break;
          const logs = rows.map(serializeLog);
          await out.write(logs.map(format === "csv" ? csvRow : jsonlRow).join(""));
          sent += rows.length;
          before = rows[rows.length - 1].id;
          if (rows.length < EXPORT_PAGE) break;
        }
      });
    },
  )
  // How often a redacted value (by its fingerprint) appeared in this organization's logs, and since when.
  .get(
    "/fingerprints/:fingerprint",
    ...guard("logs:read", {
      summary: "In how many logs a redacted value (by fingerprint) appeared, first and last seen",
      tag: "Logs",
      answers: json(fingerprintSummarySchema),
    }),
    validate("param", v.object({ fingerprint: fingerprintParam })),
    async (c) => {
      return c.json(
        serializeFingerprintSummary(await fingerprintSummaryIn(await requestSegments(c), orgOf(c), c.req.valid("param").fingerprint)),
      );
    },
  )
  .get(
    "/:id",
    ...guard("logs:read", {
      summary: "One log",
      tag: "Logs",
      answers: json(promptLogSchema),
      errors: { 404: "`not_found`: no such log in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      const row = await getLogIn(await requestSegments(c), orgOf(c), c.req.valid("param").id);
      if (!row) throw notFound("Log");
      return c.json(serializeLogDetail(row));
    },
  );
