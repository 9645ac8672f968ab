import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Component tests of the web app's pure helpers. Node environment: no DOM needed.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "web",
    environment: "node",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
  },
});
