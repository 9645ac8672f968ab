// Moved to tenancy/db.ts; this path stays until its importers are updated.
export * from "../tenancy/db";
