// Performance figures of the dashboard (docs/web.md): time from navigation start to the dashboard's first content
// (stat card numbers) with 30 days of demo data, and the initial JavaScript of the first screen.
// Figures are printed and written to web/e2e/.results/timing.json (git-ignored).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { T, recordResult, visible } from "./helpers";

const browser = useBrowser();
const run = promisify(execFile);

/** Records performance.now() (ms since navigation start) when the first stat number is in the DOM. */
function markFirstContent() {
  const w = window as unknown as { __firstContent?: number };
  const check = () => {
    const el = document.querySelector('[data-testid="stat-totalPrompts"]');
    if (el?.textContent && w.__firstContent === undefined) w.__firstContent = performance.now();
    return w.__firstContent !== undefined;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

describe("performance", () => {
  it("dashboard first content with 30 days of demo data (cold browser cache each run)", { timeout: 120_000 }, async () => {
    const RUNS = 5;
    const firstContent: number[] = [];
    const fcp: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh context each run: empty HTTP cache, new session, as a first visit.
      const page = await browser.page();
      await signIn(page);
      await page.addInitScript(markFirstContent);
      await page.goto("/");
      await visible(page.getByTestId("stat-totalPrompts"), T);
      await page.waitForFunction(() => (window as unknown as { __firstContent?: number }).__firstContent !== undefined, undefined, {
        timeout: T,
      });
      const m = await page.evaluate(() => ({
        firstContent: (window as unknown as { __firstContent: number }).__firstContent,
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      }));
      firstContent.push(Math.round(m.firstContent));
      if (m.fcp !== null) fcp.push(Math.round(m.fcp));
      await page.context().close();
    }
    // The first run also pays for the worker's cold paths; the median is the figure reported.
    const figures = {
      dashboardFirstContentMs: {
        median: median(firstContent),
        min: Math.min(...firstContent),
        max: Math.max(...firstContent),
        runs: firstContent,
        budgetMs: 1000,
        withinBudget: median(firstContent) <= 1000,
      },
      firstContentfulPaintMs: fcp.length ? { median: median(fcp), runs: fcp } : null,
      measuredAt: new Date().toISOString(),
    };
    recordResult("timing.json", figures);
    console.log(
      `dashboard first content: median ${figures.dashboardFirstContentMs.median} ms (runs ${firstContent.join(", ")} ms; budget 1000 ms)` +
        (fcp.length ? `; first contentful paint median ${median(fcp)} ms` : ""),
    );
    // A generous bound so a loaded machine does not make the suite flaky; the figure above is the one reported.
    expect(median(firstContent)).toBeLessThan(5_000);
  });

  it("initial JavaScript of the first screen stays within 150 KB gzip", async () => {
    const script = path.resolve(import.meta.dirname, "../scripts/bundle-size.mjs");
    // The build the stack serves (stack.ts builds it privately, as `npm start` would).
    const { stdout } = await run(process.execPath, [script, "--dist", inject("webDist")], { timeout: 60_000 });
    const line = stdout.trim().split("\n")[0] ?? "";
    console.log(line);
    const kb = Number(/([\d.]+) KB gzip/.exec(line)?.[1]);
    recordResult("timing.json", { initialJsGzipKb: kb, bundleReport: line });
    expect(kb).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(150);
  });
});
