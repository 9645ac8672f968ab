// Shared helpers of the browser tests: fresh organizations, ingestion through the public API,
// authenticated reads with the page's session, and waiting on text without fixed sleeps.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL } from "./browser";

/** Generous timeout for anything that waits on the stack (a loaded 2-core machine). */
export const T = 20_000;

export type FreshOrg = { apiKey: string; name: string; email: string; id: string };

let counter = 0;
/** Registers a new organization through POST /api/register (no demo data, trial plan). */
export async function registerOrg(label = "E2E Org"): Promise<FreshOrg> {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const name = `${label} ${tag}`;
  const email = `e2e-${tag}@example.com`;
  const res = await fetch(`${baseURL()}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, email }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { apiKey: string; organization: { id: string } };
  return { apiKey: body.apiKey, name, email, id: body.organization.id };
}

export type LogInput = {
  prompt: string;
  response: string;
  model: string;
  userId?: string;
  sessionId?: string;
  tokenCount?: number;
  estimatedCost?: number;
  source?: string;
};

export type StoredLog = LogInput & {
  id: string;
  createdAt: string;
  flagStatus: string;
  flagReasons: string[] | null;
  findings?: { reason: string; rule: string; target: string; start: number; end: number }[] | null;
  userId: string | null;
  sessionId: string | null;
};

/** POST /api/logs with the organization's Bearer key, as an SDK (or curl) does. */
export async function postLog(apiKey: string, log: LogInput): Promise<StoredLog> {
  const res = await fetch(`${baseURL()}/api/logs`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(log),
  });
  if (res.status !== 201) throw new Error(`POST /api/logs failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as StoredLog;
}

/** The same POST with the real `curl` binary (what the README tells integrators to try). */
export function curlLog(apiKey: string, log: LogInput): Promise<StoredLog> {
  return new Promise((resolve, reject) => {
    execFile(
      "curl",
      [
        "-sS",
        "--fail-with-body",
        "-X",
        "POST",
        `${baseURL()}/api/logs`,
        "-H",
        `Authorization: Bearer ${apiKey}`,
        "-H",
        "Content-Type: application/json",
        "-d",
        JSON.stringify(log),
      ],
      { timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`curl failed: ${error.message}\n${stdout}\n${stderr}`));
        try {
          resolve(JSON.parse(stdout) as StoredLog);
        } catch (_e) {
          reject(new Error(`curl answered something else than JSON: ${stdout}`));
        }
      },
    );
  });
}

/** GET an API path with the page's session cookie (what the dashboard itself would see). */
export async function apiGet<T>(page: Page, pathAndQuery: string): Promise<T> {
  const res = await page.request.get(pathAndQuery);
  if (!res.ok()) throw new Error(`GET ${pathAndQuery} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until the locator is visible. */
export async function visible(locator: Locator, timeout = T): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

/** Waits until the locator is gone (detached or hidden). */
export async function gone(locator: Locator, timeout = T): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout });
}

/** Polls the locator's text until it equals `text`. */
export async function textIs(locator: Locator, text: string, timeout = T): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) ? (await locator.first().innerText()).trim() : null), { timeout, interval: 100 })
    .toBe(text);
}

/** Polls an element count until it equals `n`. */
export async function countIs(locator: Locator, n: number, timeout = T): Promise<void> {
  await expect.poll(() => locator.count(), { timeout, interval: 100 }).toBe(n);
}

/** The page header's title. */
export const pageTitle = (page: Page) => page.getByTestId("page-title");

/** Same rule as the dashboard: signed change in percent with one decimal, '—' without a base. */
export function expectedChange(current: number, previous: number | null | undefined): string {
  if (!previous) return "—";
  const rounded = Math.round(((current - previous) / previous) * 1000) / 10;
  if (rounded === 0) return "0.0%";
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}%`;
}

// Ordinary prose: a numbered token run ("word0 word1 …") reads as an adversarial suffix to the
// detector's unnaturalness score, which would flag a log meant to be safe.
const FILLER = (
  "The figures below come from the finance team and were checked last week. Revenue grew in every " +
  "region, costs stayed close to plan, and the new office opened on time. Hiring slowed in the second " +
  "month while churn fell to its lowest level this year."
).split(" ");

/** A string of exactly `n` characters made of readable words (for truncation checks). */
export function longText(seed: string, n: number): string {
  let s = seed;
  let i = 0;
  while (s.length < n) s += ` ${FILLER[i++ % FILLER.length]}`;
  s = s.slice(0, n);
  return s.endsWith(" ") ? `${s.slice(0, -1)}x` : s;
}

const resultsDir = path.join(import.meta.dirname, ".results");
/** Merges figures into web/e2e/.results/<file> (git-ignored) and returns the merged object. */
export function recordResult(file: string, figures: Record<string, unknown>): Record<string, unknown> {
  mkdirSync(resultsDir, { recursive: true });
  const target = path.join(resultsDir, file);
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(readFileSync(target, "utf8")) as Record<string, unknown>;
  } catch {}
  const merged = { ...previous, ...figures };
  writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
  return merged;
}
