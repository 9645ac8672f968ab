// One Chromium per test file (Debian's, see DEVELOPERS.md), a fresh context per test.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

export const baseURL = () => inject("baseURL");
export const demoKey = () => inject("demoKey");

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];

export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async page(options: { colorScheme?: "light" | "dark" } = {}): Promise<Page> {
      const context = await browser.newContext({ baseURL: baseURL(), colorScheme: options.colorScheme ?? "light", viewport: { width: 1366, height: 900 } });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** Signs the page's context in with an API key through the real session endpoint. */
export async function signIn(page: Page, apiKey = demoKey()) {
  const res = await page.request.post("/api/session", { data: { apiKey } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
}
