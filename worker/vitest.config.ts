import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with the real local D1 and every migration applied (README.md#test-it).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "../schema/migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(import.meta.dirname, "../wrangler.toml") },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "test-session-secret",
            PARTY_SECRET: "test-party-secret",
            ALLOW_PRIVATE_WEBHOOKS: "false",
            // Nothing listens on port 1: ingestion tests run with the party server down.
            PARTY_HOST: "127.0.0.1:1",
          },
          // Miniflare's local send_email binding (stores what is sent), so e-mail alerts run for real.
          email: { send_email: [{ name: "ALERT_EMAIL" }] },
        },
      }),
    ],
    test: {
      root: import.meta.dirname,
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      setupFiles: ["./test/apply-migrations.ts"],
      // Some tests insert thousands of rows through the aggregate triggers; a busy machine needs room.
      testTimeout: 30_000,
      // A real HTTP receiver for the delivery tests (webhooks, Slack, Discord, generic integrations).
      globalSetup: ["./test/receivers.ts", "./test/fake-provider.ts"],
    },
  };
});
