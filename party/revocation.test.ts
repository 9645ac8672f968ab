// Realtime access ends with its credentials (docs/sessions.md), against the real `partykit dev`:
// sockets close at their token's expiry unless renewed, and when the worker reports a revoked key or
// session, its sockets close and its older tokens no longer connect.
import { afterEach, describe, expect, inject, it } from "vitest";
import {
  CLOSE_ACCESS_ENDED,
  NEW_PROMPT_LOG,
  RENEW_TOKEN,
  REVOKE_ACCESS,
  TOKEN_RENEWED,
  signRealtimeToken,
  type RealtimeGrant,
} from "@promptsentry/schema/realtime";

const host = inject("partyOrigin");
const secret = inject("partySecret");
const sockets: WebSocket[] = [];

afterEach(() => {
  for (const ws of sockets.splice(0)) ws.close();
});

type Client = { ws: WebSocket; messages: any[]; closed: Promise<number>; isClosed: () => boolean };

/** Opens a socket; `closed` resolves with the close code (a refused upgrade counts as 1006). */
function open(room: string, token: string): Client {
  const ws = new WebSocket(`ws://${host}/parties/main/${room}?token=${encodeURIComponent(token)}`);
  sockets.push(ws);
  const messages: any[] = [];
  let done = false;
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  const closed = new Promise<number>((resolve) =>
    ws.addEventListener("close", (e) => {
      done = true;
      resolve(e.code);
    }),
  );
  return { ws, messages, closed, isClosed: () => done };
}

/** Opens a socket and waits until the room has accepted it (a probe broadcast reaches it). */
async function joined(room: string, token: string): Promise<Client> {
  const client = open(room, token);
  await new Promise<void>((resolve, reject) => {
    client.ws.addEventListener("open", () => resolve());
    client.closed.then((code) => reject(new Error(`closed ${code}`)));
  });
  const probe = crypto.randomUUID();
  for (let i = 0; i < 40 && !client.messages.some((m) => m.probe === probe); i++) {
    await post(room, { type: "probe", probe });
    await sleep(50);
  }
  if (!client.messages.some((m) => m.probe === probe)) throw new Error("socket never joined the room");
  client.messages.length = 0;
  return client;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, sleep(ms).then(() => "timeout" as const)]);

const post = (room: string, body: unknown, auth = secret) =>
  fetch(`http://${host}/parties/main/${room}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${auth}` },
    body: JSON.stringify(body),
  });

const revoke = (room: string, ended: { keyIds?: string[]; sessionIds?: string[] }, at = Date.now(), auth = secret) =>
  post(room, { type: REVOKE_ACCESS, keyIds: ended.keyIds ?? [], sessionIds: ended.sessionIds ?? [], at }, auth);

const token = async (grant: RealtimeGrant, nowMs = Date.now()) => (await signRealtimeToken(grant, secret, nowMs)).token;
const ids = () => ({ room: `org-${crypto.randomUUID()}`, kid: `key-${crypto.randomUUID()}`, other: `key-${crypto.randomUUID()}` });
const logIds = (client: Client) => client.messages.filter((m) => m.type === NEW_PROMPT_LOG).map((m) => m.log.id);
const log = (id: string) => [{ type: NEW_PROMPT_LOG, log: { id } }];

describe("revoked keys", () => {
  it("closes the key's open sockets at once; other keys' sockets keep receiving logs", async () => {
    const { room, kid, other } = ids();
    const revoked = await joined(room, await token({ room, kid }));
    const kept = await joined(room, await token({ room, kid: other }));
    expect((await revoke(room, { keyIds: [kid] })).status).toBe(204);
    expect(await within(revoked.closed, 3_000)).toBe(CLOSE_ACCESS_ENDED);
    await post(room, log("after-revoke"));
    await expect.poll(() => logIds(kept)).toEqual(["after-revoke"]);
    expect(logIds(revoked)).toEqual([]);
  });

  it("refuses a token minted before the revocation, and admits one minted after it (rotation)", async () => {
    const { room, kid } = ids();
    const before = await token({ room, kid });
    await sleep(5);
    await revoke(room, { keyIds: [kid] });
    const stale = open(room, before);
    expect(await within(stale.closed, 3_000)).toBe(CLOSE_ACCESS_ENDED);
    await sleep(5);
    const fresh = await joined(room, await token({ room, kid }));
    await post(room, log("for-fresh"));
    await expect.poll(() => fresh.messages.map((m) => m.log?.id)).toEqual(["for-fresh"]);
    expect(stale.messages).toEqual([]);
  });

  it("ignores a revocation without the shared secret", async () => {
    const { room, kid } = ids();
    const client = await joined(room, await token({ room, kid }));
    expect((await revoke(room, { keyIds: [kid] }, Date.now(), "guess")).status).toBe(403);
    await post(room, log("still-here"));
    await expect.poll(() => client.messages.map((m) => m.log?.id)).toEqual(["still-here"]);
    expect(client.isClosed()).toBe(false);
  });
});

describe("revoked sessions (sign-out)", () => {
  it("closes the session's sockets and refuses its tokens; the key's other sessions stay", async () => {
    const { room, kid } = ids();
    const signedOut = await joined(room, await token({ room, kid, sid: "session-out" }));
    const elsewhere = await joined(room, await token({ room, kid, sid: "session-elsewhere" }));
    const unused = await token({ room, kid, sid: "session-out" });
    await revoke(room, { sessionIds: ["session-out"] });
    expect(await within(signedOut.closed, 3_000)).toBe(CLOSE_ACCESS_ENDED);
    expect(await within(open(room, unused).closed, 3_000)).toBe(CLOSE_ACCESS_ENDED);
    await post(room, log("to-elsewhere"));
    await expect.poll(() => elsewhere.messages.map((m) => m.log?.id)).toEqual(["to-elsewhere"]);
  });
});

describe("token expiry", () => {
  it("closes a socket when its token expires, before any later log reaches it", async () => {
    const { room, kid } = ids();
    const client = await joined(room, await token({ room, kid, notAfterMs: Date.now() + 2_500 }));
    expect(await within(client.closed, 5_000)).toBe(CLOSE_ACCESS_ENDED);
    await post(room, log("too-late"));
    await sleep(200);
    expect(client.messages).toEqual([]);
  });

  it("keeps a socket open past its first token's expiry when the browser sends a fresh token", async () => {
    const { room, kid } = ids();
    const client = await joined(room, await token({ room, kid, notAfterMs: Date.now() + 2_500 }));
    client.ws.send(JSON.stringify({ type: RENEW_TOKEN, token: await token({ room, kid }) }));
    await expect.poll(() => client.messages.some((m) => m.type === TOKEN_RENEWED)).toBe(true);
    await sleep(3_000);
    expect(client.isClosed()).toBe(false);
    await post(room, log("renewed"));
    await expect.poll(() => client.messages.map((m) => m.log?.id).filter(Boolean)).toEqual(["renewed"]);
  });

  it("does not renew with a revoked, foreign or forged token", async () => {
    const { room, kid, other } = ids();
    const client = await joined(room, await token({ room, kid, notAfterMs: Date.now() + 2_500 }));
    await revoke(room, { keyIds: [other] });
    const refused = [
      await token({ room, kid: other }, Date.now() - 1_000), // minted before its key was revoked
      await token({ room: `${room}-elsewhere`, kid }),
      (await signRealtimeToken({ room, kid }, "wrong-secret")).token,
    ];
    for (const t of refused) client.ws.send(JSON.stringify({ type: RENEW_TOKEN, token: t }));
    expect(await within(client.closed, 5_000)).toBe(CLOSE_ACCESS_ENDED);
    expect(client.messages.some((m) => m.type === TOKEN_RENEWED)).toBe(false);
  });
});
