// The live feed: a log posted with curl reaches the open dashboard over the socket (no reload, no
// polling involved), and with the socket down the 5-second polling still brings it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signIn, useBrowser } from "./browser";
import { T, curlLog, gone, postLog, registerOrg, visible } from "./helpers";

const browser = useBrowser();

const liveIndicator = (page: Page) => page.getByRole("status").filter({ hasText: /^Live$/ });
const EMPTY = "No prompt logs found. Start sending prompts to see them here.";

describe("live feed", () => {
  it("shows a log posted with curl in the open dashboard without reload, over the socket", async () => {
    const org = await registerOrg("Realtime Org");
    const page = await browser.page();
    await signIn(page, org.apiKey);
    const frames: string[] = [];
    page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
    await page.goto("/");
    await visible(page.getByText(EMPTY, { exact: true }));
    await visible(liveIndicator(page));

    // From now on the feed's polls never answer: only the socket can bring the new log.
    await page.route(
      (url) => url.pathname === "/api/logs" && url.searchParams.get("limit") === "10",
      () => new Promise<void>(() => {}),
    );
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const prompt = `Live via curl ${Date.now()}: what is the capital of Portugal?`;
    const log = await curlLog(org.apiKey, { prompt, response: "Lisbon.", model: "gpt-4", userId: "curl-user" });
    expect(log.flagStatus).toBe("safe");

    const row = await visible(page.locator(`li[data-log-id="${log.id}"]`), T);
    const text = await row.innerText();
    expect(text).toContain(`Prompt: ${prompt}`);
    expect(text).toContain("Response: Lisbon.");
    expect(text).toContain("gpt-4");
    expect(text).toMatch(/\d+ seconds? ago/);
    await gone(page.getByText(EMPTY, { exact: true }));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(frames.some((f) => f.includes("newPromptLog") && f.includes(log.id))).toBe(true);
    await visible(liveIndicator(page));
  });

  it("falls back to polling when the socket cannot connect (no 'Live' indicator)", async () => {
    const org = await registerOrg("Polling Org");
    const page = await browser.page();
    await signIn(page, org.apiKey);
    let tokenCalls = 0;
    await page.route(
      (url) => url.pathname === "/api/realtime/token",
      (route) => {
        tokenCalls++;
        return route.fulfill({ status: 503, body: "realtime unavailable" });
      },
    );
    await page.goto("/");
    await visible(page.getByText(EMPTY, { exact: true }));
    await expect.poll(() => tokenCalls, { timeout: T }).toBeGreaterThan(0);
    expect(await liveIndicator(page).count()).toBe(0);

    const log = await postLog(org.apiKey, { prompt: `Polled ${Date.now()}: hello`, response: "Hi!", model: "claude-3-haiku" });
    await visible(page.locator(`li[data-log-id="${log.id}"]`), T);
    expect(await liveIndicator(page).count()).toBe(0);
  });
});
