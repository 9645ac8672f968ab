import { defineConfig } from "vitest/config";

// Party tests drive a real `partykit dev` server (started in globalSetup) over WebSockets and HTTP.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/party-server.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
