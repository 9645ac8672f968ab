// Webhooks screen: create dialog with the spec's validation, card contents, active switch, signing
// secret copy, delete, failure toasts forced by server errors, and a real signed test delivery.
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";
import {
  WAIT,
  closeToasts,
  dialog,
  expectToast,
  failNext,
  fieldError,
  getAs,
  hidden,
  openAs,
  shown,
  startReceiver,
  until,
  waitCount,
  waitText,
} from "./manage-helpers";

const browser = useBrowser();

type Webhook = { id: string; name: string; url: string; events: string[]; active: boolean; secret: string; createdAt: string };
type Delivery = { messageId: string; event: string; attempt: number; statusCode: number | null; success: boolean };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c().catch(() => {});
});

describe("Webhooks", () => {
  it("create → see → toggle → copy secret → delete, with each validation message and success toast", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    const org = await openAs(page, "/webhooks", "Webhooks", "Hooks Org");

    await shown(page.getByText("Configure webhooks to receive real-time notifications about prompt events", { exact: true }));
    const note = page.getByRole("note");
    expect(await note.innerText()).toContain("POST request");
    await shown(page.getByText("No webhooks configured", { exact: true }));
    await page.getByRole("button", { name: "Create Your First Webhook" }).click();

    const d = dialog(page, "Create Webhook");
    await shown(d);
    // The four events with the spec's labels.
    for (const label of ["New Prompt", "Flag Detected", "Alert Created", "User Joined"])
      await shown(d.getByRole("checkbox", { name: new RegExp(`^${label}`) }));

    // Everything empty: the three messages of schema/requests/.
    await d.getByRole("button", { name: "Create Webhook" }).click();
    await shown(fieldError(d, "Name is required"));
    await shown(fieldError(d, "Valid URL required"));
    await shown(fieldError(d, "At least one event must be selected"));

    // A name and a malformed URL: only the URL and events are still wrong.
    await d.getByLabel("Name").fill("Ops alerts");
    await d.getByLabel("URL").fill("not a url");
    await d.getByRole("button", { name: "Create Webhook" }).click();
    await shown(fieldError(d, "Valid URL required"));
    await shown(fieldError(d, "At least one event must be selected"));
    await hidden(fieldError(d, "Name is required"));

    await d.getByLabel("URL").fill("https://example.com/hooks/promptsentry");
    await d.getByRole("checkbox", { name: /^Flag Detected/ }).check();
    await d.getByRole("checkbox", { name: /^Alert Created/ }).check();
    await d.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Webhook created successfully");
    await hidden(d);

    const card = page.getByTestId("webhook-card").filter({ hasText: "Ops alerts" });
    await shown(card);
    await shown(card.getByText("https://example.com/hooks/promptsentry", { exact: true }));
    await waitText(card.getByText("Active", { exact: true }), "Active");
    const events = card.getByRole("list", { name: "Events" }).getByRole("listitem");
    await waitCount(events, 2);
    expect((await events.allInnerTexts()).map((t) => t.trim())).toEqual(["Flag Detected", "Alert Created"]);
    await shown(card.getByText(/^Created /));

    const [stored] = await getAs<Webhook[]>(org.apiKey, "/api/webhooks");
    expect(stored).toMatchObject({
      name: "Ops alerts",
      url: "https://example.com/hooks/promptsentry",
      events: ["flag.detected", "alert.created"],
      active: true,
    });
    expect(stored!.secret).toMatch(/^whsec_/);

    // The secret is masked until shown.
    const secret = card.getByTestId("webhook-secret");
    expect(await secret.innerText()).not.toContain(stored!.secret.slice(6));
    await card.getByRole("button", { name: "Show secret" }).click();
    await waitText(secret, stored!.secret);

    // Copy: toast, 'Copied!' indicator for 2 s, and the clipboard holds the secret.
    const clickedAt = Date.now();
    await card.getByRole("button", { name: "Copy secret" }).click();
    await expectToast(page, "Secret copied to clipboard");
    await shown(card.getByText("Copied!", { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored!.secret);
    await hidden(card.getByText("Copied!", { exact: true }), 10_000);
    // The indicator lasts 2 s from the copy.
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1_900);

    // Toggle off: patch, toast, badge, persisted.
    const sw = card.getByRole("switch", { name: "Active: Ops alerts" });
    expect(await sw.getAttribute("aria-checked")).toBe("true");
    await closeToasts(page);
    await sw.click();
    await expectToast(page, "Webhook updated successfully");
    await waitText(card.getByText("Inactive", { exact: true }), "Inactive");
    await until(
      () => getAs<Webhook[]>(org.apiKey, "/api/webhooks"),
      (l) => l[0]?.active === false,
      WAIT,
      "webhook inactive",
    );
    await page.reload();
    await shown(card);
    await waitText(card.getByText("Inactive", { exact: true }), "Inactive");
    expect(await card.getByRole("switch", { name: "Active: Ops alerts" }).getAttribute("aria-checked")).toBe("false");

    // And on again.
    await card.getByRole("switch", { name: "Active: Ops alerts" }).click();
    await expectToast(page, "Webhook updated successfully");
    await waitText(card.getByText("Active", { exact: true }), "Active");
    await until(
      () => getAs<Webhook[]>(org.apiKey, "/api/webhooks"),
      (l) => l[0]?.active === true,
      WAIT,
      "webhook active",
    );

    // A second webhook appears in the list with the header's create button.
    await page.getByRole("button", { name: "Create Webhook", exact: true }).click();
    await shown(d);
    // Each opening starts with a fresh form.
    expect(await d.getByLabel("Name").inputValue()).toBe("");
    expect(await d.getByLabel("URL").inputValue()).toBe("");
    expect(await d.getByRole("checkbox", { checked: true }).count()).toBe(0);
    await d.getByLabel("Name").fill("Audit trail");
    await d.getByLabel("URL").fill("https://audit.example.org/in");
    await d.getByRole("checkbox", { name: /^New Prompt/ }).check();
    await d.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Webhook created successfully");
    await waitCount(page.getByTestId("webhook-card"), 2);

    // Delete with confirmation.
    await card.getByRole("button", { name: "Delete webhook Ops alerts" }).click();
    const confirm = dialog(page, "Delete webhook");
    await shown(confirm);
    expect(await confirm.innerText()).toContain("https://example.com/hooks/promptsentry");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Webhook deleted successfully");
    await hidden(confirm);
    await waitCount(page.getByTestId("webhook-card"), 1);
    const left = await getAs<Webhook[]>(org.apiKey, "/api/webhooks");
    expect(left.map((w) => w.name)).toEqual(["Audit trail"]);
    expect(left[0]!.events).toEqual(["prompt.created"]);
  });

  it("shows 'Failed to create/update/delete webhook' when the server fails, and keeps the state", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/webhooks", "Webhooks", "Hooks Fail Org");
    await page.getByRole("button", { name: "Create Your First Webhook" }).click();
    const d = dialog(page, "Create Webhook");
    await d.getByLabel("Name").fill("Flaky");
    await d.getByLabel("URL").fill("https://example.com/flaky");
    await d.getByRole("checkbox", { name: /^New Prompt/ }).check();

    const unroute = await failNext(page, "**/api/webhooks", "POST");
    await d.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Failed to create webhook", "destructive");
    // The dialog stays open with what was typed, and nothing was stored.
    await shown(d);
    expect(await d.getByLabel("Name").inputValue()).toBe("Flaky");
    expect(await getAs<Webhook[]>(org.apiKey, "/api/webhooks")).toEqual([]);
    await unroute();

    // The server's own refusal (cloud metadata address) shows under the URL field and in the toast.
    await d.getByLabel("URL").fill("http://169.254.169.254/latest/meta-data");
    await d.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Failed to create webhook", "destructive", "This address can never receive webhooks");
    await shown(fieldError(d, "This address can never receive webhooks"));
    await d.getByLabel("URL").fill("https://example.com/flaky");

    await d.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Webhook created successfully");
    const card = page.getByTestId("webhook-card").filter({ hasText: "Flaky" });
    await shown(card);

    // PATCH fails: destructive toast, the switch goes back to on.
    const unpatch = await failNext(page, "**/api/webhooks/*", "PATCH");
    const sw = card.getByRole("switch", { name: "Active: Flaky" });
    await sw.click();
    await expectToast(page, "Failed to update webhook", "destructive");
    await until(
      () => sw.getAttribute("aria-checked"),
      (v) => v === "true",
      WAIT,
      "switch back on",
    );
    await waitText(card.getByText("Active", { exact: true }), "Active");
    expect((await getAs<Webhook[]>(org.apiKey, "/api/webhooks"))[0]!.active).toBe(true);
    await unpatch();

    // DELETE fails: destructive toast, the card stays.
    const undelete = await failNext(page, "**/api/webhooks/*", "DELETE");
    await card.getByRole("button", { name: "Delete webhook Flaky" }).click();
    const confirm = dialog(page, "Delete webhook");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Failed to delete webhook", "destructive");
    await undelete();
    await shown(card);
    expect(await getAs<Webhook[]>(org.apiKey, "/api/webhooks")).toHaveLength(1);
  });

  it("'Send test event' delivers a signed POST to a local receiver and lists the delivery with status 200", {
    timeout: 120_000,
  }, async () => {
    const receiver = await startReceiver(200);
    cleanups.push(receiver.close);
    const page = await browser.page();
    const org = await openAs(page, "/webhooks", "Webhooks", "Hooks Test Org");
    await page.getByRole("button", { name: "Create Your First Webhook" }).click();
    const d = dialog(page, "Create Webhook");
    await d.getByLabel("Name").fill("Local receiver");
    await d.getByLabel("URL").fill(receiver.url);
    await d.getByRole("checkbox", { name: /^Flag Detected/ }).check();
    await d.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Webhook created successfully");
    const card = page.getByTestId("webhook-card").filter({ hasText: "Local receiver" });
    await shown(card.getByText("No deliveries yet.", { exact: true }));

    await card.getByRole("button", { name: "Send test event" }).click();
    await expectToast(page, "Test event sent");

    // The queue consumer runs inside the local runtime (workerd): allow it time.
    await until(
      async () => receiver.received.length,
      (n) => n >= 1,
      45_000,
      "the receiver to get the test event",
    );
    const got = receiver.received[0]!;
    expect(got.method).toBe("POST");
    expect(got.url).toBe("/hook");
    const id = String(got.headers["webhook-id"]);
    const ts = String(got.headers["webhook-timestamp"]);
    const sig = String(got.headers["webhook-signature"]);
    expect(id).toBeTruthy();
    expect(sig).toMatch(/^v1,/);
    const [hook] = await getAs<Webhook[]>(org.apiKey, "/api/webhooks");
    const key = Buffer.from(hook!.secret.replace(/^whsec_/, ""), "base64");
    expect(sig.slice(3)).toBe(createHmac("sha256", key).update(`${id}.${ts}.${got.body}`).digest("base64"));
    expect(String(got.headers["x-signature"])).toBe(createHmac("sha256", key).update(got.body).digest("hex"));
    const body = JSON.parse(got.body) as { id: string; type: string; data: unknown };
    expect(body.id).toBe(id);
    expect(body.type).toBe("flag.detected");

    // The UI polls the deliveries after a test: one row, the event, status 200, 1 attempt.
    const row = card.getByTestId("delivery-row");
    await shown(row.first(), 45_000);
    await waitCount(row, 1);
    const cells = row.first().locator("td");
    expect((await cells.nth(1).innerText()).trim()).toBe("Flag Detected flag.detected");
    await waitText(cells.nth(2), "200");
    expect((await cells.nth(3).innerText()).trim()).toBe("1");
    expect(await cells.nth(4).innerText()).toMatch(/^Delivered/);
    // Delivered: the card stops waiting.
    await hidden(card.getByText("Waiting for delivery…", { exact: true }));
    const deliveries = await getAs<Delivery[]>(org.apiKey, `/api/webhooks/${hook!.id}/deliveries`);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ messageId: id, event: "flag.detected", statusCode: 200, success: true, attempt: 1 });

    // Five more test events: the card shows the newest five and 'Show all 6'.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${baseURL()}/api/webhooks/${hook!.id}/test`, {
        method: "POST",
        headers: { Authorization: `Bearer ${org.apiKey}` },
      });
      expect(res.status).toBe(202);
    }
    await until(
      () => getAs<Delivery[]>(org.apiKey, `/api/webhooks/${hook!.id}/deliveries`),
      (l) => l.length === 6,
      60_000,
      "six deliveries",
    );
    expect(receiver.received).toHaveLength(6);
    await page.reload();
    await waitCount(row, 5);
    await card.getByRole("button", { name: "Show all 6" }).click();
    await waitCount(row, 6);
    await card.getByRole("button", { name: "Show fewer" }).click();
    await waitCount(row, 5);
  });

  it("a retried delivery shows as one row with its attempts; a 410 answer disables the webhook on screen", {
    timeout: 150_000,
  }, async () => {
    // First answer 503 with Retry-After: 16 (longer than a quick look), then 200.
    const receiver = await startReceiver(200);
    cleanups.push(receiver.close);
    let calls = 0;
    receiver.server.removeAllListeners("request");
    receiver.server.on("request", (req, res) => {
      req.resume();
      req.on("end", () => {
        calls++;
        if (calls === 1) res.writeHead(503, { "Retry-After": "16" }).end("busy");
        else res.writeHead(200).end("ok");
      });
    });
    const gone = await startReceiver(410);
    cleanups.push(gone.close);

    const page = await browser.page();
    const org = await openAs(page, "/webhooks", "Webhooks", "Hooks Retry Org");
    for (const [name, url] of [
      ["Busy receiver", receiver.url],
      ["Gone receiver", gone.url],
    ] as const) {
      const res = await fetch(`${baseURL()}/api/webhooks`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${org.apiKey}` },
        body: JSON.stringify({ name, url, events: ["prompt.created"] }),
      });
      expect(res.status).toBe(201);
    }
    await page.reload();
    const busy = page.getByTestId("webhook-card").filter({ hasText: "Busy receiver" });
    const goneCard = page.getByTestId("webhook-card").filter({ hasText: "Gone receiver" });
    await shown(busy);

    await busy.getByRole("button", { name: "Send test event" }).click();
    await expectToast(page, "Test event sent");
    const row = busy.getByTestId("delivery-row");
    await shown(row.first(), 45_000);
    // First the failed attempt, then (without a reload) the retry 16 s later: one row, status 200, 2 attempts.
    await waitText(row.first().locator("td").nth(2), "503", 45_000);
    await shown(busy.getByText("Waiting for delivery…", { exact: true }));
    await waitText(row.first().locator("td").nth(3), "2", 60_000);
    await waitText(row.first().locator("td").nth(2), "200");
    await waitCount(row, 1);
    await hidden(busy.getByText("Waiting for delivery…", { exact: true }));
    expect(calls).toBe(2);

    await goneCard.getByRole("button", { name: "Send test event" }).click();
    await expectToast(page, "Test event sent");
    const goneRow = goneCard.getByTestId("delivery-row");
    await shown(goneRow.first(), 45_000);
    await waitText(goneRow.first().locator("td").nth(2), "410");
    // The server switched the webhook off: the card says so without a reload.
    await shown(goneCard.getByText("Inactive", { exact: true }), 30_000);
    await shown(goneCard.getByText(/^Disabled automatically: Endpoint answered 410 Gone$/));
    expect(await goneCard.getByRole("switch", { name: "Active: Gone receiver" }).getAttribute("aria-checked")).toBe("false");
    const hooks = await getAs<Webhook[]>(org.apiKey, "/api/webhooks");
    expect(hooks.find((h) => h.name === "Gone receiver")!.active).toBe(false);
  });
});
