// Integrations screen: add dialog with per-type fields and the spec's validation, the grid of cards,
// active switch, delete, and failure toasts forced by server errors.
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import {
  WAIT,
  dialog,
  expectToast,
  failNext,
  fieldError,
  getAs,
  hidden,
  openAs,
  shown,
  until,
  waitCount,
  waitText,
} from "./manage-helpers";

const browser = useBrowser();

type Integration = { id: string; name: string; type: string; config: Record<string, string>; active: boolean };

describe("Integrations", () => {
  it("add (per-type fields and validation) → see → toggle → delete, with each success toast", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/integrations", "Integrations", "Integrations Org");
    await shown(page.getByText("No integrations configured", { exact: true }));
    await page.getByRole("button", { name: "Add Your First Integration" }).click();

    const d = dialog(page, "Add Integration");
    await shown(d);
    const type = d.getByLabel("Type");
    const submit = d.getByRole("button", { name: "Add Integration" });
    expect(await type.locator("option").allInnerTexts()).toEqual(["Webhook", "Email", "Slack", "Discord"]);

    // Slack (default): webhook URL and optional channel, no e-mail.
    expect(await type.inputValue()).toBe("slack");
    await shown(d.getByLabel("Webhook URL"));
    await shown(d.getByLabel("Channel (optional)"));
    expect(await d.getByLabel("Email").count()).toBe(0);
    await submit.click();
    await shown(fieldError(d, "Name is required"));
    await shown(fieldError(d, "Valid webhook URL required"));
    await d.getByLabel("Webhook URL").fill("hooks.slack.com/no-scheme");
    await d.getByLabel("Name").fill("On-call Slack");
    await submit.click();
    await shown(fieldError(d, "Valid webhook URL required"));
    await hidden(fieldError(d, "Name is required"));

    // Email: only the e-mail field.
    await type.selectOption("email");
    await shown(d.getByLabel("Email"));
    expect(await d.getByLabel("Webhook URL").count()).toBe(0);
    expect(await d.getByLabel("Channel (optional)").count()).toBe(0);
    await d.getByLabel("Email").fill("not-an-email");
    await submit.click();
    await shown(fieldError(d, "Valid email required"));

    // Webhook: URL, no channel. Discord: URL and channel.
    await type.selectOption("webhook");
    await shown(d.getByLabel("Webhook URL"));
    expect(await d.getByLabel("Channel (optional)").count()).toBe(0);
    await type.selectOption("discord");
    await shown(d.getByLabel("Webhook URL"));
    await shown(d.getByLabel("Channel (optional)"));

    // Back to Slack and create it.
    await type.selectOption("slack");
    await d.getByLabel("Webhook URL").fill("https://hooks.slack.com/services/T000/B000/XXXX");
    await d.getByLabel("Channel (optional)").fill("#ai-alerts");
    await submit.click();
    await expectToast(page, "Integration created successfully");
    await hidden(d);
    const slack = page.getByTestId("integration-card").filter({ hasText: "On-call Slack" });
    await shown(slack);
    await shown(slack.getByText("Slack", { exact: true }));
    await shown(slack.getByText("Active", { exact: true }));
    // A Slack webhook URL is a credential: the card shows its origin and last four characters only.
    await shown(slack.getByText("https://hooks.slack.com/••••XXXX", { exact: true }));
    await shown(slack.getByText("#ai-alerts", { exact: true }));

    // An e-mail integration from the header button.
    await page.getByRole("button", { name: "Add Integration", exact: true }).click();
    await shown(d);
    // A fresh form each time: back to Slack with empty fields.
    expect(await d.getByLabel("Name").inputValue()).toBe("");
    expect(await d.getByLabel("Type").inputValue()).toBe("slack");
    expect(await d.getByLabel("Webhook URL").inputValue()).toBe("");
    await d.getByLabel("Name").fill("Security inbox");
    await d.getByLabel("Type").selectOption("email");
    await d.getByLabel("Email").fill("security@example.com");
    await d.getByRole("button", { name: "Add Integration" }).click();
    await expectToast(page, "Integration created successfully");
    await waitCount(page.getByTestId("integration-card"), 2);
    const email = page.getByTestId("integration-card").filter({ hasText: "Security inbox" });
    await shown(email.getByText("security@example.com", { exact: true }));

    const stored = await getAs<Integration[]>(org.apiKey, "/api/integrations");
    expect(stored.find((i) => i.name === "On-call Slack")).toMatchObject({
      type: "slack",
      active: true,
      config: { webhook_url: "https://hooks.slack.com/••••XXXX", channel: "#ai-alerts" },
    });
    expect(stored.find((i) => i.name === "Security inbox")).toMatchObject({
      type: "email",
      active: true,
      config: { email: "security@example.com" },
    });

    // Toggle off and on.
    await slack.getByRole("switch", { name: "Active: On-call Slack" }).click();
    await expectToast(page, "Integration updated successfully");
    await waitText(slack.getByText("Inactive", { exact: true }), "Inactive");
    await until(
      () => getAs<Integration[]>(org.apiKey, "/api/integrations"),
      (l) => l.find((i) => i.name === "On-call Slack")?.active === false,
      WAIT,
      "inactive",
    );
    await page.reload();
    await shown(slack.getByText("Inactive", { exact: true }));
    await slack.getByRole("switch", { name: "Active: On-call Slack" }).click();
    await expectToast(page, "Integration updated successfully");
    await shown(slack.getByText("Active", { exact: true }));

    // Delete.
    await email.getByRole("button", { name: "Delete integration Security inbox" }).click();
    const confirm = dialog(page, "Delete integration");
    await shown(confirm);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Integration deleted successfully");
    await waitCount(page.getByTestId("integration-card"), 1);
    expect((await getAs<Integration[]>(org.apiKey, "/api/integrations")).map((i) => i.name)).toEqual(["On-call Slack"]);
  });

  it("shows 'Failed to create/update/delete integration' when the server fails", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/integrations", "Integrations", "Integrations Fail Org");
    await page.getByRole("button", { name: "Add Your First Integration" }).click();
    const d = dialog(page, "Add Integration");
    await d.getByLabel("Name").fill("Team hook");
    await d.getByLabel("Type").selectOption("webhook");
    await d.getByLabel("Webhook URL").fill("https://example.com/alerts");

    const unroute = await failNext(page, "**/api/integrations", "POST");
    await d.getByRole("button", { name: "Add Integration" }).click();
    await expectToast(page, "Failed to create integration", "destructive");
    await shown(d);
    expect(await getAs<Integration[]>(org.apiKey, "/api/integrations")).toEqual([]);
    await unroute();
    // The server's own refusal shows under the Webhook URL field.
    await d.getByLabel("Webhook URL").fill("http://169.254.169.254/hook");
    await d.getByRole("button", { name: "Add Integration" }).click();
    await expectToast(page, "Failed to create integration", "destructive", "This address can never receive webhooks");
    await shown(fieldError(d, "This address can never receive webhooks"));
    await d.getByLabel("Webhook URL").fill("https://example.com/alerts");
    await d.getByRole("button", { name: "Add Integration" }).click();
    await expectToast(page, "Integration created successfully");
    const card = page.getByTestId("integration-card").filter({ hasText: "Team hook" });
    await shown(card);

    const unpatch = await failNext(page, "**/api/integrations/*", "PATCH");
    const sw = card.getByRole("switch", { name: "Active: Team hook" });
    await sw.click();
    await expectToast(page, "Failed to update integration", "destructive");
    await until(
      () => sw.getAttribute("aria-checked"),
      (v) => v === "true",
      WAIT,
      "switch back on",
    );
    expect((await getAs<Integration[]>(org.apiKey, "/api/integrations"))[0]!.active).toBe(true);
    await unpatch();

    const undelete = await failNext(page, "**/api/integrations/*", "DELETE");
    await card.getByRole("button", { name: "Delete integration Team hook" }).click();
    await dialog(page, "Delete integration").getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Failed to delete integration", "destructive");
    await undelete();
    await shown(card);
    expect(await getAs<Integration[]>(org.apiKey, "/api/integrations")).toHaveLength(1);
  });
});
