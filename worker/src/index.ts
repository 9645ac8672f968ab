import type { Bindings } from "./env";
import { app } from "./app";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;
