// docs/security-headers.md: every page, asset and API answer carries the security headers, the dashboard's
// Content-Security-Policy has no inline script and names the realtime socket's origin, and the
// dashboard works under it: no CSP violation while the screens load and the live socket connects.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, demoKey, signIn, useBrowser } from "./browser";
import { T, visible } from "./helpers";

const browser = useBrowser();

function expectCommonHeaders(res: Response, what: string) {
  // Miniflare's debug header for its request log (single-page fallbacks): `npm start` answers
  // without it, as production does (scripts/lib/runtime.mjs, MINIFLARE_LOG_HEADER).
  expect(res.headers.get("x-mf-additional-response-log"), what).toBeNull();
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, what).toContain("frame-ancestors 'none'");
  return csp;
}

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

describe("security headers", () => {
  it("on the dashboard's pages, deep routes, assets and the API", async () => {
    const base = baseURL();
    const login = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ apiKey: demoKey() }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const token = (await (await fetch(`${base}/api/realtime/token`, { headers: { cookie } })).json()) as { url: string };
    const realtimeOrigin = new URL(token.url).origin.replace(/^http/, "ws");

    const home = await fetch(`${base}/`);
    const html = await home.text();
    for (const path of ["/", "/logs", "/logs/01JNOSUCHLOG0000000000000", "/settings?tab=x", "/no/such/page"]) {
      // As a browser navigates (the header that selects the single-page fallback).
      const res = await fetch(base + path, { headers: { "Sec-Fetch-Mode": "navigate" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      const csp = expectCommonHeaders(res, path);
      expect(directive(csp, "script-src"), path).toEqual(["'self'"]);
      expect(directive(csp, "default-src"), path).toEqual(["'self'"]);
      expect(directive(csp, "object-src"), path).toEqual(["'none'"]);
      expect(directive(csp, "connect-src"), path).toEqual(["'self'", realtimeOrigin]);
    }
    // No inline script is left for the policy to block.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const path of [...assets, "/theme-init.js", "/favicon.svg"]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expectCommonHeaders(res, path);
    }

    for (const [path, status, headers] of [
      ["/api/health", 200, {}],
      ["/api/logs", 401, {}],
      ["/api/organization", 200, { cookie }],
      ["/api/no-such-route", 404, {}],
    ] as const) {
      const res = await fetch(base + path, { headers });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      const csp = expectCommonHeaders(res, path);
      expect(directive(csp, "default-src"), path).toEqual(["'none'"]);
    }
  });

  it("the dashboard loads, draws its charts and connects its live socket with no CSP violation", async () => {
    const page = await browser.page();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        console.error(`Refused to load: CSP ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const visit = async (p: Page, path: string, ready: () => Promise<unknown>) => {
      await p.goto(path);
      await ready();
    };
    // Signed out: the landing page and its sign-in dialog (Headless UI).
    await visit(page, "/", () => visible(page.getByRole("button", { name: /sign in with an api key/i }).first()));
    await page
      .getByRole("button", { name: /sign in with an api key/i })
      .first()
      .click();
    await visible(page.getByRole("dialog"));

    await signIn(page);
    await visit(page, "/", () => visible(page.getByTestId("stat-totalPrompts")));
    await visible(page.getByRole("status").filter({ hasText: /^Live$/ }), T);
    await visit(page, "/analytics", () => page.locator("canvas").first().waitFor({ timeout: T }));
    await visit(page, "/logs", () => page.locator("li[data-log-id]").first().waitFor({ timeout: T }));
    await visit(page, "/settings", () => page.getByRole("heading", { name: "Settings" }).first().waitFor({ timeout: T }));
    await page.evaluate(() => document.documentElement.classList.toggle("dark"));
    expect(violations).toEqual([]);
  });
});
