// Team screen: counts by role from real members (checked against GET /api/team), status from real
// key activity, Invite Member with validation and a one-time key, role change, removal, Role
// Permissions card, and a failure toast forced by a server error.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
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

type Member = { id: string; name: string; email: string; role: string; lastActive: string | null; status: string };

/** A row's role badge (the role select's options carry the same words). */
const badge = (row: import("playwright-core").Locator, label: string) => row.locator("span", { hasText: new RegExp(`^${label}$`) });

/** The three count cards equal the members per role that the API lists. */
async function countsMatchApi(page: Page, apiKey: string, expected: { admin: number; engineer: number; viewer: number }) {
  const members = await getAs<Member[]>(apiKey, "/api/team");
  const fromApi = { admin: 0, engineer: 0, viewer: 0 } as Record<string, number>;
  for (const m of members) fromApi[m.role] = (fromApi[m.role] ?? 0) + 1;
  expect(fromApi).toEqual(expected);
  for (const role of ["admin", "engineer", "viewer"] as const) await waitText(page.getByTestId(`count-${role}`), String(expected[role]));
  await waitCount(page.getByTestId("member-row"), members.length);
  return members;
}

describe("Team", () => {
  it("invite (validation, one-time key) → counts and list → role change → remove", { timeout: 150_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/team", "Team", "Team Org");
    await shown(page.getByRole("heading", { name: "Team Management" }));

    // A fresh organization: its registrant is the one admin, active just now (this session).
    let members = await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 0, viewer: 0 });
    const self = page.getByTestId("member-row").filter({ hasText: org.email });
    await shown(self.getByText("You", { exact: true }));
    await shown(badge(self, "Admin"));
    expect(await self.getByRole("button", { name: /^Remove / }).isDisabled()).toBe(true);
    expect(await self.locator("[data-status]").getAttribute("data-status")).toBe(members[0]!.status);

    // Role Permissions card.
    const perms = page.getByRole("heading", { name: "Role Permissions" });
    await shown(perms);
    for (const [role, text] of [
      ["Admin", "Full access to all features and settings"],
      ["Engineer", "Search, debug and export logs"],
      ["Viewer", "Read-only access to logs"],
    ]) {
      await shown(page.getByText(text, { exact: true }).first());
      await shown(page.getByRole("list", { name: `${role} permissions` }));
    }

    // Invite: validation first.
    await page.getByRole("button", { name: "Invite Member" }).click();
    const d = dialog(page, "Invite Member");
    await shown(d);
    await d.getByRole("button", { name: "Invite Member" }).click();
    await shown(fieldError(d, "Name is required"));
    await shown(fieldError(d, "Please enter a valid email address"));
    expect(await d.getByLabel("Role").locator("option").allInnerTexts()).toEqual(["Admin", "Engineer", "Viewer"]);
    expect(await d.getByLabel("Role").inputValue()).toBe("engineer");

    await d.getByLabel("Name").fill("Ada Lovelace");
    await d.getByLabel("Email").fill("ada@example.com");
    await d.getByRole("button", { name: "Invite Member" }).click();
    await expectToast(page, "Member invited successfully");
    const invited = dialog(page, "Member invited");
    await shown(invited);
    const key = await invited.getByTestId("one-time-key").inputValue();
    expect(key).toMatch(/^pk_live_[A-Za-z0-9]{32}$/);
    // The member's key carries the engineer's permissions.
    expect((await apiAs(key, "POST", "/api/logs", { prompt: "Hi from Ada", response: "Hello", model: "gpt-4" })).status).toBe(201);
    expect((await apiAs(key, "GET", "/api/team")).status).toBe(200);
    expect((await apiAs(key, "GET", "/api/webhooks")).status).toBe(403);
    await invited.getByRole("button", { name: "I've copied my key" }).click();
    await hidden(invited);
    expect(await page.content()).not.toContain(key);

    members = await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 1, viewer: 0 });
    const ada = page.getByTestId("member-row").filter({ hasText: "ada@example.com" });
    await shown(ada.getByText("Ada Lovelace", { exact: true }));
    await shown(badge(ada, "Engineer"));

    // Ada used her key: her status and 'Last active' come from that activity.
    const adaApi = await until(
      () => getAs<Member[]>(org.apiKey, "/api/team").then((l) => l.find((m) => m.email === "ada@example.com")!),
      (m) => m.lastActive !== null,
      WAIT,
      "Ada's activity",
    );
    await page.reload();
    await shown(ada.locator("[data-status]"));
    expect(await ada.locator("[data-status]").getAttribute("data-status")).toBe(adaApi.status);
    // Seconds after her request; a stalled machine may already call it a minute.
    await shown(ada.getByText(/^Last active (Just now|1 minute ago)$/));

    // A viewer too.
    await page.getByRole("button", { name: "Invite Member" }).click();
    await shown(d);
    await d.getByLabel("Name").fill("Grace Hopper");
    await d.getByLabel("Email").fill("grace@example.com");
    await d.getByLabel("Role").selectOption("viewer");
    await d.getByRole("button", { name: "Invite Member" }).click();
    await expectToast(page, "Member invited successfully");
    await invited.getByRole("button", { name: "I've copied my key" }).click();
    await hidden(invited);
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 1, viewer: 1 });
    const grace = page.getByTestId("member-row").filter({ hasText: "grace@example.com" });
    await shown(grace.getByText("Last active Never", { exact: true }));
    expect(await grace.locator("[data-status]").getAttribute("data-status")).toBe("offline");

    // Role change: Ada becomes a viewer, and her key loses write access.
    await ada.getByLabel("Role of Ada Lovelace").selectOption("viewer");
    await expectToast(page, "Role updated successfully");
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 0, viewer: 2 });
    await shown(badge(ada, "Viewer"));
    expect((await apiAs(key, "POST", "/api/logs", { prompt: "Again", response: "Hello", model: "gpt-4" })).status).toBe(403);
    expect((await apiAs(key, "GET", "/api/logs")).status).toBe(200);

    // Remove Ada: her key stops working.
    await ada.getByRole("button", { name: "Remove Ada Lovelace" }).click();
    const confirm = dialog(page, "Remove member");
    await shown(confirm);
    expect(await confirm.innerText()).toContain("ada@example.com");
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await expectToast(page, "Member removed successfully");
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 0, viewer: 1 });
    expect((await apiAs(key, "GET", "/api/logs")).status).toBe(401);
  });

  it("shows 'Failed to invite member' when the server fails, and a role change failure reverts", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const org = await openAs(page, "/team", "Team", "Team Fail Org");
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 0, viewer: 0 });
    await page.getByRole("button", { name: "Invite Member" }).click();
    const d = dialog(page, "Invite Member");
    await d.getByLabel("Name").fill("Linus");
    await d.getByLabel("Email").fill("linus@example.com");
    const unroute = await failNext(page, "**/api/team/invite", "POST");
    await d.getByRole("button", { name: "Invite Member" }).click();
    await expectToast(page, "Failed to invite member", "destructive");
    await shown(d);
    await unroute();
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 0, viewer: 0 });
    await d.getByRole("button", { name: "Invite Member" }).click();
    await expectToast(page, "Member invited successfully");
    await dialog(page, "Member invited").getByRole("button", { name: "I've copied my key" }).click();
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 1, viewer: 0 });

    const unpatch = await failNext(page, "**/api/team/*", "PATCH");
    const linus = page.getByTestId("member-row").filter({ hasText: "linus@example.com" });
    await linus.getByLabel("Role of Linus").selectOption("admin");
    await expectToast(page, "Failed to update role", "destructive");
    await unpatch();
    await until(
      () => linus.getByLabel("Role of Linus").inputValue(),
      (v) => v === "engineer",
      WAIT,
      "the role select to revert",
    );
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 1, viewer: 0 });

    // The server refuses to demote the only admin: the toast says why and the select stays Admin.
    const self = page.getByTestId("member-row").filter({ hasText: org.email });
    const selfRole = self.getByLabel(/^Role of /);
    await selfRole.selectOption("viewer");
    await expectToast(page, "Failed to update role", "destructive", "The organization needs at least one admin");
    await until(
      () => selfRole.inputValue(),
      (v) => v === "admin",
      WAIT,
      "the own role select to stay admin",
    );
    await countsMatchApi(page, org.apiKey, { admin: 1, engineer: 1, viewer: 0 });
  });
});
