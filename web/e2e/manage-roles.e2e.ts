// The seven management screens seen with a team member's key (engineer, viewer): admin-only screens
// say so, nothing offers an action the key cannot perform, and what the key may read still loads.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { WAIT, apiAs, newOrg, shown, until, waitText, type Org } from "./manage-helpers";

const browser = useBrowser();

let org: Org;
let engineerKey: string;
let viewerKey: string;

beforeAll(async () => {
  org = await newOrg("Roles Org");
  const invite = async (name: string, email: string, role: string) => {
    const res = await apiAs(org.apiKey, "POST", "/api/team/invite", { name, email, role });
    if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { apiKey: string }).apiKey;
  };
  engineerKey = await invite("Eve Engineer", "eve@example.com", "engineer");
  viewerKey = await invite("Victor Viewer", "victor@example.com", "viewer");
  await apiAs(org.apiKey, "POST", "/api/custom-metrics", { name: "All prompts", query: "SELECT count(*) FROM logs" });
  await apiAs(org.apiKey, "POST", "/api/logs", { prompt: "Hello", response: "Hi", model: "gpt-4", estimatedCost: 10 });
}, 120_000);

async function open(page: Page, key: string, path: string, title: string) {
  await signIn(page, key);
  await page.goto(path);
  await waitText(page.getByTestId("page-title"), title);
}

describe("management screens for non-admin keys", () => {
  it("Webhooks, API Keys and Integrations say 'Admin access required' and offer no create button", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    for (const [path, title, create] of [
      ["/webhooks", "Webhooks", "Create"],
      ["/api-keys", "API Keys", "Create"],
      ["/integrations", "Integrations", "Add"],
    ] as const) {
      await open(page, engineerKey, path, title);
      await shown(page.getByText("Admin access required", { exact: true }));
      expect(await page.getByRole("button", { name: new RegExp(`^${create}`) }).count(), path).toBe(0);
      expect(await page.getByText(/^Loading .*\.\.\.$/).count(), path).toBe(0);
    }
  });

  it("Settings are read-only for an engineer: values shown, controls disabled, no Save or Regenerate", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await open(page, engineerKey, "/settings", "Settings");
    await shown(page.getByText("You are viewing settings read-only. Only admins can change them.", { exact: true }));
    const name = page.getByLabel("Organization Name");
    await until(
      () => name.inputValue(),
      (v) => v === org.name,
      WAIT,
      "the organization name",
    );
    expect(await name.isDisabled()).toBe(true);
    expect(await page.getByLabel("Data Retention").isDisabled()).toBe(true);
    expect(await page.getByLabel("Token Threshold").isDisabled()).toBe(true);
    for (const s of ["Email Alerts", "Slack Notifications", "Critical Only", "Prompt Injection"]) {
      expect(await page.getByRole("switch", { name: s, exact: true }).isDisabled(), s).toBe(true);
    }
    expect(await page.getByRole("button", { name: "Save Settings" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Regenerate" }).count()).toBe(0);
    expect(await page.locator('[aria-labelledby="danger-zone"]').getByRole("button", { name: "Delete All Data" }).isDisabled()).toBe(true);
  });

  it("Team: an engineer sees members and counts without management; a viewer is told it lacks Read Users", {
    timeout: 120_000,
  }, async () => {
    const page = await browser.page();
    await open(page, engineerKey, "/team", "Team");
    await waitText(page.getByTestId("count-admin"), "1");
    await waitText(page.getByTestId("count-engineer"), "1");
    await waitText(page.getByTestId("count-viewer"), "1");
    await until(
      () => page.getByTestId("member-row").count(),
      (n) => n === 3,
      WAIT,
      "three members",
    );
    expect(await page.getByRole("button", { name: "Invite Member" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    expect(await page.getByLabel(/^Role of /).count()).toBe(0);
    await shown(page.getByTestId("member-row").filter({ hasText: "eve@example.com" }).getByText("You", { exact: true }));

    await open(page, viewerKey, "/team", "Team");
    await shown(page.getByText("Your key does not have the Read Users permission.", { exact: true }));
    await waitText(page.getByTestId("count-admin"), "—");
    await shown(page.getByRole("heading", { name: "Role Permissions" }));
  });

  it("Testing: a viewer cannot submit test prompts; an engineer can", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await open(page, viewerKey, "/testing", "Testing");
    await shown(page.getByText("Your key lacks the Write Prompt Logs permission needed to submit test prompts.", { exact: true }));
    expect(await page.getByRole("button", { name: "Submit Test Prompt" }).isDisabled()).toBe(true);

    await open(page, engineerKey, "/testing", "Testing");
    const submit = page.getByRole("button", { name: "Submit Test Prompt" });
    await shown(submit);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await shown(page.getByTestId("test-result"));
  });

  it("Advanced Analytics loads for a viewer, with metrics but no create, refresh or delete", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await open(page, viewerKey, "/advanced-analytics", "Advanced Analytics");
    const card = page.getByTestId("metric-card").filter({ hasText: "All prompts" });
    await shown(card);
    await shown(card.getByTestId("metric-value"));
    await shown(page.getByRole("heading", { name: "Anomaly Detection" }));
    await shown(page.locator('[aria-label^="Prompts (30d)"]'));
    expect(await page.getByRole("button", { name: /Create.*Metric/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Delete custom metric|Refresh) / }).count()).toBe(0);
    expect(await page.getByText(/^Failed to/).count()).toBe(0);
  });
});
