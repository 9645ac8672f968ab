// Redirects and plain http: the client never follows a 3xx (which would carry the API key and the
// prompts to wherever the answer points, and count the other host's 2xx as stored), reports the
// batch as rejected, and warns once when the base URL is plain http off loopback.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PromptSentry, type PromptSentryError } from "../src/index";
import { isLoopbackHost } from "../src/base-url";
import { FakeApi } from "./fake-api";

let api: FakeApi;
let elsewhere: FakeApi;
let errors: PromptSentryError[];
const clients: PromptSentry[] = [];
beforeEach(async () => {
  api = await new FakeApi().start();
  elsewhere = await new FakeApi().start();
  errors = [];
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.shutdown();
  vi.restoreAllMocks();
  await api.stop();
  await elsewhere.stop();
});

function client(options: Partial<ConstructorParameters<typeof PromptSentry>[0]> = {}) {
  const c = new PromptSentry({
    apiKey: "pk_live_secret",
    baseUrl: api.url,
    onError: (e) => errors.push(e),
    initialBackoffMs: 10,
    flushOnExit: false,
    ...options,
  });
  clients.push(c);
  return c;
}

describe("redirects", () => {
  it.each([301, 302, 303, 307, 308])(
    "a %i to another server is not followed: nothing reaches it, the batch is reported",
    async (status) => {
      const target = `${elsewhere.url}/collect`;
      api.script.push({ status, headers: { Location: target } });
      const sdk = client();
      sdk.log({ prompt: "the quarterly numbers", response: "r", model: "gpt-4" });
      sdk.log({ prompt: "second", response: "r", model: "gpt-4" });
      await sdk.flush();

      expect(elsewhere.requests).toEqual([]);
      expect(api.requests).toHaveLength(1); // not retried: the same answer would come again
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ kind: "rejected", logs: 2, status, body: { location: target } });
      expect(errors[0].message).toContain(`redirect (${status}) to ${target}`);
      expect(errors[0].message).toContain("set baseUrl");
      expect(sdk.stats).toMatchObject({ sent: 0, failed: 2, retries: 0, pending: 0 });

      // The next batch goes on as usual.
      sdk.log({ prompt: "third", response: "r", model: "gpt-4" });
      await sdk.flush();
      expect(api.stored.map((l) => l.prompt)).toEqual(["third"]);
      expect(sdk.stats.sent).toBe(1);
    },
  );

  it("asks fetch not to follow, whichever fetch is passed", async () => {
    const seen: RequestInit[] = [];
    const sdk = client({
      fetch: async (_input, init) => {
        seen.push(init ?? {});
        return new Response(null, { status: 201 });
      },
    });
    sdk.log({ prompt: "p", response: "r", model: "gpt-4" });
    await sdk.flush();
    expect(seen.map((init) => init.redirect)).toEqual(["manual"]);
  });

  it("reports a browser's opaque redirect (status 0) the same way", async () => {
    const opaque = Object.defineProperties(new Response(null, { status: 200 }), {
      type: { value: "opaqueredirect" },
      status: { value: 0 },
      ok: { value: false },
    });
    const sdk = client({ fetch: async () => opaque });
    sdk.log({ prompt: "p", response: "r", model: "gpt-4" });
    await sdk.flush();
    expect(errors.map((e) => [e.kind, e.status, e.logs])).toEqual([["rejected", undefined, 1]]);
    expect(sdk.stats).toMatchObject({ sent: 0, failed: 1 });
  });
});

describe("base URL", () => {
  it("warns once per origin when the key and prompts would travel over plain http off loopback", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    client({ baseUrl: "http://promptsentry.example.net:8080/" });
    client({ baseUrl: "http://promptsentry.example.net:8080" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain("http://promptsentry.example.net:8080 is not https");
    client({ baseUrl: "http://10.1.2.3" });
    expect(warn).toHaveBeenCalledTimes(2);
    for (const baseUrl of [
      "https://promptsentry.example.net",
      "http://localhost:8787",
      "http://127.0.0.1:9",
      "http://[::1]:9",
      "http://127.8.9.10",
    ]) {
      client({ baseUrl });
    }
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("refuses a base URL that is not an http(s) URL", () => {
    for (const baseUrl of ["promptsentry.example.net", "ftp://promptsentry.example.net", "file:///tmp/x"]) {
      expect(() => new PromptSentry({ apiKey: "k", baseUrl, flushOnExit: false }), baseUrl).toThrow(TypeError);
    }
  });

  it("knows loopback hosts", () => {
    expect(["localhost", "LOCALHOST", "127.0.0.1", "127.255.0.1", "[::1]", "::1"].map(isLoopbackHost)).toEqual(Array(6).fill(true));
    expect(["localhost.example.com", "127.0.0.1.nip.io", "10.0.0.1", "[::2]", "example.com"].map(isLoopbackHost)).toEqual(
      Array(5).fill(false),
    );
  });
});
