// Flag feedback (docs/flags.md): operators mark a flag as a false alarm (or confirm it), or a safe log as
// missed; Red Flags shows the precision estimate; the verdicts export as JSON Lines for retraining.
// A log id outside the caller's organization is 404 on every path.
import { type Context, Hono } from "hono";
import { stream } from "hono/streaming";
import { FEEDBACK_VERDICT_LABELS, verdictsFor } from "@promptsentry/schema/constants/feedback";
import { feedbackOrNullSchema, feedbackSchema, feedbackSummarySchema } from "@promptsentry/schema/responses";
import { feedbackBody, feedbackExportQuery } from "@promptsentry/schema/requests/feedback";
import { idParam } from "@promptsentry/schema/requests/fields";
import type { AppEnv } from "../env";
import { badRequest, notFound } from "../errors";
import { auditRecorder } from "../lib/audit";
import { feedbackJsonlRow, feedbackSummary, serializeFeedback } from "../lib/feedback";
import { orgOf, requirePrincipal } from "../middleware/auth";
import { download, guard, json, noContent } from "../middleware/guard";
import { deleteFeedback, getFeedback, logFlag, saveFeedback } from "../queries/feedback";
import { feedbackExportIn, verdictCountsIn } from "../queries/segment-feedback";
import { jsonBody, validate } from "../validate";
import { requestSegments, segmentForId } from "../tenancy/segments";

const EXPORT_PAGE = 200;

/** The database of the segment that holds log `id` (a verdict lives beside its log), or null: no such log. */
async function logSegmentDb(c: Context<AppEnv>, id: string) {
  return segmentForId(await requestSegments(c), id)?.db ?? null;
}

export const feedbackRoutes = new Hono<AppEnv>()
  .get(
    "/feedback/summary",
    ...guard("logs:read", {
      summary: "Precision estimate of reviewed flags, overall and per reason",
      tag: "Feedback",
      answers: json(feedbackSummarySchema),
    }),
    async (c) => {
      const { overall, perReason } = await verdictCountsIn(await requestSegments(c), orgOf(c));
      return c.json(feedbackSummary(overall, perReason));
    },
  )
  .get(
    "/feedback/export",
    ...guard("logs:read", {
      summary: "Stream the verdicts with their prompts as JSON Lines (for retraining)",
      tag: "Feedback",
      answers: download(["application/x-ndjson"], "One verdict per line"),
    }),
    validate("query", feedbackExportQuery),
    async (c) => {
      const { verdict } = c.req.valid("query");
      const orgId = orgOf(c);
      const segments = await requestSegments(c);
      c.header("Content-Type", "application/x-ndjson; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="flag-feedback-${new Date().toISOString().slice(0, 10)}.jsonl"`);
      // Streamed page by page (keyset on log id in each segment), so an export never holds every prompt at once.
      return stream(c, async (out) => {
        for await (const rows of feedbackExportIn(segments, orgId, { verdict, pageSize: EXPORT_PAGE }))
          await out.write(rows.map(feedbackJsonlRow).join(""));
      });
    },
  )
  .get(
    "/logs/:id/feedback",
    ...guard("logs:read", {
      summary: "The operator's verdict on a log, or null",
      tag: "Feedback",
      answers: json(feedbackOrNullSchema),
      errors: { 404: "`not_found`: no such log in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      const orgId = orgOf(c);
      const { id } = c.req.valid("param");
      const data = await logSegmentDb(c, id);
      const found = data && (await getFeedback({ db: c.var.db, data }, orgId, id));
      if (found) return c.json(serializeFeedback(found.feedback, found.reviewerName));
      // No verdict yet answers null; an id that is not the organization's log answers 404.
      if (!data || !(await logFlag(data, orgId, id))) throw notFound("Log");
      return c.json(null);
    },
  )
  .put(
    "/logs/:id/feedback",
    ...guard("alerts:write", {
      summary: "Mark a flag as confirmed or a false alarm, or a safe log as missed",
      tag: "Feedback",
      answers: json(feedbackSchema),
      errors: { 404: "`not_found`: no such log in the organization" },
    }),
    validate("param", idParam),
    ...jsonBody(feedbackBody),
    async (c) => {
      const principal = requirePrincipal(c);
      const { id } = c.req.valid("param");
      const { verdict, note } = c.req.valid("json");
      const db = await logSegmentDb(c, id);
      const log = db && (await logFlag(db, principal.orgId, id));
      if (!db || !log) throw notFound("Log");
      const allowed = verdictsFor(log.flagStatus);
      if (!allowed.includes(verdict)) {
        const message = `A ${log.flagStatus} log can only be marked as ${allowed.map((v) => FEEDBACK_VERDICT_LABELS[v].toLowerCase()).join(" or ")}`;
        throw badRequest(message, { verdict: [message] });
      }
      const reviewedBy = principal.memberId ?? principal.keyId;
      const audit = await auditRecorder(c, db);
      if (!(await saveFeedback(db, { orgId: principal.orgId, logId: id, reviewedBy, verdict, note: note ?? null }, audit)))
        throw notFound("Log");
      const saved = (await getFeedback({ db: c.var.db, data: db }, principal.orgId, id))!;
      return c.json(serializeFeedback(saved.feedback, saved.reviewerName));
    },
  )
  .delete(
    "/logs/:id/feedback",
    ...guard("alerts:write", {
      summary: "Remove the verdict on a log",
      tag: "Feedback",
      answers: noContent(),
      errors: { 404: "`not_found`: no such log, or no verdict on it" },
    }),
    validate("param", idParam),
    async (c) => {
      const orgId = orgOf(c);
      const { id } = c.req.valid("param");
      const db = await logSegmentDb(c, id);
      if (db && (await deleteFeedback(db, orgId, id, await auditRecorder(c, db)))) return c.body(null, 204);
      throw notFound(db && (await logFlag(db, orgId, id)) ? "Feedback" : "Log");
    },
  );
