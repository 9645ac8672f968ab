// The operator's polish: a Testing dry run that stores nothing, costs in dollars, error sentences
// instead of payloads (with the code kept for support), the command palette (Ctrl-K), `/` to search,
// the skip link, the phone menu (Escape, focus), and the guard on leaving Settings with unsaved edits.
// Screenshots (light, dark, phone) go to web/e2e/.results/operator-polish.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { dialog, expectToast, getAs, hidden, newOrg, openAs, postLog, shown, until, waitCount, waitText } from "./manage-helpers";

const browser = useBrowser();
const SHOTS = path.join(import.meta.dirname, ".results", "operator-polish");
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

type Counts = { total: number };
type Alert = { id: string };
const PHONE = { width: 390, height: 844 };

describe("Testing dry run", () => {
  it("detects and shows the result in dollars, and stores, alerts and counts nothing", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/testing", "Testing", "Dry Run Org");
    const before = await getAs<Counts>(org.apiKey, "/api/logs/counts");
    expect(before.total).toBe(0);

    await page.getByRole("switch", { name: "Dry run" }).click();
    await page.getByRole("group", { name: "Presets" }).getByRole("button", { name: "Prompt injection" }).click();
    await page.getByRole("button", { name: "Run Dry Test" }).click();
    await expectToast(page, "Dry run complete", "default", "Nothing was stored and no alert was raised.");
    const results = page.getByTestId("test-result");
    await waitCount(results, 1);
    await shown(results.first().getByText("Critical", { exact: true }));
    await shown(results.first().getByText("Dry run · not stored", { exact: true }));
    // Cost in dollars, never cents: the random test cost is under a tenth of a cent.
    const cost = results
      .first()
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: "Est. cost:" }) })
      .locator("dd");
    expect(await cost.innerText()).toMatch(/^\$0\.0\d*$/);
    expect(await page.locator("main").innerText()).not.toContain("¢");
    await shot(page, "testing-dry-run-light");

    // Nothing stored, no alert: the row count through the API is unchanged.
    expect((await getAs<Counts>(org.apiKey, "/api/logs/counts")).total).toBe(before.total);
    expect(await getAs<Alert[]>(org.apiKey, "/api/alerts")).toEqual([]);

    // The switch off, the same prompt is stored (and alerted) as the spec's test prompt is.
    await page.getByRole("switch", { name: "Dry run" }).click();
    await page.getByRole("button", { name: "Submit Test Prompt" }).click();
    await expectToast(page, "Test prompt submitted successfully");
    await until(
      () => getAs<Counts>(org.apiKey, "/api/logs/counts"),
      (c) => c.total === before.total + 1,
      20_000,
      "the stored test log",
    );

    // Prompt Logs can hide the test prompts (?hideTests=true).
    await page.goto("/logs?hideTests=true");
    await shown(page.getByText("No logs found matching your criteria."));
    await page.getByLabel("Hide test prompts").uncheck();
    await waitCount(page.getByRole("list", { name: "Prompt logs" }).locator("li"), 1);
  });
});

describe("sentences, not payloads", () => {
  it("says an over-long key as the field and its limit, and a server failure as a sentence with the code", {
    timeout: 120_000,
  }, async () => {
    const page = await browser.page();
    await page.goto("/");
    await page.getByRole("button", { name: "Sign in with an API key" }).first().click();
    const signIn = dialog(page, "Sign in with an API key");
    await signIn.getByLabel("API key").fill(`pk_live_${"x".repeat(20_000)}`);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await waitText(signIn.getByRole("alert"), "API key must be at most 200 characters");

    const org = await newOrg("Sentences Org");
    const session = await page.request.post("/api/session", { data: { apiKey: org.apiKey } });
    expect(session.ok()).toBe(true);
    await page.route("**/api/alerts?**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal_error", message: "Something went wrong on our side", reference: "ref12345" } }),
      }),
    );
    await page.goto("/alerts");
    const alert = page.getByRole("alert").filter({ hasText: "Retry" });
    await shown(alert);
    const said = await alert.innerText();
    expect(said).toContain("Something went wrong on our side. Try again; if it keeps happening, contact support with the reference below.");
    expect(said).toContain("Error code: internal_error · reference ref12345");
    expect(said).not.toContain('{"error"');
    await shot(page, "error-sentence-light");
  });
});

describe("keyboard", () => {
  it("Ctrl-K opens the palette: go to a screen, search logs, open a log by id", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/", "Dashboard", "Palette Org");
    const log = await postLog(org.apiKey, { prompt: "The pelican report", response: "ok", model: "gpt-4" });

    await page.keyboard.press("Control+k");
    const palette = page.getByRole("combobox", { name: "Go to a screen, search logs or open a log by id" });
    await shown(palette);
    await palette.fill("alerts");
    await page.keyboard.press("Enter");
    await waitText(page.getByTestId("page-title"), "Alerts");

    await page.keyboard.press("Control+k");
    await palette.fill("pelican");
    await page.getByRole("option", { name: "Search logs for “pelican”" }).click();
    await waitText(page.getByTestId("page-title"), "Prompt Logs");
    expect(await page.locator("#logs-search").inputValue()).toBe("pelican");
    await shown(page.getByRole("list", { name: "Prompt logs" }).getByText("The pelican report"));

    await page.keyboard.press("Control+k");
    await palette.fill(log.id);
    await shot(page, "palette-light");
    await page.keyboard.press("Enter");
    await until(
      async () => new URL(page.url()).pathname,
      (p) => p === `/logs/${log.id}`,
      10_000,
      "the log's URL",
    );
  });

  it("`/` focuses the screen's search; the skip link leads to the content", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await openAs(page, "/logs", "Prompt Logs", "Slash Org");
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("/");
    await until(
      () => page.evaluate(() => document.activeElement?.id),
      (id) => id === "logs-search",
      5_000,
      "search focused",
    );

    await page.goto("/analytics");
    await waitText(page.getByTestId("page-title"), "Analytics");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await until(
      () => page.evaluate(() => document.activeElement?.id),
      (id) => id === "main",
      5_000,
      "main focused",
    );
  });

  it("asks before leaving Settings with unsaved edits", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await openAs(page, "/settings", "Settings", "Guard Org");
    await page.getByLabel("Organization Name").fill("Renamed but not saved");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts" }).click();
    const confirm = dialog(page, "Leave without saving?");
    await shown(confirm);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await hidden(confirm);
    await waitText(page.getByTestId("page-title"), "Settings");
    expect(await page.getByLabel("Organization Name").inputValue()).toBe("Renamed but not saved");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts" }).click();
    await dialog(page, "Leave without saving?").getByRole("button", { name: "Leave" }).click();
    await waitText(page.getByTestId("page-title"), "Alerts");
  });
});

describe("a first day", () => {
  it("an empty Dashboard shows how to send the first log, and sends a test log", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/", "Dashboard", "First Day Org");
    const card = page.getByRole("region", { name: "Send your first log" });
    await shown(card);
    const origin = new URL(page.url()).origin;
    await shown(card.getByText(`${origin}/api/logs`, { exact: false }));
    for (const tab of ["SDK", "OpenTelemetry", "Gateway"]) await shown(card.getByRole("tab", { name: tab }));
    await card.getByRole("tab", { name: "OpenTelemetry" }).click();
    await shown(card.getByText(`${origin}/api/otel/v1/traces`, { exact: false }));
    expect(await card.innerText()).not.toContain(org.apiKey);
    await shot(page, "first-day-light");
    await card.getByRole("button", { name: "Send a test log" }).click();
    await expectToast(page, "Test log sent");
    await shown(page.getByRole("list", { name: "Recent prompts" }).locator("li[data-log-id]").first());
    await hidden(card);
    expect((await getAs<Counts>(org.apiKey, "/api/logs/counts")).total).toBe(1);
  });
});

describe("phone and dark screens", () => {
  it("the phone menu takes focus and closes on Escape; filters and times fit", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await page.setViewportSize(PHONE);
    const org = await openAs(page, "/logs", "Prompt Logs", "Phone Org");
    await postLog(org.apiKey, { prompt: "Phone check", response: "ok", model: "gpt-4", estimatedCost: 0.0323, tokenCount: 12 });
    await page.reload();
    await shown(page.getByRole("list", { name: "Prompt logs" }).getByText("Phone check"));
    // Each filter select shows its whole label ("All Flags", not "All Fl").
    for (const name of ["Flag filter", "Model filter"]) {
      const fits = await page.getByLabel(name).evaluate((el) => {
        const s = el as HTMLSelectElement;
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(s).font;
        probe.textContent = s.selectedOptions[0]?.text ?? "";
        document.body.append(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        return s.clientWidth - 48 >= need;
      });
      expect(fits, name).toBe(true);
    }
    // A time is one line.
    const time = page.getByRole("list", { name: "Prompt logs" }).locator("time").first();
    expect(await time.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
    await shot(page, "logs-phone");

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await shown(menu);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close menu");
    await shot(page, "menu-phone");
    await page.keyboard.press("Escape");
    await hidden(menu);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");

    await page.goto("/testing");
    await waitText(page.getByTestId("page-title"), "Testing");
    await shot(page, "testing-phone");
  });

  it("dark screens: testing dry run and the palette", { timeout: 120_000 }, async () => {
    const page = await browser.page({ colorScheme: "dark" });
    await openAs(page, "/testing", "Testing", "Dark Org");
    await page.getByRole("switch", { name: "Dry run" }).click();
    await page.getByRole("button", { name: "Run Dry Test" }).click();
    await waitCount(page.getByTestId("test-result"), 1);
    await shot(page, "testing-dry-run-dark");
    await page.keyboard.press("Control+k");
    await shown(page.getByRole("combobox", { name: "Go to a screen, search logs or open a log by id" }));
    await shot(page, "palette-dark");
  });
});
