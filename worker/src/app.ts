// The Hono app: named middleware, one router per resource, errors rendered once in onError.
import { Hono } from "hono";
import type { AppEnv } from "./env";
import { onError, onNotFound } from "./errors";
import { authenticate } from "./middleware/auth";
import { defaultBodyLimit } from "./middleware/body-limit";
import { servedOpenApiDocument } from "./openapi";
import { publicRoute } from "./middleware/guard";
import { withDb } from "./middleware/db";
import { queryKeyDeprecation } from "./middleware/query-key-deprecation";
import { apiSecurityHeaders } from "./middleware/security-headers";
import { accountRoutes } from "./routes/account";
import { activityRoutes } from "./routes/activity";
import { alertRoutes } from "./routes/alerts";
import { analyticsRoutes } from "./routes/analytics";
import { anomalyRoutes } from "./routes/anomalies";
import { apiKeyRoutes } from "./routes/api-keys";
import { auditRoutes } from "./routes/audit";
import { customMetricRoutes } from "./routes/custom-metrics";
import { dashboardRoutes } from "./routes/dashboard";
import { dataRoutes } from "./routes/data";
import { feedbackRoutes } from "./routes/feedback";
import { gatewayRoutes } from "./routes/gateway";
import { healthRoutes } from "./routes/health";
import { ingestRoutes } from "./routes/ingest";
import { integrationRoutes } from "./routes/integrations";
import { logRoutes } from "./routes/logs";
import { otelRoutes } from "./routes/otel";
import { realtimeRoutes } from "./routes/realtime";
import { settingsRoutes } from "./routes/settings";
import { teamRoutes } from "./routes/team";
import { webhookRoutes } from "./routes/webhooks";

export const api = new Hono<AppEnv>()
  .use(apiSecurityHeaders)
  .use(queryKeyDeprecation)
  .use(defaultBodyLimit)
  .route("/", healthRoutes)
  .get(
    "/openapi.json",
    publicRoute({
      summary: "This document",
      tag: "Account",
      answers: { 200: { description: "The API as OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } },
    }),
    async (c): Promise<Response> => c.json(await servedOpenApiDocument(app, new URL(c.req.url).origin)),
  )
  .use(withDb, authenticate)
  .route("/", accountRoutes)
  .route("/", ingestRoutes)
  .route("/", otelRoutes)
  .route("/logs", logRoutes)
  .route("/", feedbackRoutes)
  .route("/", analyticsRoutes)
  .route("/", activityRoutes)
  .route("/alerts", alertRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/api-keys", apiKeyRoutes)
  .route("/integrations", integrationRoutes)
  .route("/custom-metrics", customMetricRoutes)
  .route("/anomaly-detections", anomalyRoutes)
  .route("/settings", settingsRoutes)
  .route("/team", teamRoutes)
  .route("/data", dataRoutes)
  .route("/audit", auditRoutes)
  .route("/realtime", realtimeRoutes)
  .route("/gateway", gatewayRoutes);

export const app = new Hono<AppEnv>().route("/api", api).route("/", dashboardRoutes).onError(onError).notFound(onNotFound);
api.onError(onError);
api.notFound(onNotFound);
