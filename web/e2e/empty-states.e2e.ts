// A freshly registered organization: every list shows the spec's empty text, nothing is faked.
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { pageTitle, registerOrg, textIs, visible, type FreshOrg } from "./helpers";

const browser = useBrowser();
let org: FreshOrg;

beforeAll(async () => {
  org = await registerOrg("Empty Org");
});

describe("empty states on a fresh organization", () => {
  it("Dashboard: zero stats, empty feed and no recent alerts", async () => {
    const page = await browser.page();
    await signIn(page, org.apiKey);
    await page.goto("/");
    await textIs(page.getByTestId("stat-totalPrompts"), "0");
    await textIs(page.getByTestId("stat-redFlags"), "0");
    await textIs(page.getByTestId("stat-activeUsers"), "0");
    await textIs(page.getByTestId("stat-estimatedCost"), "$0.00");
    // No previous week to compare with: no invented percentage.
    expect(await page.getByText("—", { exact: true }).count()).toBe(4);
    await visible(page.getByText("No prompt logs found. Start sending prompts to see them here.", { exact: true }));
    await visible(page.getByRole("region", { name: "Recent Alerts" }).getByText("No unacknowledged alerts", { exact: true }));
    expect(await page.getByTestId("bell-dot").count()).toBe(0);
    await visible(page.getByRole("region", { name: "7-day Flag Trends" }).locator("canvas"));
  });

  it("Prompt Logs: 'No logs found matching your criteria.'", async () => {
    const page = await browser.page();
    await signIn(page, org.apiKey);
    await page.goto("/logs");
    await textIs(pageTitle(page), "Prompt Logs");
    await visible(page.getByText("No logs found matching your criteria.", { exact: true }));
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
  });

  it("Red Flags: both sections empty with zero counts", async () => {
    const page = await browser.page();
    await signIn(page, org.apiKey);
    await page.goto("/flags");
    await visible(page.getByText("No critical flags found. Great job!", { exact: true }));
    await visible(page.getByText("No warning flags found.", { exact: true }));
    await textIs(page.getByRole("region", { name: "Critical Flags" }).locator("h2 + div"), "0");
    await textIs(page.getByRole("region", { name: "Warning Flags" }).locator("h2 + div"), "0");
  });

  it("Alerts: 'No unacknowledged alerts', then 'No alerts found' under All Alerts", async () => {
    const page = await browser.page();
    await signIn(page, org.apiKey);
    await page.goto("/alerts");
    await visible(page.getByText("No unacknowledged alerts", { exact: true }));
    await textIs(page.getByLabel("Alert count"), "0");
    await page.getByRole("button", { name: "All Alerts", exact: true }).click();
    await visible(page.getByText("No alerts found", { exact: true }));
  });

  it("Analytics: charts without data and no model usage", async () => {
    const page = await browser.page();
    await signIn(page, org.apiKey);
    await page.goto("/analytics");
    await visible(page.getByText("No model usage yet.", { exact: true }));
    await visible(page.getByText("No prompts in the last 30 days.", { exact: true }));
    await visible(page.getByRole("region", { name: "Monthly Trends" }).locator("canvas"));
  });
});
