// Privacy by default (docs/log-flow.md, the redaction step) on the screens: the Privacy section of Settings, a redacted log in
// Prompt Details with its fingerprint, "Seen in N logs since …", and the link that filters Prompt
// Logs by that fingerprint.
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { WAIT, expectToast, fieldError, getAs, openAs, postLog, shown, until, waitCount, waitText } from "./manage-helpers";

const browser = useBrowser();

const awsKey = () =>
  `AKIA${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => "ABCDEFGHJKLMNPQRSTUVWXYZ234567"[b % 30]).join("")}`;

describe("Privacy", () => {
  it("shows credentials redaction by default and saves a mode and a metadata retention no shorter than bodies", {
    timeout: 120_000,
  }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/settings", "Settings", "Privacy Org");
    await shown(page.getByRole("heading", { name: "Privacy" }));
    const redaction = page.getByLabel("Redaction");
    const metadata = page.getByLabel("Keep Metadata For");
    await until(
      () => redaction.inputValue(),
      (v) => v === "credentials",
      WAIT,
      "the default redaction mode",
    );
    expect(await redaction.locator("option").allInnerTexts()).toEqual([
      "Off: store prompts and responses as sent",
      "Credentials: redact keys, tokens and passwords",
      "Sensitive: redact credentials and personal data",
    ]);
    expect(await metadata.inputValue()).toBe("365");

    await page.getByLabel("Data Retention").selectOption("365");
    await metadata.selectOption("90");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await shown(fieldError(page, "Metadata retention must be at least the log retention"));

    await metadata.selectOption("730");
    await redaction.selectOption("sensitive");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Settings saved", "default", "Your settings have been updated successfully.");
    expect(
      await getAs<{ redaction: string; metadataRetentionDays: number; retentionDays: number }>(org.apiKey, "/api/settings"),
    ).toMatchObject({
      redaction: "sensitive",
      metadataRetentionDays: 730,
      retentionDays: 365,
    });
  });

  it("shows a redacted value's fingerprint, where else it appeared, and filters Prompt Logs by it", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/settings", "Settings", "Fingerprint Org");
    const secret = awsKey();
    const first = await postLog(org.apiKey, { prompt: `Deploy with ${secret} today`, response: "Done.", model: "gpt-4" });
    await postLog(org.apiKey, { prompt: "An unrelated question", response: "An answer", model: "gpt-4" });
    const second = await postLog(org.apiKey, { prompt: `Again: ${secret}`, response: "ok", model: "gpt-4" });

    await page.goto("/logs");
    await waitText(page.getByTestId("page-title"), "Prompt Logs");
    const list = page.getByRole("list", { name: "Prompt logs" });
    await waitCount(list.locator("li[data-log-id]"), 3);
    await list.locator(`li[data-log-id="${first.id}"]`).getByRole("button", { name: "View details" }).click();
    const details = page.getByRole("dialog");
    await shown(details.getByText("Deploy with [REDACTED:aws_access_key] today"));
    expect(await page.content()).not.toContain(secret);
    const redacted = details.getByRole("region", { name: "Redacted values" });
    const item = redacted.locator("li[data-fingerprint]");
    const fingerprint = (await item.getAttribute("data-fingerprint"))!;
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    await shown(item.getByText(fingerprint.slice(0, 12), { exact: true }));
    await shown(item.getByText(/^Seen in 2 logs since /));
    await item.getByRole("link", { name: "Show these logs" }).click();

    await until(
      () => Promise.resolve(new URL(page.url()).searchParams.get("fingerprint")),
      (v) => v === fingerprint,
      WAIT,
      "the fingerprint filter in the URL",
    );
    await waitCount(list.locator("li[data-log-id]"), 2);
    expect(await list.locator("li[data-log-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-log-id")))).toEqual([
      second.id,
      first.id,
    ]);
    await shown(page.getByText("Redacted value", { exact: false }));
  });
});
