// Helpers of the management-screen browser tests (manage-*.e2e.ts): a fresh organization per test,
// the toast region, dialogs, forced server errors and a local webhook receiver.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL, signIn } from "./browser";

/** Generous timeout for anything that waits on the stack (a loaded 2-core machine). */
export const WAIT = 25_000;

export type Org = { apiKey: string; name: string; email: string; id: string };

let counter = 0;
/** Registers a new organization through POST /api/register (its key is an admin key). */
export async function newOrg(label = "Manage Org"): Promise<Org> {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${label} ${tag}`;
  const email = `manage-${tag}@example.com`;
  const res = await fetch(`${baseURL()}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, email }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { apiKey: string; organization: { id: string } };
  return { apiKey: body.apiKey, name, email, id: body.organization.id };
}

/** A fresh organization, the page signed in with its key, and `path` open with its title shown. */
export async function openAs(page: Page, path: string, title: string, label?: string): Promise<Org> {
  const org = await newOrg(label);
  await signIn(page, org.apiKey);
  await page.goto(path);
  await waitText(page.getByTestId("page-title"), title);
  return org;
}

/** A call to the API with a Bearer key (as an integrator would), outside the browser. */
export async function apiAs(apiKey: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** GET with a Bearer key, answering the parsed JSON (throws on a non-2xx answer). */
export async function getAs<T>(apiKey: string, path: string): Promise<T> {
  const res = await apiAs(apiKey, "GET", path);
  if (!res.ok) throw new Error(`GET ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** POST /api/logs with a Bearer key; answers the stored log. */
export async function postLog(apiKey: string, log: Record<string, unknown>): Promise<{ id: string; flagStatus: string }> {
  const res = await apiAs(apiKey, "POST", "/api/logs", log);
  if (res.status !== 201) throw new Error(`POST /api/logs failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; flagStatus: string };
}

/** Waits until the locator is visible. */
export async function shown(locator: Locator, timeout = WAIT): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

/** Waits until the locator is gone (detached or hidden). */
export async function hidden(locator: Locator, timeout = WAIT): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout });
}

/** Polls the first match's trimmed innerText until it equals `text`. */
export async function waitText(locator: Locator, text: string, timeout = WAIT): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) ? (await locator.first().innerText()).trim() : null), { timeout, interval: 100 })
    .toBe(text);
}

/** Polls a count until it equals `n`. */
export async function waitCount(locator: Locator, n: number, timeout = WAIT): Promise<void> {
  await expect.poll(() => locator.count(), { timeout, interval: 100 }).toBe(n);
}

/** Polls an async value until it passes `check`. */
export async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, timeout = WAIT, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (check(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The toast region (schema/constants/: at most one toast at a time). */
export const toastRegion = (page: Page) => page.getByRole("list", { name: "Notifications (F8)" });

/**
 * Waits for the toast with exactly this title and checks its variant ('default' or 'destructive')
 * and, when given, its description. Answers the toast element.
 */
export async function expectToast(
  page: Page,
  title: string,
  variant: "default" | "destructive" = "default",
  description?: string,
): Promise<Locator> {
  const item = toastRegion(page)
    .locator("[data-variant]")
    .filter({ has: page.locator("p.font-semibold", { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) });
  // A toast with the same title may still be on screen from an earlier action (the new one replaces
  // it), so the description is polled rather than read once.
  if (description !== undefined) {
    const withText = item.filter({ has: page.locator("p", { hasText: new RegExp(`^${escapeRegExp(description)}$`) }) });
    await shown(withText.first());
    expect(await withText.first().getAttribute("data-variant")).toBe(variant);
    return withText.first();
  }
  await shown(item.first());
  expect(await item.first().getAttribute("data-variant")).toBe(variant);
  return item.first();
}

/** Closes whatever toast is on screen, so the next one cannot be confused with it. */
export async function closeToasts(page: Page): Promise<void> {
  const close = toastRegion(page).getByRole("button", { name: "Close" });
  while (await close.count())
    await close
      .first()
      .click()
      .catch(() => {});
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The open dialog with this title. */
export const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** An inline field error with exactly this text (red text under a field). */
export const fieldError = (scope: Locator | Page, text: string) =>
  scope.locator("p.text-red-600", { hasText: new RegExp(`^${escapeRegExp(text)}$`) });

/**
 * Makes the next matching request(s) answer 500 with an error envelope; others pass through.
 * Answers a function that removes the route.
 */
export async function failNext(page: Page, urlGlob: string, method: string, times = 1): Promise<() => Promise<void>> {
  let left = times;
  const handler = async (route: import("playwright-core").Route) => {
    if (route.request().method() === method && left > 0) {
      left--;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal_error", message: "Forced failure (test)" } }),
      });
    } else await route.fallback();
  };
  await page.route(urlGlob, handler);
  return () => page.unroute(urlGlob, handler);
}

export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A tiny HTTP receiver on 127.0.0.1 that records every request and answers `status`. */
export async function startReceiver(
  status = 200,
): Promise<{ url: string; received: Received[]; close: () => Promise<void>; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
