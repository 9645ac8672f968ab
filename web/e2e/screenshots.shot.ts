// Screenshots of every screen in light and dark mode → docs/screenshots/<screen>-<mode>.png.
// Not part of `npm test` (it rewrites files in the repository); run it on purpose with
//   npx vitest run --config web/e2e/screenshots.config.ts
// against the same fresh stack as the browser tests (demo organization, 30 days of data).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { T, gone, pageTitle, textIs, visible } from "./helpers";

const browser = useBrowser();
const outDir = path.resolve(import.meta.dirname, "../../docs/screenshots");
mkdirSync(outDir, { recursive: true });

const MODES = ["light", "dark"] as const;
type Mode = (typeof MODES)[number];

/** Waits until no loading placeholder is left and charts have finished their entry animation. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: T }).catch(() => {});
  await gone(page.locator('[aria-busy="true"]').first(), T).catch(() => {});
  if (await page.locator("canvas").count()) {
    await visible(page.locator("canvas").first());
    // chart.js animates bars for ~1 s after mounting; wait for the final frame.
    await page.waitForTimeout(1_500);
  }
}

const VIEWPORT = { width: 1366, height: 900 };
/** Longest page kept (long lists are cut there; the sidebar is fixed, so the viewport grows instead of
 * scrolling the page, and the picture shows the page as a tall window would). */
const MAX_HEIGHT = 2_400;

async function shoot(page: Page, name: string, mode: Mode, fullPage = true) {
  await settled(page);
  if (fullPage) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: VIEWPORT.width, height: Math.min(MAX_HEIGHT, Math.max(VIEWPORT.height, height)) });
    await settled(page);
  }
  await page.screenshot({ path: path.join(outDir, `${name}-${mode}.png`), animations: "disabled" });
  await page.setViewportSize(VIEWPORT);
}

const SCREENS: { name: string; path: string; title: string }[] = [
  { name: "dashboard", path: "/", title: "Dashboard" },
  { name: "logs", path: "/logs", title: "Prompt Logs" },
  { name: "flags", path: "/flags", title: "Red Flags" },
  { name: "analytics", path: "/analytics", title: "Analytics" },
  { name: "alerts", path: "/alerts", title: "Alerts" },
  { name: "advanced-analytics", path: "/advanced-analytics", title: "Advanced Analytics" },
  { name: "team", path: "/team", title: "Team" },
  { name: "webhooks", path: "/webhooks", title: "Webhooks" },
  { name: "api-keys", path: "/api-keys", title: "API Keys" },
  { name: "integrations", path: "/integrations", title: "Integrations" },
  { name: "testing", path: "/testing", title: "Testing" },
  { name: "settings", path: "/settings", title: "Settings" },
  { name: "not-found", path: "/no-such-page", title: "Page Not Found" },
];

describe.each(MODES)("screenshots (%s)", (mode) => {
  it("landing page and sign-up dialog", { timeout: 120_000 }, async () => {
    const page = await browser.page({ colorScheme: mode });
    await page.goto("/");
    await visible(page.getByRole("button", { name: "Start Free 14-Day Trial" }));
    await shoot(page, "landing", mode);
    await page.getByRole("button", { name: "Start Free 14-Day Trial" }).click();
    await visible(page.getByRole("dialog"));
    await shoot(page, "sign-up", mode, false);
  });

  it("every signed-in screen", { timeout: 300_000 }, async () => {
    const page = await browser.page({ colorScheme: mode });
    await signIn(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await textIs(pageTitle(page), screen.title);
      if (screen.name === "dashboard") await visible(page.getByTestId("stat-totalPrompts"));
      await shoot(page, screen.name, mode);
    }
  });

  it("prompt details dialog of a flagged log", { timeout: 120_000 }, async () => {
    const page = await browser.page({ colorScheme: mode });
    await signIn(page);
    await page.goto("/flags");
    const first = page.getByRole("list", { name: "Critical Flags" }).getByRole("button", { name: "View details" }).first();
    await (await visible(first)).click();
    await visible(page.getByRole("dialog", { name: "Prompt Details" }));
    await shoot(page, "details", mode, false);
  });
});
