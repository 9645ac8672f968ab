// The shell: sidebar, page titles, header (Live, bell, avatar), theme, 404, error states with Retry.
import { describe, expect, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { T, gone, pageTitle, textIs, visible } from "./helpers";

const browser = useBrowser();

const NAV = [
  ["Dashboard", "/"],
  ["Prompt Logs", "/logs"],
  ["Red Flags", "/flags"],
  ["Analytics", "/analytics"],
  ["Advanced Analytics", "/advanced-analytics"],
  ["Alerts", "/alerts"],
  ["Team", "/team"],
  ["Webhooks", "/webhooks"],
  ["API Keys", "/api-keys"],
  ["Integrations", "/integrations"],
  ["Testing", "/testing"],
  ["Settings", "/settings"],
] as const;

describe("sidebar and header", () => {
  it("lists the 12 entries in order and highlights the current one on every route", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await visible(nav);
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(NAV.map(([label]) => label));
    // Walk the sidebar backwards so every click changes the page.
    for (const [label, path] of [...NAV].reverse()) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: T }).toBe(path);
      await textIs(pageTitle(page), label);
      const current = nav.locator('[aria-current="page"]');
      await textIs(current, label);
      expect(await current.count()).toBe(1);
    }
  });

  it("shows the Live indicator, the bell's red dot for unacknowledged alerts and the avatar", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/");
    await visible(page.getByRole("status").filter({ hasText: /^Live$/ }));
    const res = await page.request.get("/api/alerts?acknowledged=false&limit=1");
    const unacknowledged = Number(res.headers()["x-total-count"]);
    expect(unacknowledged).toBeGreaterThan(0);
    await visible(page.getByTestId("bell-dot"));
    await visible(page.getByRole("link", { name: `Notifications: ${unacknowledged} unacknowledged alerts` }));
    await textIs(page.getByTestId("avatar-initials"), "DA");
    await page.getByRole("link", { name: /^Notifications/ }).click();
    await textIs(pageTitle(page), "Alerts");
  });
});

describe("404", () => {
  it("shows an unknown path as 'Page Not Found' with a way back", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/definitely-not-a-page");
    await visible(page.getByRole("heading", { name: "Page Not Found", level: 2 }));
    await textIs(pageTitle(page), "Page Not Found");
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await textIs(pageTitle(page), "Dashboard");
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

describe("theme", () => {
  const isDark = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
  const saved = (page: import("playwright-core").Page) => page.evaluate(() => localStorage.getItem("theme"));

  it("toggles to dark, saves it, and keeps it across a reload", async () => {
    const page = await browser.page({ colorScheme: "light" });
    await signIn(page);
    await page.goto("/");
    await textIs(pageTitle(page), "Dashboard");
    expect(await isDark(page)).toBe(false);
    expect(await saved(page)).toBeNull();
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await saved(page)).toBe("dark");
    await page.reload();
    await textIs(pageTitle(page), "Dashboard");
    expect(await isDark(page)).toBe(true);
    await visible(page.getByRole("button", { name: "Switch to light theme" }));
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await saved(page)).toBe("light");
    await page.reload();
    await textIs(pageTitle(page), "Dashboard");
    expect(await isDark(page)).toBe(false);
  });

  it("follows the system preference when nothing is saved, and a saved choice wins over it", async () => {
    const page = await browser.page({ colorScheme: "dark" });
    await page.goto("/");
    await visible(page.getByRole("button", { name: "Start Free 14-Day Trial" }));
    expect(await saved(page)).toBeNull();
    expect(await isDark(page)).toBe(true);
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    await visible(page.getByRole("button", { name: "Start Free 14-Day Trial" }));
    expect(await isDark(page)).toBe(false);

    const light = await browser.page({ colorScheme: "light" });
    await light.goto("/");
    await visible(light.getByRole("button", { name: "Start Free 14-Day Trial" }));
    expect(await isDark(light)).toBe(false);
  });
});

describe("error states", () => {
  it("shows a failed stats call with its message, and 'Retry' loads the cards", async () => {
    const page = await browser.page();
    await signIn(page);
    let fail = true;
    await page.route(
      (url) => url.pathname === "/api/stats",
      (route) => (fail ? route.fulfill({ status: 500, contentType: "text/plain", body: "stats exploded" }) : route.continue()),
    );
    await page.goto("/");
    const error = await visible(page.getByRole("alert").filter({ hasText: "Failed to fetch stats" }));
    // A plain-text 500 from a proxy: a sentence for the reader, the status kept for support.
    await visible(error.getByText("Something went wrong on our side. Try again in a moment.", { exact: true }));
    await visible(error.getByText("Error code: 500", { exact: true }));
    await visible(page.getByRole("region", { name: "Live Prompt Feed" }).locator("li[data-log-id]").first());
    fail = false;
    await error.getByRole("button", { name: "Retry" }).click();
    await visible(page.getByTestId("stat-totalPrompts"));
    await gone(error);
  });

  it("shows a failed logs call on Prompt Logs, and 'Retry' loads the list", async () => {
    const page = await browser.page();
    await signIn(page);
    let fail = true;
    await page.route(
      (url) => url.pathname === "/api/logs",
      (route) =>
        fail
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "internal", message: "boom" } }),
            })
          : route.continue(),
    );
    await page.goto("/logs");
    const error = await visible(page.getByRole("alert").filter({ hasText: "Failed to fetch logs" }));
    fail = false;
    await error.getByRole("button", { name: "Retry" }).click();
    await visible(page.getByRole("list", { name: "Prompt logs" }).locator("li[data-log-id]").first());
    await gone(error);
  });
});
