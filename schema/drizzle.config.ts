import { defineConfig } from "drizzle-kit";

// drizzle-kit 0.31 writes flat NNNN_name.sql files that `wrangler d1 migrations apply` and
// `readD1Migrations` both read. Never `drizzle-kit push` against D1. Migrations from 0004 on are
// finished by hand and only the latest snapshot is kept (docs/data.md#migrations).
export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/tables/index.ts",
  out: "./schema/migrations",
});
