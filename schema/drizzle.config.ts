import { defineConfig } from "drizzle-kit";

// drizzle-kit 0.31 writes flat NNNN_name.sql files that `wrangler d1 migrations apply` and
// `readD1Migrations` both read. Never `drizzle-kit push` against D1.
export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/tables.ts",
  out: "./schema/migrations",
});
