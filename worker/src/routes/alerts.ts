import { Hono } from "hono";
import { TOTAL_COUNT_HEADER } from "@promptsentry/schema/constants/logs";
import { alertSchema } from "@promptsentry/schema/responses";
import { acknowledgeAlertsBody, alertsQuery } from "@promptsentry/schema/requests/alerts";
import { idParam } from "@promptsentry/schema/requests/fields";
import type { AppEnv } from "../env";
import { orgOf, requirePrincipal } from "../middleware/auth";
import { guard, json, list } from "../middleware/guard";
import { acknowledgeAlertIn, acknowledgeAlertsIn, listAlertsIn } from "../queries/segment-alerts";
import { serializeAlert } from "../serialize";
import { requestSegments } from "../tenancy/segments";
import { validate } from "../validate";

export const alertRoutes = new Hono<AppEnv>()
  .get(
    "/",
    ...guard("alerts:read", {
      summary: `Alerts, newest first, keyset-paginated; ${TOTAL_COUNT_HEADER} counts all matching`,
      tag: "Alerts",
      answers: list(alertSchema),
    }),
    validate("query", alertsQuery),
    async (c) => {
      const { rows, total } = await listAlertsIn(await requestSegments(c), orgOf(c), c.req.valid("query"));
      // The answer stays the spec's plain array; the count of every matching alert rides in a header.
      c.header(TOTAL_COUNT_HEADER, String(total));
      return c.json(rows.map(serializeAlert));
    },
  )
  .post(
    "/acknowledge",
    ...guard("alerts:write", {
      summary: "Acknowledge several alerts at once (one-way, idempotent); answers those this call acknowledged",
      tag: "Alerts",
      answers: list(alertSchema),
    }),
    validate("json", acknowledgeAlertsBody),
    async (c) => {
      const principal = requirePrincipal(c);
      const { ids } = c.req.valid("json");
      const rows = await acknowledgeAlertsIn(await requestSegments(c), principal.orgId, ids, principal.memberId ?? principal.keyId);
      return c.json(rows.map(serializeAlert));
    },
  )
  .patch(
    "/:id/acknowledge",
    ...guard("alerts:write", {
      summary: "Acknowledge an alert (one-way, idempotent)",
      tag: "Alerts",
      answers: json(alertSchema),
      errors: { 404: "`not_found`: no such alert in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      const principal = requirePrincipal(c);
      const { id } = c.req.valid("param");
      const alert = await acknowledgeAlertIn(await requestSegments(c), principal.orgId, id, principal.memberId ?? principal.keyId);
      return c.json(serializeAlert(alert));
    },
  );
