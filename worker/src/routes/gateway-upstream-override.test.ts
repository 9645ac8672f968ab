// The per-request upstream (X-PromptSentry-Upstream) is an organization setting, off unless an admin
// turns it on: with it off, a call naming its own upstream is refused in OpenAI's error shape before
// anything is forwarded or stored, whatever the key may otherwise do.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { GATEWAY_KEY_HEADER, GATEWAY_UPSTREAM_HEADER } from "@promptsentry/schema/constants/gateway";
import { fakeProvider, rawGatewayCall } from "../../test/gateway-client";
import { call, expectEnvelope, keyWith, registerOrg, type TestOrg } from "../../test/helpers";

const chat = JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "where does this go?" }] });
const viaHeader = (org: TestOrg, upstream: string, key = org.apiKey) =>
  rawGatewayCall({ [GATEWAY_KEY_HEADER]: key, "content-type": "application/json", [GATEWAY_UPSTREAM_HEADER]: upstream }, chat);
const logsOf = async (org: TestOrg) => (await call("GET", "/logs", { key: org.apiKey })).body as unknown[];

describe("X-PromptSentry-Upstream needs settings gatewayAllowUpstreamOverride", () => {
  it("is off for a new organization: a call naming its own upstream is refused, nothing forwarded or stored", async () => {
    const org = await registerOrg();
    const configured = fakeProvider();
    const elsewhere = fakeProvider();
    // The admin's upstream (written directly: saving a loopback URL needs ALLOW_PRIVATE_WEBHOOKS).
    await env.DB.prepare("UPDATE org_settings SET gateway_upstream = ? WHERE org_id = ?").bind(configured.baseURL, org.orgId).run();
    expect((await call("GET", "/settings", { key: org.apiKey })).body.gatewayAllowUpstreamOverride).toBe(false);

    // An ordinary ingestion key: exactly what could redirect prompts before.
    const writer = await keyWith(org, ["logs:write"]);
    const res = await viaHeader(org, elsewhere.baseURL, writer);
    expect(res.status, res.text).toBe(403);
    expect(res.body.error).toMatchObject({ code: "upstream_override_disabled", type: "permission_error", param: null });
    expect(res.body.error.message).toContain(GATEWAY_UPSTREAM_HEADER);
    // Even an empty header: the client expected it to be honoured.
    expect((await viaHeader(org, "")).status).toBe(403);
    expect(await elsewhere.requests()).toEqual([]);
    expect(await configured.requests()).toEqual([]);
    expect(await logsOf(org)).toEqual([]);
  });

  it("an admin turns it on and off in settings; the header is honoured only while on", async () => {
    const org = await registerOrg();
    const provider = fakeProvider();
    const on = await call("PUT", "/settings", { key: org.apiKey, body: { gatewayAllowUpstreamOverride: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.body.gatewayAllowUpstreamOverride).toBe(true);
    expect((await viaHeader(org, provider.baseURL)).status).toBe(200);
    expect(await provider.requests()).toHaveLength(1);

    expect((await call("PUT", "/settings", { key: org.apiKey, body: { gatewayAllowUpstreamOverride: false } })).status).toBe(200);
    expect((await viaHeader(org, provider.baseURL)).status).toBe(403);
    expect(await provider.requests()).toHaveLength(1);
  });

  it("PUT refuses a value that is not a boolean, and a key that is not an admin's; nothing changes", async () => {
    const org = await registerOrg();
    const bad = await call("PUT", "/settings", { key: org.apiKey, body: { gatewayAllowUpstreamOverride: "yes" } });
    expectEnvelope(bad, 400, "validation_failed");
    expect(bad.body.error.issues.gatewayAllowUpstreamOverride).toEqual(["gatewayAllowUpstreamOverride must be true or false"]);
    const engineer = await keyWith(org, ["logs:read", "logs:write"]);
    expect((await call("PUT", "/settings", { key: engineer, body: { gatewayAllowUpstreamOverride: true } })).status).toBe(403);
    expect((await call("GET", "/settings", { key: org.apiKey })).body.gatewayAllowUpstreamOverride).toBe(false);
  });
});
