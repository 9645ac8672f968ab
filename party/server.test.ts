import { afterEach, describe, expect, inject, it } from "vitest";
import { NEW_PROMPT_LOG, signRealtimeToken } from "@promptsentry/schema/realtime";

const host = inject("partyOrigin");
const secret = inject("partySecret");
const open: WebSocket[] = [];

afterEach(() => {
  for (const ws of open.splice(0)) ws.close();
});

/** Opens a socket and resolves once it is open, or rejects when the server refuses it. */
function connect(room: string, token: string | null): Promise<{ ws: WebSocket; messages: unknown[] }> {
  const url = `ws://${host}/parties/main/${room}${token === null ? "" : `?token=${encodeURIComponent(token)}`}`;
  const ws = new WebSocket(url);
  open.push(ws);
  const messages: unknown[] = [];
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  return new Promise((resolve, reject) => {
    ws.addEventListener("open", () => resolve({ ws, messages }));
    ws.addEventListener("error", () => reject(new Error("refused")));
    ws.addEventListener("close", () => reject(new Error("closed")));
  });
}

const broadcast = (room: string, body: unknown, auth: string | null = secret) =>
  fetch(`http://${host}/parties/main/${room}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(auth === null ? {} : { authorization: `Bearer ${auth}` }) },
    body: JSON.stringify(body),
  });

const until = async (check: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
};

const room = () => `org-${crypto.randomUUID()}`;
/** A token grant for `room` from a key of its own (tests that revoke pass their own key id). */
const grant = (room: string, kid = `key-${crypto.randomUUID()}`) => ({ room, kid });

describe("organization room", () => {
  it("delivers an organization's log to its own sockets only", async () => {
    const a = room();
    const b = room();
    const socketA = await connect(a, (await signRealtimeToken(grant(a), secret)).token);
    const socketB = await connect(b, (await signRealtimeToken(grant(b), secret)).token);
    const log = { id: "log-1", prompt: "hello", flagStatus: "safe" };
    const res = await broadcast(a, [{ type: NEW_PROMPT_LOG, log }]);
    expect(res.status).toBe(202);
    await until(() => socketA.messages.length > 0);
    expect(socketA.messages).toEqual([{ type: NEW_PROMPT_LOG, log }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(socketB.messages).toEqual([]);
  });

  it("sends one event per log of a batch", async () => {
    const a = room();
    const socket = await connect(a, (await signRealtimeToken(grant(a), secret)).token);
    await broadcast(
      a,
      [1, 2, 3].map((n) => ({ type: NEW_PROMPT_LOG, log: { id: `log-${n}` } })),
    );
    await until(() => socket.messages.length === 3);
    expect(socket.messages.map((m: any) => m.log.id)).toEqual(["log-1", "log-2", "log-3"]);
  });

  it("refuses a socket without a token, with a forged one, or with an expired one", async () => {
    const a = room();
    await expect(connect(a, null)).rejects.toThrow();
    await expect(connect(a, (await signRealtimeToken(grant(a), "wrong-secret")).token)).rejects.toThrow();
    await expect(connect(a, (await signRealtimeToken(grant(a), secret, Date.now() - 3_600_000)).token)).rejects.toThrow();
  });

  it("refuses A's token in B's room", async () => {
    const a = room();
    const b = room();
    await expect(connect(b, (await signRealtimeToken(grant(a), secret)).token)).rejects.toThrow();
  });

  it("refuses broadcasts without the shared secret, and they reach nobody", async () => {
    const a = room();
    const socket = await connect(a, (await signRealtimeToken(grant(a), secret)).token);
    expect((await broadcast(a, { type: NEW_PROMPT_LOG, log: { id: "x" } }, null)).status).toBe(403);
    expect((await broadcast(a, { type: NEW_PROMPT_LOG, log: { id: "x" } }, "guess")).status).toBe(403);
    const get = await fetch(`http://${host}/parties/main/${a}`);
    expect(get.status).toBe(405);
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.messages).toEqual([]);
  });

  it("does not relay what a browser sends to other sockets", async () => {
    const a = room();
    const token = (await signRealtimeToken(grant(a), secret)).token;
    const one = await connect(a, token);
    const two = await connect(a, token);
    one.ws.send(JSON.stringify({ type: NEW_PROMPT_LOG, log: { id: "spoofed" } }));
    await new Promise((r) => setTimeout(r, 300));
    expect(two.messages).toEqual([]);
  });
});
