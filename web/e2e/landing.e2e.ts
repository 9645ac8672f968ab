// Landing page, sign-up to the dashboard of the new organization, sign-in with a key, sign-out.
import { describe, expect, it } from "vitest";
import { demoKey, signIn, useBrowser } from "./browser";
import { T, apiGet, gone, pageTitle, textIs, visible } from "./helpers";

const browser = useBrowser();

describe("landing page", () => {
  it("shows the hero, four feature cards, three plans and the footer", async () => {
    const page = await browser.page();
    await page.goto("/");
    await textIs(page.getByRole("heading", { level: 1 }), "See what your organisation sends to AI models");
    await visible(page.getByRole("button", { name: "Start Free 14-Day Trial" }));
    await visible(page.getByText("No credit card required.", { exact: true }));

    const features = page.getByRole("region", { name: "Everything you need to use AI safely" });
    expect(await features.getByRole("article").count()).toBe(4);
    expect(await features.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual([
      "Real-time Monitoring",
      "Red Flag Detection",
      "Analytics & Insights",
      "Team & Alerts",
    ]);

    const pricing = page.getByRole("region", { name: "Simple, transparent pricing" });
    expect(await pricing.getByRole("article").count()).toBe(3);
    const trial = await pricing.getByRole("article", { name: "Free Trial" }).innerText();
    expect(trial).toContain("$0");
    expect(trial).toContain("14 days");
    expect(trial).toContain("1,000 prompts");
    expect(trial).not.toContain("Most Popular");
    const pro = await pricing.getByRole("article", { name: "Professional" }).innerText();
    expect(pro).toContain("$49");
    expect(pro).toContain("per month");
    expect(pro).toContain("50,000 prompts");
    expect(pro).toContain("Most Popular");
    const enterprise = pricing.getByRole("article", { name: "Enterprise" });
    const enterpriseText = await enterprise.innerText();
    expect(enterpriseText).toContain("$199");
    expect(enterpriseText).toContain("per month");
    expect(enterpriseText).toContain("Unlimited prompts");
    await visible(enterprise.getByRole("button", { name: "Contact Sales" }));
    expect(await page.getByText("Most Popular", { exact: true }).count()).toBe(1);

    expect(await page.getByRole("contentinfo").innerText()).toContain("PromptSentry");
  });

  it("opens the sign-up dialog from the hero and from every plan button", async () => {
    const page = await browser.page();
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Start your free trial" });
    const pricing = page.getByRole("region", { name: "Simple, transparent pricing" });
    const openers = [
      page.getByRole("button", { name: "Start Free 14-Day Trial" }),
      ...["Free Trial", "Professional", "Enterprise"].map((plan) => pricing.getByRole("article", { name: plan }).getByRole("button")),
    ];
    for (const opener of openers) {
      await (await visible(opener)).click();
      await visible(dialog);
      await page.keyboard.press("Escape");
      await gone(dialog);
    }
  });
});

describe("sign-up", () => {
  it("validates the form, shows the new key with Copy, and opens the new organization's dashboard", async () => {
    const page = await browser.page();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    await (await visible(page.getByRole("button", { name: "Start Free 14-Day Trial" }))).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Start your free trial" }));
    const submit = dialog.getByRole("button", { name: "Start Free Trial" });

    // Empty form, then values that are still invalid: the spec's messages, and no request.
    let registerCalls = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/register") registerCalls++;
    });
    await submit.click();
    await visible(dialog.getByText("Organization name must be at least 2 characters", { exact: true }));
    await visible(dialog.getByText("Please enter a valid email address", { exact: true }));
    await dialog.getByLabel("Organization Name").fill("A");
    await dialog.getByLabel("Email").fill("not-an-email");
    await submit.click();
    await visible(dialog.getByText("Organization name must be at least 2 characters", { exact: true }));
    await visible(dialog.getByText("Please enter a valid email address", { exact: true }));
    await visible(dialog.getByText("Please enter your name", { exact: true }));
    expect(registerCalls).toBe(0);

    const name = `Signup Test ${Date.now().toString(36)}`;
    await dialog.getByLabel("Organization Name").fill(name);
    await dialog.getByLabel("Your Name").fill("Ada Lovelace");
    await dialog.getByLabel("Email").fill(`owner+${Date.now()}@example.com`);
    await submit.click();
    await gone(dialog.getByText("Organization name must be at least 2 characters", { exact: true }));

    const success = await visible(page.getByRole("dialog", { name: "Your account is ready" }));
    const keyInput = success.getByLabel("Your API key");
    await expect.poll(() => keyInput.inputValue(), { timeout: T }).toMatch(/^pk_live_[A-Za-z0-9]{16,}$/);
    const apiKey = await keyInput.inputValue();
    await success.getByRole("button", { name: "Copy" }).click();
    // The toast is raised from inside the dialog: it must be readable and dismissable meanwhile.
    const copied = await visible(page.getByRole("status").filter({ hasText: "API key copied" }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    await copied.getByRole("button", { name: "Close" }).click();
    await gone(copied);
    await visible(success);
    await visible(success.getByText("Next steps", { exact: true }));

    await success.getByRole("button", { name: "Access Dashboard" }).click();
    await gone(success);
    await textIs(pageTitle(page), "Dashboard");
    expect(new URL(page.url()).pathname).toBe("/");
    // The dashboard is the new organization's: nothing logged yet.
    await textIs(page.getByTestId("stat-totalPrompts"), "0");
    await visible(page.getByText("No prompt logs found. Start sending prompts to see them here.", { exact: true }));
    const org = await apiGet<{ name: string; keyPrefix: string }>(page, "/api/organization");
    expect(org.name).toBe(name);
    expect(apiKey.startsWith(org.keyPrefix)).toBe(true);
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await visible(page.getByRole("menu").getByText(name, { exact: true }));
  });
});

describe("sign-in and sign-out", () => {
  it("signs in from the landing page with an API key (the demo key)", async () => {
    const page = await browser.page();
    await page.goto("/");
    await (await visible(page.getByRole("button", { name: "Sign in with an API key" }).first())).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Sign in with an API key" }));
    await dialog.getByLabel("API key").fill("pk_live_thisKeyDoesNotExist000000000");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await visible(dialog.getByText("That API key is not valid.", { exact: true }));

    await dialog.getByLabel("API key").fill(demoKey());
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await textIs(pageTitle(page), "Dashboard");
    await visible(page.getByRole("navigation", { name: "Main" }));
    await expect
      .poll(async () => ((await page.getByTestId("stat-totalPrompts").count()) ? page.getByTestId("stat-totalPrompts").innerText() : ""), {
        timeout: T,
      })
      .toMatch(/^[1-9][\d,]*$/);
    const org = await apiGet<{ name: string }>(page, "/api/organization");
    expect(org.name).toBe("Demo Organization");
  });

  it("signs out from the avatar menu back to the landing page", async () => {
    const page = await browser.page();
    await signIn(page);
    await page.goto("/");
    await textIs(pageTitle(page), "Dashboard");
    const avatar = page.getByRole("button", { name: /^Account menu for / });
    await textIs(page.getByTestId("avatar-initials"), "DA");
    await avatar.click();
    await (await visible(page.getByRole("menuitem", { name: "Sign out" }))).click();
    await visible(page.getByRole("button", { name: "Start Free 14-Day Trial" }));
    await gone(page.getByRole("navigation", { name: "Main" }));
    // The session is really gone: the organization lookup answers none, a reload stays on the landing page.
    const res = await page.request.get("/api/organization");
    expect([200, 401]).toContain(res.status());
    if (res.status() === 200) expect(await res.json()).toBeNull();
    await page.reload();
    await visible(page.getByRole("button", { name: "Start Free 14-Day Trial" }));
  });
});
