// The API's response contract: one valibot schema per answer. The worker's serializers return these
// types, the web imports them (web/src/api/types.ts), the realtime message carries the log shape,
// and GET /api/openapi.json documents each route's answer from the same schema (docs/api.md).
export * from "./common";
export * from "./errors";
export * from "./logs";
export * from "./account";
export * from "./analytics";
export * from "./alerts";
export * from "./webhooks";
export * from "./api-keys";
export * from "./integrations";
export * from "./custom-metrics";
export * from "./settings";
export * from "./team";
export * from "./feedback";
export * from "./realtime";
export * from "./audit";
export * from "./activity";
