// Realtime access ends with its credentials, end to end (docs/sessions.md): the real worker tells the
// real party room, so a removed member's open socket closes and stops receiving logs, the token they
// minted before removal no longer connects, and signing out closes that session's socket.
import { describe, expect, it } from "vitest";
import { CLOSE_ACCESS_ENDED, NEW_PROMPT_LOG, RENEW_TOKEN, TOKEN_RENEWED } from "@promptsentry/schema/realtime";
import { baseURL, signIn as signInPage, useBrowser } from "./browser";
import { T, postLog, registerOrg, visible } from "./helpers";

const browser = useBrowser();

type Socket = { ws: WebSocket; logs: string[]; closed: Promise<number>; isClosed: () => boolean };

async function api(method: string, path: string, auth: { key?: string; cookie?: string }, body?: unknown) {
  const headers: Record<string, string> = {};
  if (auth.key) headers.authorization = `Bearer ${auth.key}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${baseURL()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function realtimeUrl(auth: { key?: string; cookie?: string }): Promise<string> {
  const res = await api("GET", "/api/realtime/token", auth);
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** Opens the room's socket and resolves once it is open and a probe log reached it. */
function open(url: string): Socket {
  const ws = new WebSocket(url);
  const logs: string[] = [];
  let done = false;
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(String(e.data));
    if (m.type === NEW_PROMPT_LOG) logs.push(m.log.id);
  });
  const closed = new Promise<number>((resolve) =>
    ws.addEventListener("close", (e) => {
      done = true;
      resolve(e.code);
    }),
  );
  return { ws, logs, closed, isClosed: () => done };
}

async function joined(url: string, adminKey: string): Promise<Socket> {
  const socket = open(url);
  await new Promise<void>((resolve, reject) => {
    socket.ws.addEventListener("open", () => resolve());
    socket.closed.then((code) => reject(new Error(`closed ${code}`)));
  });
  // The room admits the socket once its connect handler ran: a log then reaches it.
  await expect
    .poll(
      async () => {
        const log = await postLog(adminKey, { prompt: "probe", response: "ok", model: "gpt-4" });
        await new Promise((r) => setTimeout(r, 300));
        return socket.logs.includes(log.id);
      },
      { timeout: T },
    )
    .toBe(true);
  return socket;
}

const within = <V>(p: Promise<V>, ms: number) => Promise.race([p, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);

describe("realtime revocation", () => {
  it("closes a removed member's socket at once; their earlier token no longer connects", async () => {
    const org = await registerOrg("Revocation Org");
    const invited = await api(
      "POST",
      "/api/team/invite",
      { key: org.apiKey },
      { name: "Leaver", email: `leaver-${Date.now()}@example.com`, role: "viewer" },
    );
    const { member, apiKey: memberKey } = (await invited.json()) as { member: { id: string }; apiKey: string };
    const memberSocket = await joined(await realtimeUrl({ key: memberKey }), org.apiKey);
    const spareUrl = await realtimeUrl({ key: memberKey }); // minted before removal, never used
    const adminSocket = await joined(await realtimeUrl({ key: org.apiKey }), org.apiKey);

    expect((await api("DELETE", `/api/team/${member.id}`, { key: org.apiKey })).status).toBe(204);
    // The room was told before the answer: the socket is closing already.
    expect(await within(memberSocket.closed, 3_000)).toBe(CLOSE_ACCESS_ENDED);
    expect(await within(open(spareUrl).closed, 5_000)).toBe(CLOSE_ACCESS_ENDED);

    const after = await postLog(org.apiKey, { prompt: "after removal", response: "ok", model: "gpt-4" });
    await expect.poll(() => adminSocket.logs.includes(after.id), { timeout: T }).toBe(true);
    expect(memberSocket.logs).not.toContain(after.id);
    adminSocket.ws.close();
  });

  it("closes the socket of a session that signs out", async () => {
    const org = await registerOrg("Sign-out Org");
    const signIn = await api("POST", "/api/session", {}, { apiKey: org.apiKey });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
    const socket = await joined(await realtimeUrl({ cookie }), org.apiKey);
    expect((await api("DELETE", "/api/session", { cookie })).status).toBe(204);
    expect(await within(socket.closed, 3_000)).toBe(CLOSE_ACCESS_ENDED);
    expect((await api("GET", "/api/realtime/token", { cookie })).status).toBe(401);
  });
});

describe("dashboard socket renewal", () => {
  it("sends a fresh token over the open socket before its token expires, and stays live", async () => {
    const org = await registerOrg("Renewal Org");
    const page = await browser.page();
    await signInPage(page, org.apiKey);
    const sent: string[] = [];
    const received: string[] = [];
    let sockets = 0;
    page.on("websocket", (ws) => {
      sockets++;
      ws.on("framesent", (f) => sent.push(String(f.payload)));
      ws.on("framereceived", (f) => received.push(String(f.payload)));
    });
    // Tell the page its (real, 5-minute) token expires in 65 s, so it renews ~5 s after connecting
    // instead of after four minutes; the room itself judges the real token.
    await page.route("**/api/realtime/token", async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { expiresAt: string };
      await route.fulfill({ response: res, json: { ...body, expiresAt: new Date(Date.now() + 65_000).toISOString() } });
    });
    await page.goto("/");
    await visible(page.getByRole("status").filter({ hasText: /^Live$/ }));
    await expect.poll(() => sent.some((f) => f.includes(RENEW_TOKEN)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => received.some((f) => f.includes(TOKEN_RENEWED)), { timeout: T }).toBe(true);
    // The same socket carries on: no reconnect was needed.
    expect(sockets).toBe(1);
    const log = await postLog(org.apiKey, { prompt: `After renewal ${Date.now()}`, response: "ok", model: "gpt-4" });
    await visible(page.locator(`li[data-log-id="${log.id}"]`), T);
  });
});
