// Security headers of every response (docs/security-headers.md), in one place for both servers of
// them: the worker (API answers and dashboard pages, worker/src/routes/dashboard.ts) and the static
// asset router (web/dist/_headers, written from here by the web build).

/** Headers every response carries, HTML, asset or JSON. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/**
 * The dashboard's policy: scripts, styles and everything else from this origin only (no inline
 * script: the theme bootstrap is web/public/theme-init.js); `connect-src` adds the realtime
 * socket's origin (ws://… / wss://…, from PARTY_HOST), which only the worker knows.
 */
export function dashboardCsp(realtimeOrigin?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${realtimeOrigin ? ` ${realtimeOrigin}` : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** JSON answers are never a document: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Every API answer's headers: Hono's `secureHeaders` defaults (HSTS, Origin-Agent-Cluster, …;
 * Cross-Origin-Resource-Policy off, frames denied) and the API's CSP. Written out so the worker can
 * build a JSON answer with all of them in one step (worker/src/middleware/security-headers.ts);
 * security-headers.test.ts checks they are still exactly what `secureHeaders` sends.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Origin-Agent-Cluster": "?1",
  "Referrer-Policy": "no-referrer",
  "Strict-Transport-Security": "max-age=15552000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-DNS-Prefetch-Control": "off",
  "X-Download-Options": "noopen",
  "X-Frame-Options": "DENY",
  "X-Permitted-Cross-Domain-Policies": "none",
  "X-XSS-Protection": "0",
  "Content-Security-Policy": API_CSP,
};

export function dashboardHeaders(realtimeOrigin?: string): Record<string, string> {
  return { ...COMMON_SECURITY_HEADERS, "Content-Security-Policy": dashboardCsp(realtimeOrigin) };
}

/**
 * The static assets' `_headers` file (Workers static assets and Pages): hashed bundles under
 * /assets/ skip the worker, so their headers come from here. Its CSP has no realtime origin: a
 * page served through the worker gets the full one.
 */
export function staticHeadersFile(): string {
  const lines = Object.entries(dashboardHeaders()).map(([name, value]) => `  ${name}: ${value}`);
  return `# Written by the web build from schema/security-headers.ts; do not edit.\n/*\n${lines.join("\n")}\n`;
}
