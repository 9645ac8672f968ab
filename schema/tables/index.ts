// Every table of the database, for drizzle (worker/src/tenancy/db.ts), drizzle-kit (schema/drizzle.config.ts)
// and the tests that compare them with the migrations. Every tenant row carries org_id and every list the
// screens show has an index that starts with org_id, so no query ever scans another tenant. Timestamps are
// integer epoch milliseconds: cheap to compare, range and keyset-paginate.
export * from "./organizations";
export * from "./access";
export * from "./logs";
export * from "./usage";
export * from "./search";
export * from "./alerts";
export * from "./delivery";
export * from "./metrics";
export * from "./audit";
export * from "./segments";
