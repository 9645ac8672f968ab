import { describe, expect, it } from "vitest";
import { baseURL, signIn, useBrowser } from "./browser";

const browser = useBrowser();

describe("the local stack", () => {
  it("serves the API and the SPA on one origin", async () => {
    const health = await fetch(baseURL() + "/api/health");
    expect(await health.json()).toEqual({ ok: true });
    const page = await browser.page();
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    expect(await page.title()).toMatch(/PromptSentry/);
  });

  it("shows an unknown path as 'Page Not Found'", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/definitely-not-a-page");
    await expect(page.getByText("Page Not Found").first().waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
  });
});
