// One PartyKit room per organization (docs/log-flow.md). Browsers join with a short-lived token the worker
// signed for that room; only the worker, holding the shared secret, may broadcast into it.
// Access ends with its token: each socket closes at its token's expiry (unless the browser sent a
// fresher one), and when the worker reports revoked keys or sessions, their sockets close and any
// token minted before the revocation is refused (the list is kept in room storage).
import type * as Party from "partykit/server";
import {
  CLOSE_ACCESS_ENDED,
  RENEW_TOKEN,
  REVOKE_ACCESS,
  TOKEN_RENEWED,
  secretMatches,
  verifyRealtimeToken,
  type RealtimeClaims,
  type RevokeAccessMessage,
} from "@promptsentry/schema/realtime";
import { Revocations } from "./revocations";

type Socket = Party.Connection<RealtimeClaims>;

/** A timer that woke early tries again after at least this long. */
const EXPIRY_SLACK_MS = 50;

const secretOf = (env: Record<string, unknown>) => String(env.PARTY_SECRET ?? "");

function isRevokeMessage(body: unknown): body is RevokeAccessMessage {
  const m = body as RevokeAccessMessage;
  return (
    !!m &&
    m.type === REVOKE_ACCESS &&
    Array.isArray(m.keyIds) &&
    Array.isArray(m.sessionIds) &&
    [...m.keyIds, ...m.sessionIds].every((id) => typeof id === "string") &&
    Number.isFinite(m.at)
  );
}

export default class OrganizationRoom implements Party.Server {
  private revocations!: Revocations;
  private readonly expiryTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(readonly room: Party.Room) {}

  async onStart() {
    this.revocations = await Revocations.load(this.room.storage);
  }

  static async onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    const token = new URL(request.url).searchParams.get("token");
    const claims = await verifyRealtimeToken(token, lobby.id, secretOf(lobby.env));
    if (!claims) return new Response("Unauthorized", { status: 401 });
    return request;
  }

  async onConnect(conn: Socket, ctx: Party.ConnectionContext) {
    // Verified again here: only the room knows its revocations.
    const claims = await verifyRealtimeToken(new URL(ctx.request.url).searchParams.get("token"), this.room.id, secretOf(this.room.env));
    if (!claims || this.revocations.refuses(claims)) return conn.close(CLOSE_ACCESS_ENDED, "Access ended");
    this.grant(conn, claims);
  }

  async onMessage(message: string | ArrayBuffer | ArrayBufferView, conn: Socket) {
    // Listeners only: nothing a browser sends is relayed to others. The one thing it may send is a
    // fresher token for its own socket.
    let body: { type?: unknown; token?: unknown };
    try {
      body = JSON.parse(typeof message === "string" ? message : "");
    } catch {
      return;
    }
    if (body?.type !== RENEW_TOKEN || typeof body.token !== "string") return;
    const claims = await verifyRealtimeToken(body.token, this.room.id, secretOf(this.room.env));
    if (!claims || this.revocations.refuses(claims) || !this.isLive(conn)) return;
    this.grant(conn, claims);
    conn.send(JSON.stringify({ type: TOKEN_RENEWED, exp: claims.exp }));
  }

  onClose(conn: Socket) {
    clearTimeout(this.expiryTimers.get(conn.id));
    this.expiryTimers.delete(conn.id);
  }

  onError(conn: Socket) {
    this.onClose(conn);
  }

  async onRequest(request: Party.Request) {
    if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
    const presented = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
    if (!(await secretMatches(presented, secretOf(this.room.env)))) {
      await request.body?.cancel(); // refuse without reading what an unknown sender posted
      return new Response("Forbidden", { status: 403 });
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return new Response("Body must be JSON", { status: 400 });
    }
    if (isRevokeMessage(body)) {
      await this.revocations.add(body);
      for (const conn of this.room.getConnections<RealtimeClaims>()) {
        if (!this.isLive(conn)) conn.close(CLOSE_ACCESS_ENDED, "Access ended");
      }
      return new Response(null, { status: 204 });
    }
    // The worker sends one message or an array of them (a batch: `NewPromptLogMessage[]`, the live-feed
    // contract in schema/responses/realtime.ts, which the dashboard validates on arrival); the room
    // relays them as sent, one event per log, and only to sockets whose token is still good (a timer
    // may lag behind the clock).
    const messages = Array.isArray(body) ? body : [body];
    const live = [...this.room.getConnections<RealtimeClaims>()].filter((conn) => this.isLive(conn));
    for (const message of messages) {
      const text = JSON.stringify(message);
      for (const conn of live) conn.send(text);
    }
    return new Response(null, { status: 202 });
  }

  private isLive(conn: Socket): boolean {
    const claims = conn.state;
    return !!claims && claims.exp * 1000 > Date.now() && !this.revocations.refuses(claims);
  }

  /** The socket now lasts as long as `claims`: it closes by itself at their expiry. */
  private grant(conn: Socket, claims: RealtimeClaims) {
    conn.setState(claims);
    this.closeAtExpiry(conn);
  }

  private closeAtExpiry(conn: Socket) {
    clearTimeout(this.expiryTimers.get(conn.id));
    if (!this.isLive(conn)) {
      this.expiryTimers.delete(conn.id);
      return conn.close(CLOSE_ACCESS_ENDED, "Access ended");
    }
    // The runtime's clock is coarse (it moves with I/O): a timer may wake a little early, so it
    // checks again and waits for the rest.
    const remaining = conn.state!.exp * 1000 - Date.now();
    this.expiryTimers.set(
      conn.id,
      setTimeout(() => this.closeAtExpiry(conn), remaining + EXPIRY_SLACK_MS),
    );
  }
}

OrganizationRoom satisfies Party.Worker;
