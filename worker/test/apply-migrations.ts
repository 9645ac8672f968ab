import { applyD1Migrations, env } from "cloudflare:test";
import { DATA_SHARDS } from "@promptsentry/schema/shards";

// One migration set for every database: the control database and each data shard (docs/data.md).
for (const d1 of [env.DB, ...DATA_SHARDS.map((name) => env[name])]) await applyD1Migrations(d1, env.TEST_MIGRATIONS);
