// API Keys screen: create dialog with the spec's labels and validation, the one-time banner with the
// full key, masked/short display, expiry, delete, and failure toasts forced by server errors.
import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";
import {
  WAIT,
  apiAs,
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

type ApiKeyInfo = { id: string; name: string; keyPrefix: string; permissions: string[]; expiresAt: string | null; expired: boolean };

const LABELS = ["Read Prompt Logs", "Write Prompt Logs", "Read Alerts", "Manage Alerts", "Read Users", "Full Access"];

describe("API Keys", () => {
  it("create → one-time banner with the full key → list shows only the prefix → delete; validation and toasts", {
    timeout: 120_000,
  }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/api-keys", "API Keys", "Keys Org");
    const cards = page.getByTestId("api-key-card");
    // The registration key is listed as the current session's key, and cannot be deleted.
    await waitCount(cards, 1);
    const current = cards.filter({ hasText: "Current session" });
    await shown(current);
    expect(await current.getByRole("button", { name: /^Delete API key/ }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Create API Key", exact: true }).click();
    const d = dialog(page, "Create API Key");
    await shown(d);
    for (const label of LABELS) await shown(d.getByRole("checkbox", { name: new RegExp(`^${label}`) }));
    // Defaults: read and write logs.
    expect(await d.getByRole("checkbox", { name: /^Read Prompt Logs/ }).isChecked()).toBe(true);
    expect(await d.getByRole("checkbox", { name: /^Write Prompt Logs/ }).isChecked()).toBe(true);

    await d.getByRole("checkbox", { name: /^Read Prompt Logs/ }).uncheck();
    await d.getByRole("checkbox", { name: /^Write Prompt Logs/ }).uncheck();
    await d.getByRole("button", { name: "Create API Key" }).click();
    await shown(fieldError(d, "Name is required"));
    await shown(fieldError(d, "At least one permission must be selected"));

    await d.getByLabel("Name").fill("Backend ingest");
    await d.getByRole("button", { name: "Create API Key" }).click();
    await hidden(fieldError(d, "Name is required"));
    await shown(fieldError(d, "At least one permission must be selected"));

    await d.getByRole("checkbox", { name: /^Write Prompt Logs/ }).check();
    await d.getByRole("checkbox", { name: /^Read Alerts/ }).check();
    await d.getByRole("button", { name: "Create API Key" }).click();
    await expectToast(page, "API key created successfully");
    await hidden(d);

    // One-time banner: the full key, once.
    const banner = page.getByRole("region", { name: 'Your new API key "Backend ingest"' });
    await shown(banner);
    const full = await banner.getByTestId("one-time-key").inputValue();
    expect(full).toMatch(/^pk_live_[A-Za-z0-9]{32}$/);

    await waitCount(cards, 2);
    const card = cards.filter({ hasText: "Backend ingest" });
    const list = await getAs<ApiKeyInfo[]>(org.apiKey, "/api/api-keys");
    const info = list.find((k) => k.name === "Backend ingest")!;
    expect(info.permissions).toEqual(["logs:write", "alerts:read"]);
    expect(full.startsWith(info.keyPrefix)).toBe(true);
    // Masked display (prefix + 32 asterisks), then short display (prefix + '...').
    await waitText(card.getByTestId("api-key-display"), info.keyPrefix + "*".repeat(32));
    const perms = card.getByRole("list", { name: "Permissions" }).getByRole("listitem");
    expect((await perms.allInnerTexts()).map((t) => t.trim())).toEqual(["Write Prompt Logs", "Read Alerts"]);
    const lastUsed = card
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: /^Last used$/ }) })
      .locator("dd");
    await waitText(lastUsed, "Never");

    // The key works for what it was given (logs:write) and not for what it was not (admin).
    expect((await apiAs(full, "POST", "/api/logs", { prompt: "hello", response: "hi", model: "gpt-4" })).status).toBe(201);
    expect((await apiAs(full, "GET", "/api/api-keys")).status).toBe(403);

    await page.getByRole("switch", { name: "Mask keys" }).click();
    await waitText(card.getByTestId("api-key-display"), `${info.keyPrefix}...`);

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await banner.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "API key copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    await banner.getByRole("button", { name: "I've copied my key" }).click();
    await hidden(banner);
    // The full key is nowhere on the page any more.
    expect(await page.content()).not.toContain(full);
    await page.reload();
    await waitCount(cards, 2);
    expect(await page.content()).not.toContain(full);
    await waitText(card.getByTestId("api-key-display"), info.keyPrefix + "*".repeat(32));
    // 'Last used' comes from the real use of the key above.
    await until(
      () => getAs<(ApiKeyInfo & { lastUsed: string | null })[]>(org.apiKey, "/api/api-keys"),
      (l) => l.find((k) => k.name === "Backend ingest")?.lastUsed != null,
      WAIT,
      "lastUsed to be recorded",
    );
    await page.reload();
    await waitText(lastUsed, "Just now");

    // Delete with confirmation; the key stops working.
    await card.getByRole("button", { name: "Delete API key Backend ingest" }).click();
    const confirm = dialog(page, "Delete API key");
    await shown(confirm);
    expect(await confirm.innerText()).toContain(`${info.keyPrefix}...`);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "API key deleted successfully");
    await waitCount(cards, 1);
    expect((await apiAs(full, "GET", "/api/logs")).status).toBe(401);
  });

  it("sets an optional expiry, and shows a passed one dimmed with an 'Expired' badge and a red date", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/api-keys", "API Keys", "Expiry Org");
    const cards = page.getByTestId("api-key-card");
    await waitCount(cards, 1);

    // Through the form: expires at the end of the chosen day.
    await page.getByRole("button", { name: "Create API Key", exact: true }).click();
    const d = dialog(page, "Create API Key");
    await d.getByLabel("Name").fill("Temporary");
    // A day in the past is refused with the schema's message.
    const past = new Date(Date.now() - 2 * 86_400_000);
    const ymdPast = `${past.getFullYear()}-${String(past.getMonth() + 1).padStart(2, "0")}-${String(past.getDate()).padStart(2, "0")}`;
    await d.getByLabel("Expires on (optional)").fill(ymdPast);
    await d.getByRole("button", { name: "Create API Key" }).click();
    await shown(fieldError(d, "Expiry must be a valid date in the future"));
    const day = new Date(Date.now() + 3 * 86_400_000);
    const ymd = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    await d.getByLabel("Expires on (optional)").fill(ymd);
    await d.getByRole("button", { name: "Create API Key" }).click();
    await expectToast(page, "API key created successfully");
    const temp = cards.filter({ hasText: "Temporary" });
    await shown(temp);
    const shownDate = day.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
    await shown(temp.getByText(shownDate, { exact: true }));
    expect(await temp.getAttribute("data-expired")).toBeNull();
    const info = (await getAs<ApiKeyInfo[]>(org.apiKey, "/api/api-keys")).find((k) => k.name === "Temporary")!;
    const expires = new Date(info.expiresAt!);
    expect([expires.getFullYear(), expires.getMonth(), expires.getDate(), expires.getHours(), expires.getMinutes()]).toEqual([
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      23,
      59,
    ]);

    // A key that expires in a few seconds (through the API), seen after it has expired.
    // Long enough that a slow create still sees a future date; the wait below absorbs the rest.
    const soon = new Date(Date.now() + 8_000).toISOString();
    const res = await apiAs(org.apiKey, "POST", "/api/api-keys", { name: "Short lived", permissions: ["logs:read"], expiresAt: soon });
    expect(res.status).toBe(201);
    const { keyValue } = (await res.json()) as { keyValue: string };
    await until(
      () => apiAs(keyValue, "GET", "/api/logs").then((r) => r.status),
      (s) => s === 401,
      WAIT,
      "the key to expire",
    );
    await page.reload();
    const expired = cards.filter({ hasText: "Short lived" });
    await shown(expired);
    await shown(expired.getByText("Expired", { exact: true }));
    expect(await expired.getAttribute("data-expired")).toBe("true");
    expect(await expired.evaluate((el) => getComputedStyle(el).opacity)).toBe("0.6");
    const expiresCell = expired
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: /^Expires$/ }) })
      .locator("dd");
    expect((await expiresCell.innerText()).trim()).toBe(
      new Date(soon).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }),
    );
    expect(await expiresCell.getAttribute("class")).toContain("text-red-600");
    const createdCell = expired
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: /^Created$/ }) })
      .locator("dd");
    // Red: a different colour from the other dates of the card.
    const colour = (l: typeof createdCell) => l.evaluate((el) => getComputedStyle(el).color);
    expect(await colour(expiresCell)).not.toBe(await colour(createdCell));
    // An unexpired key is not dimmed.
    expect(await temp.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  it("shows 'Failed to create API key' and 'Failed to delete API key' when the server fails", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/api-keys", "API Keys", "Keys Fail Org");
    const cards = page.getByTestId("api-key-card");
    await waitCount(cards, 1);
    await page.getByRole("button", { name: "Create API Key", exact: true }).click();
    const d = dialog(page, "Create API Key");
    await d.getByLabel("Name").fill("Doomed");
    const unroute = await failNext(page, "**/api/api-keys", "POST");
    await d.getByRole("button", { name: "Create API Key" }).click();
    await expectToast(page, "Failed to create API key", "destructive");
    await shown(d);
    await unroute();
    expect(await getAs<ApiKeyInfo[]>(org.apiKey, "/api/api-keys")).toHaveLength(1);
    await expect(page.getByTestId("one-time-key").count()).resolves.toBe(0);

    await d.getByRole("button", { name: "Create API Key" }).click();
    await expectToast(page, "API key created successfully");
    await page.getByRole("button", { name: "I've copied my key" }).click();
    const card = cards.filter({ hasText: "Doomed" });
    await shown(card);

    const undelete = await failNext(page, "**/api/api-keys/*", "DELETE");
    await card.getByRole("button", { name: "Delete API key Doomed" }).click();
    await dialog(page, "Delete API key").getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Failed to delete API key", "destructive");
    await undelete();
    await shown(card);
    expect(await getAs<ApiKeyInfo[]>(org.apiKey, "/api/api-keys")).toHaveLength(2);
  });
});
