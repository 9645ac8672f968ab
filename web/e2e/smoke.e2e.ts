import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";

const browser = useBrowser();

// The 404 page and the other screens are covered in shell.e2e.ts and the per-screen files.
describe("the local stack", () => {
  it("serves the API and the SPA on one origin", async () => {
    const health = await fetch(baseURL() + "/api/health");
    expect(await health.json()).toEqual({ ok: true });
    const page = await browser.page();
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    expect(await page.title()).toMatch(/PromptSentry/);
  });
});
