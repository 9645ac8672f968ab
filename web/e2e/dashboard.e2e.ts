// Dashboard on the demo organization (30 days of data): stat cards against /api/stats, the Live
// Prompt Feed, Quick Filters and Search Logs into Prompt Logs, Alert Settings saved to the server,
// Recent Alerts and the 7-day Flag Trends chart.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { T, apiGet, expectedChange, pageTitle, registerOrg, textIs, visible, type StoredLog } from "./helpers";

const browser = useBrowser();

type Figures = { totalPrompts: number; redFlags: number; activeUsers: number; estimatedCost: number };
type Stats = Figures & { previous: Figures | null };
type Alert = { id: string; message: string; acknowledged: boolean };

async function dashboard(page: Page) {
  await signIn(page);
  await page.goto("/");
  await visible(page.getByTestId("stat-totalPrompts"));
}

const logIds = (page: Page, list: string) =>
  page
    .getByRole("list", { name: list })
    .locator("li[data-log-id]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-log-id")));

describe("stat cards", () => {
  it("show the last 7 days with 'vs last week' changes computed from /api/stats?days=7", async () => {
    const page = await browser.page();
    await dashboard(page);
    const stats = await apiGet<Stats>(page, "/api/stats?days=7");
    expect(stats.previous).toBeTruthy();
    const cards: { title: string; key: keyof Figures; text: string; upIsGood: boolean }[] = [
      { title: "Total Prompts", key: "totalPrompts", text: stats.totalPrompts.toLocaleString("en-US"), upIsGood: true },
      { title: "Red Flags", key: "redFlags", text: stats.redFlags.toLocaleString("en-US"), upIsGood: false },
      { title: "Active Users", key: "activeUsers", text: stats.activeUsers.toLocaleString("en-US"), upIsGood: true },
      { title: "Est. Cost", key: "estimatedCost", text: `$${(stats.estimatedCost / 100).toFixed(2)}`, upIsGood: false },
    ];
    for (const card of cards) {
      const region = page.getByRole("region", { name: card.title, exact: true });
      await textIs(region.getByTestId(`stat-${card.key}`), card.text);
      const change = expectedChange(stats[card.key], stats.previous?.[card.key]);
      const changeSpan = region.getByText(change, { exact: true });
      await visible(changeSpan);
      await visible(region.getByText("vs last week", { exact: true }));
      // Colour by whether up is good: more prompts is green, more red flags or cost is red.
      const cls = (await changeSpan.getAttribute("class")) ?? "";
      const pct = stats[card.key] - (stats.previous?.[card.key] ?? 0);
      if (change === "—" || change === "0.0%") expect(cls).toContain("text-gray-500");
      else expect(cls).toContain(pct > 0 === card.upIsGood ? "text-green-600" : "text-red-600");
    }
  });
});

describe("Live Prompt Feed", () => {
  it("shows the 10 newest logs cut at 100 characters, and toggles auto-refresh", async () => {
    const page = await browser.page();
    await dashboard(page);
    const feed = page.getByRole("region", { name: "Live Prompt Feed" });
    await visible(feed.locator("li[data-log-id]").first());
    const latest = await apiGet<StoredLog[]>(page, "/api/logs?limit=10");
    expect(latest).toHaveLength(10);
    expect(await logIds(page, "Recent prompts")).toEqual(latest.map((l) => l.id));
    for (const log of latest) {
      const row = feed.locator(`li[data-log-id="${log.id}"]`);
      const text = await row.innerText();
      const cut = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}...` : s);
      expect(text.replace(/\s+/g, " ")).toContain(`Prompt: ${cut(log.prompt)}`.replace(/\s+/g, " "));
      expect(text.replace(/\s+/g, " ")).toContain(`Response: ${cut(log.response)}`.replace(/\s+/g, " ").trim());
      expect(text).toMatch(/\d+ (second|minute|hour)s? ago/);
      expect(text).toContain(log.model);
    }

    const toggle = feed.getByRole("button", { name: /^Auto-refresh: / });
    await textIs(toggle, "Auto-refresh: ON");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await toggle.click();
    await textIs(toggle, "Auto-refresh: OFF");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");

    // With polling off, the refresh button is what asks the server again.
    const [refetch] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/logs" && r.request().method() === "GET", { timeout: T }),
      feed.getByRole("button", { name: "Refresh", exact: true }).click(),
    ]);
    expect(refetch.ok()).toBe(true);
    expect(new URL(refetch.url()).searchParams.get("limit")).toBe("10");

    await toggle.click();
    await textIs(toggle, "Auto-refresh: ON");
  });
});

describe("Quick Filters and Search Logs", () => {
  it("'Apply Filters' opens Prompt Logs with the filters in the URL and the list filtered", async () => {
    const page = await browser.page();
    await dashboard(page);
    const card = page.getByRole("region", { name: "Quick Filters" });
    await card.getByLabel("Flag Status").selectOption("critical");
    await card.getByLabel("Model", { exact: true }).selectOption("gpt-4");
    await card.getByLabel("Time Range").selectOption("30d");
    const before = Date.now();
    await card.getByRole("button", { name: "Apply Filters" }).click();
    await textIs(pageTitle(page), "Prompt Logs");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/logs");
    expect(url.searchParams.get("flagStatus")).toBe("critical");
    expect(url.searchParams.get("model")).toBe("gpt-4");
    const from = Date.parse(url.searchParams.get("from") ?? "");
    expect(Math.abs(before - 30 * 86_400_000 - from)).toBeLessThan(60_000);

    const list = page.getByRole("list", { name: "Prompt logs" });
    await visible(list.locator("li[data-log-id]").first());
    const expected = await apiGet<StoredLog[]>(
      page,
      `/api/logs?flagStatus=critical&model=gpt-4&from=${encodeURIComponent(url.searchParams.get("from")!)}&limit=50`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((l) => l.flagStatus === "critical" && l.model.toLowerCase().startsWith("gpt-4"))).toBe(true);
    expect(await logIds(page, "Prompt logs")).toEqual(expected.map((l) => l.id));
    const rows = list.locator("li[data-log-id]");
    expect(await rows.filter({ has: page.getByText("Critical", { exact: true }) }).count()).toBe(await rows.count());
    // The selects on Prompt Logs show the filters from the URL.
    expect(await page.getByLabel("Flag filter").inputValue()).toBe("critical");
    expect(await page.getByLabel("Model filter").inputValue()).toBe("gpt-4");
  });

  it("'Search' opens Prompt Logs with the text and start date in the URL and the list filtered", async () => {
    const page = await browser.page();
    await dashboard(page);
    const card = page.getByRole("region", { name: "Search Logs" });
    const term = "compound interest";
    await card.getByLabel("Search text").fill(term);
    const start = new Date(Date.now() - 14 * 86_400_000);
    const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, "0")}-${String(start.getDate()).padStart(2, "0")}`;
    await card.getByLabel("Start date").fill(day);
    await card.getByRole("button", { name: "Search" }).click();
    await textIs(pageTitle(page), "Prompt Logs");
    const url = new URL(page.url());
    expect(url.searchParams.get("search")).toBe(term);
    const from = url.searchParams.get("from");
    expect(from).toBeTruthy();
    expect(new Date(from!).getDate()).toBe(start.getDate());
    expect(await page.getByRole("searchbox").first().inputValue()).toBe(term);

    const list = page.getByRole("list", { name: "Prompt logs" });
    await visible(list.locator("li[data-log-id]").first());
    const expected = await apiGet<StoredLog[]>(
      page,
      `/api/logs?search=${encodeURIComponent(term)}&from=${encodeURIComponent(from!)}&limit=50`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((l) => `${l.prompt} ${l.response}`.toLowerCase().includes(term))).toBe(true);
    expect(await logIds(page, "Prompt logs")).toEqual(expected.map((l) => l.id));
  });
});

describe("Alert Settings", () => {
  it("saves each switch to the server, so it survives a reload", async () => {
    const org = await registerOrg("Settings Org");
    const page = await browser.page();
    await signIn(page, org.apiKey);
    await page.goto("/");
    const card = page.getByRole("region", { name: "Alert Settings" });
    const sw = (name: string) => card.getByRole("switch", { name });
    const checked = (name: string) => sw(name).getAttribute("aria-checked");
    await visible(sw("Email Alerts"));
    expect(await checked("Email Alerts")).toBe("true");
    expect(await checked("Slack Notifications")).toBe("false");
    expect(await checked("Critical Only")).toBe("true");

    for (const name of ["Slack Notifications", "Email Alerts"]) {
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/settings" && r.request().method() === "PUT", {
        timeout: T,
      });
      await sw(name).click();
      expect((await saved).ok()).toBe(true);
    }
    await page.reload();
    await visible(sw("Email Alerts"));
    await expect.poll(() => checked("Slack Notifications"), { timeout: T }).toBe("true");
    expect(await checked("Email Alerts")).toBe("false");
    expect(await checked("Critical Only")).toBe("true");
    const settings = await apiGet<{ emailAlerts: boolean; slackNotifications: boolean; criticalOnly: boolean }>(page, "/api/settings");
    expect(settings).toMatchObject({ emailAlerts: false, slackNotifications: true, criticalOnly: true });
  });
});

describe("Recent Alerts and Flag Trends", () => {
  it("lists at most 5 unacknowledged alerts, and 'View All Alerts' goes to /alerts", async () => {
    const page = await browser.page();
    await dashboard(page);
    const alerts = await apiGet<Alert[]>(page, "/api/alerts?acknowledged=false");
    expect(alerts.length).toBeGreaterThan(0);
    const list = page.getByRole("list", { name: "Recent alerts" });
    await visible(list);
    expect(await list.getByRole("listitem").count()).toBe(Math.min(5, alerts.length));
    await visible(list.getByRole("listitem").first().getByText(alerts[0]!.message, { exact: true }));
    await page.getByRole("link", { name: "View All Alerts" }).click();
    await textIs(pageTitle(page), "Alerts");
    expect(new URL(page.url()).pathname).toBe("/alerts");
  });

  it("draws the 7-day Flag Trends chart from /api/trends?days=7", async () => {
    const page = await browser.page();
    await dashboard(page);
    const card = page.getByRole("region", { name: "7-day Flag Trends" });
    const chart = await visible(card.locator("canvas"));
    const trends = await apiGet<{ safe: number; warning: number; critical: number }[]>(page, "/api/trends?days=7");
    expect(trends).toHaveLength(7);
    const sum = (k: "safe" | "warning" | "critical") => trends.reduce((n, d) => n + d[k], 0);
    expect(await chart.getAttribute("aria-label")).toBe(
      `Flag trends over 7 days: ${sum("safe")} safe, ${sum("warning")} warning, ${sum("critical")} critical`,
    );
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.height).toBeGreaterThan(150);
  });
});
