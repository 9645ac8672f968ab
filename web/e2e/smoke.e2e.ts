import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";

const browser = useBrowser();

// The 404 page and the other screens are covered in shell.e2e.ts and the per-screen files.
describe("the local stack", () => {
  it("serves the API and the SPA on one origin", async () => {
    const health = await fetch(`${baseURL()}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const page = await browser.page();
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    expect(await page.title()).toMatch(/PromptSentry/);
  });

  it("serves the API reference as bundled by wrangler (schemas converted at request time)", async () => {
    const res = await fetch(`${baseURL()}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]?.url).toBe(baseURL());
    expect(doc.paths["/api/logs"]?.post?.requestBody).toBeDefined();
  });
});
