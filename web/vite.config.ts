import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { staticHeadersFile } from "@promptsentry/schema/security-headers";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** dist/_headers: the security headers of the static assets, from schema/security-headers.ts. */
const securityHeadersFile = (): Plugin => ({
  name: "security-headers-file",
  apply: "build",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: "_headers", source: staticHeadersFile() });
  },
});

export default defineConfig({
  root: here("."),
  publicDir: here("./public"),
  plugins: [
    // Must come before react(): it rewrites route files for per-route code splitting.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: here("./src/routes"),
      generatedRouteTree: here("./src/routeTree.gen.ts"),
      quoteStyle: "double",
    }),
    react(),
    tailwindcss(),
    securityHeadersFile(),
  ],
  server: {
    host: "127.0.0.1",
    port: 5173,
    proxy: {
      // "/api/" (not "/api"): the SPA route /api-keys must not be proxied.
      "/api/": { target: "http://127.0.0.1:8787", changeOrigin: true, ws: true },
    },
  },
  preview: { host: "127.0.0.1", port: 4173 },
  build: {
    outDir: here("./dist"),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
  },
});
