import { applyD1Migrations, env } from "cloudflare:test";
import { DATA_SHARDS, SEGMENT_DBS } from "@promptsentry/schema/shards";

// One migration set for every database: the control database, each data shard and each segment pool database (docs/data.md).
for (const d1 of [env.DB, ...[...DATA_SHARDS, ...SEGMENT_DBS].map((name) => env[name])]) await applyD1Migrations(d1, env.TEST_MIGRATIONS);
