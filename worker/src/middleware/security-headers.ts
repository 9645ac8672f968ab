// The API's security headers (docs/security-headers.md): Hono's secure headers, frames denied, and a
// Content-Security-Policy under which a JSON answer opened as a document can load and run nothing.
// The dashboard's pages get theirs in routes/dashboard.ts; both policies live in schema/security-headers.ts.
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { API_CSP } from "../../../schema/security-headers";
import type { AppEnv } from "../env";

const honoSecureHeaders = secureHeaders({ crossOriginResourcePolicy: false, xFrameOptions: "DENY" });

export const apiSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await honoSecureHeaders(c, next);
  c.res.headers.set("Content-Security-Policy", API_CSP);
});
