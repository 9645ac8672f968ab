// Loading, empty and error states of the management screens: the spec's loading texts while the
// list request is held, the error state with Retry when it fails, and the loaded screen after Retry.
import type { Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { hidden, newOrg, shown, waitText, type Org } from "./manage-helpers";

const browser = useBrowser();

let org: Org;
beforeAll(async () => {
  org = await newOrg("States Org");
});

const SCREENS = [
  {
    path: "/webhooks",
    title: "Webhooks",
    api: "**/api/webhooks",
    loading: "Loading webhooks...",
    error: "Failed to fetch webhooks",
    loaded: "No webhooks configured",
  },
  {
    path: "/api-keys",
    title: "API Keys",
    api: "**/api/api-keys",
    loading: "Loading API keys...",
    error: "Failed to fetch API keys",
    loaded: "Current session",
  },
  {
    path: "/integrations",
    title: "Integrations",
    api: "**/api/integrations",
    loading: "Loading integrations...",
    error: "Failed to fetch integrations",
    loaded: "No integrations configured",
  },
  {
    path: "/advanced-analytics",
    title: "Advanced Analytics",
    api: "**/api/performance-metrics?*",
    loading: "Loading advanced analytics...",
    error: "Failed to load advanced analytics",
    loaded: "Avg Response Time",
  },
  {
    path: "/settings",
    title: "Settings",
    api: "**/api/settings",
    loading: "Loading settings...",
    error: "Failed to fetch settings",
    loaded: "Organization Settings",
  },
  {
    path: "/team",
    title: "Team",
    api: "**/api/team",
    loading: null,
    error: "Failed to fetch team members",
    loaded: "No team members yet.",
  },
] as const;

describe("management screens: a clean visit", () => {
  it("opens all seven screens without page errors, console errors or failed API requests", { timeout: 120_000 }, async () => {
    const page = await browser.page();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`console: ${m.text()}`);
    });
    page.on("response", (r) => {
      if (r.url().includes("/api/") && r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await signIn(page, org.apiKey);
    for (const [path, title, ready] of [
      ["/webhooks", "Webhooks", "No webhooks configured"],
      ["/api-keys", "API Keys", "Current session"],
      ["/integrations", "Integrations", "No integrations configured"],
      ["/testing", "Testing", "Integration Status"],
      ["/settings", "Settings", "Organization Settings"],
      ["/team", "Team", "Role Permissions"],
      ["/advanced-analytics", "Advanced Analytics", "Custom Metrics"],
    ] as const) {
      await page.goto(path);
      await waitText(page.getByTestId("page-title"), title);
      await shown(page.getByText(ready, { exact: true }).first());
    }
    // And by the sidebar, without reloads.
    for (const title of ["Webhooks", "API Keys", "Integrations", "Testing", "Settings", "Team", "Advanced Analytics"]) {
      await page.getByRole("navigation").getByRole("link", { name: title, exact: true }).click();
      await waitText(page.getByTestId("page-title"), title);
    }
    await page.getByRole("navigation").getByRole("link", { name: "Testing", exact: true }).click();
    await shown(page.getByText("Integration Status", { exact: true }).first());
    expect(errors).toEqual([]);
  });
});

describe("management screens: loading and error states", () => {
  for (const s of SCREENS) {
    it(`${s.title}: ${s.loading ? `'${s.loading}' while loading, ` : ""}'${s.error}' with Retry on a server error`, {
      timeout: 90_000,
    }, async () => {
      const page = await browser.page();
      await signIn(page, org.apiKey);

      if (s.loading) {
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        const hold = async (route: Route) => {
          if (route.request().method() === "GET") await gate;
          await route.fallback();
        };
        await page.route(s.api, hold);
        await page.goto(s.path);
        await waitText(page.getByTestId("page-title"), s.title);
        await shown(page.getByText(s.loading, { exact: true }));
        release();
        await hidden(page.getByText(s.loading, { exact: true }));
        await page.unroute(s.api, hold);
      }

      // Fail every list request until the error state shows (the route loader's prefetch and the
      // screen's own query may both ask), then let Retry through.
      let failing = true;
      let failed = 0;
      const fail = async (route: Route) => {
        if (route.request().method() === "GET" && failing) {
          failed++;
          await route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "internal_error", message: "Forced failure (test)" } }),
          });
        } else await route.fallback();
      };
      await page.route(s.api, fail);
      await page.goto(s.path);
      await waitText(page.getByTestId("page-title"), s.title);
      const alert = page.getByRole("alert").filter({ hasText: s.error });
      await shown(alert);
      // A sentence a person can act on, never the payload; the code stays for support.
      const said = await alert.innerText();
      expect(said).toContain("Something went wrong on our side. Try again");
      expect(said).toContain("Error code: internal_error");
      expect(said).not.toContain("{");
      expect(failed).toBeGreaterThanOrEqual(1);
      failing = false;
      await alert.getByRole("button", { name: "Retry" }).click();
      await hidden(alert);
      if (s.path === "/team") {
        // A fresh organization always has its registrant: the list, not the empty text.
        await shown(page.getByTestId("member-row").first());
      } else await shown(page.getByText(s.loaded, { exact: true }).first());
    });
  }
});
