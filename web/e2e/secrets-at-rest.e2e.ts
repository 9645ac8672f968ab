// docs/api-keys-in-urls.md: no full API key is ever written under the stack's state directory (wrangler's
// --persist-to, which `npm start`'s runtime shares: local D1, queue, rate limits, party storage). The vitest config runs
// this file last, so it also covers every request the other browser tests made; it makes the risky
// calls itself too (the deprecated `?apiKey=` form among them) so it proves something on its own.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { baseURL, demoKey, signIn, useBrowser } from "./browser";
import { registerOrg, T } from "./helpers";

const browser = useBrowser();
/** Any API key (pk_live_ + 32 base62), not only the ones this file knows. */
const ANY_KEY = /pk_live_[0-9A-Za-z]{32}/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : e.isFile() ? [full] : [];
  });
}

/**
 * A file's bytes as latin1 text, or "" when it vanished after the listing: SQLite removes a
 * database's -wal and -shm files when the runtime closes it, at any moment during the scan.
 */
function readIfPresent(file: string): string {
  try {
    return readFileSync(file).toString("latin1");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/** Every key-shaped string in every file under `dir` (binary files read byte for byte). */
function keysAtRest(dir: string): { file: string; key: string }[] {
  return filesUnder(dir).flatMap((file) => {
    const text = readIfPresent(file);
    return [...new Set(text.match(ANY_KEY) ?? [])].map((key) => ({ file: path.relative(dir, file), key }));
  });
}

describe("secrets at rest", () => {
  it("no API key appears anywhere under the stack's state directory", async () => {
    const stateDir = inject("stateDir");
    expect(statSync(stateDir).isDirectory()).toBe(true);
    const org = await registerOrg("Secrets At Rest");
    const keys = [demoKey(), org.apiKey];
    for (const key of keys) {
      // The spec's form: still answered, marked deprecated (RFC 9745).
      const byQuery = await fetch(`${baseURL()}/api/organization?apiKey=${key}`);
      expect(byQuery.status).toBe(200);
      expect(byQuery.headers.get("deprecation")).toMatch(/^@\d+$/);
      const bad = await fetch(`${baseURL()}/api/logs?apiKey=${key}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      expect(bad.status).toBe(400);
      const bearer = await fetch(`${baseURL()}/api/logs`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
        body: JSON.stringify({ prompt: "Rotate the secrets at rest", response: "Done.", model: "gpt-4" }),
      });
      expect(bearer.status).toBe(201);
      expect(bearer.headers.get("deprecation")).toBeNull();
    }
    // The dashboard: sign-in with the key in a body, session cookie, realtime token and socket.
    // Every URL the dashboard requests or opens a socket to is kept: none may carry the key.
    const page = await browser.page();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    page.on("websocket", (ws) => urls.push(ws.url()));
    await signIn(page, org.apiKey);
    for (const path of ["/", "/logs", "/testing", "/settings"]) {
      await page.goto(path);
      await page.locator("main").first().waitFor({ timeout: T });
    }
    await page.goto("/");
    await page.getByTestId("stat-totalPrompts").waitFor({ timeout: T });
    await page
      .getByRole("status")
      .filter({ hasText: /^Live$/ })
      .waitFor({ timeout: T });
    await page.close();
    expect(urls.some((u) => u.startsWith("ws"))).toBe(true);
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((u) => new RegExp(ANY_KEY.source).test(u) || u.includes(org.apiKey))).toEqual([]);

    // Traces and database pages are written asynchronously: give them time to land first.
    await new Promise((r) => setTimeout(r, 3_000));
    const found = keysAtRest(stateDir);
    expect(found, `keys found under ${stateDir}`).toEqual([]);
    // The scan does read the stack's files (the database holds each key's display prefix).
    const prefixes = filesUnder(stateDir).some((f) => readIfPresent(f).includes(org.apiKey.slice(0, 16)));
    expect(prefixes).toBe(true);
  });
});
