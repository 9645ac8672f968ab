// One Chromium per test file (Debian's, see DEVELOPERS.md), a fresh context per test.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

export const baseURL = () => inject("baseURL");
export const demoKey = () => inject("demoKey");

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
  });
  // What each page did, kept so a failing test leaves a screenshot and a log in web/e2e/.results/failures.
  const journals = new Map<Page, string[]>();
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") {
      const dir = path.join(import.meta.dirname, ".results", "failures");
      mkdirSync(dir, { recursive: true });
      const base = ctx.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
      let i = 0;
      for (const [page, lines] of journals) {
        const name = `${base}-${i++}`;
        await page.screenshot({ path: path.join(dir, `${name}.png`), timeout: 5_000 }).catch(() => {});
        writeFileSync(path.join(dir, `${name}.log`), `${[`url: ${page.isClosed() ? "(closed)" : page.url()}`, ...lines].join("\n")}\n`);
      }
    }
    journals.clear();
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async page(options: { colorScheme?: "light" | "dark" } = {}): Promise<Page> {
      const context = await browser.newContext({
        baseURL: baseURL(),
        colorScheme: options.colorScheme ?? "light",
        viewport: { width: 1366, height: 900 },
      });
      contexts.push(context);
      const page = await context.newPage();
      const lines: string[] = [];
      journals.set(page, lines);
      const t0 = Date.now();
      const log = (line: string) => lines.push(`${String(Date.now() - t0).padStart(6)} ms  ${line}`);
      page.on("console", (m) => log(`console.${m.type()}: ${m.text()}`));
      page.on("pageerror", (e) => log(`pageerror: ${e.message}`));
      page.on("request", (r) => log(`→ ${r.method()} ${r.url()}`));
      page.on("response", (r) => log(`← ${r.status()} ${r.request().method()} ${r.url()}`));
      page.on("requestfailed", (r) => log(`✗ ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ""}`));
      return page;
    },
  };
}

/** Signs the page's context in with an API key through the real session endpoint. */
export async function signIn(page: Page, apiKey = demoKey()) {
  const res = await page.request.post("/api/session", { data: { apiKey } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
}
