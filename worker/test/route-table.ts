// The app's route table as `METHOD /api/path` keys (Hono's `:param` form): what the OpenAPI,
// isolation and fuzz suites each must cover, so a new route fails them until it is covered.
import { app } from "../src/app";

export const routeKeys = () =>
  [...new Set(app.routes.filter((r) => r.method !== "ALL" && !r.path.includes("*")).map((r) => `${r.method} ${r.path}`))].sort();
