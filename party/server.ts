// One PartyKit room per organization (DESIGN §1). Browsers join with a short-lived token the worker
// signed for that room; only the worker, holding the shared secret, may broadcast into it.
import type * as Party from "partykit/server";
import { secretMatches, verifyRealtimeToken } from "../schema/realtime";

export default class OrganizationRoom implements Party.Server {
  constructor(readonly room: Party.Room) {}

  static async onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    const token = new URL(request.url).searchParams.get("token");
    const claims = await verifyRealtimeToken(token, lobby.id, String(lobby.env.PARTY_SECRET ?? ""));
    if (!claims) return new Response("Unauthorized", { status: 401 });
    return request;
  }

  async onRequest(request: Party.Request) {
    if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
    const presented = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
    if (!(await secretMatches(presented, String(this.room.env.PARTY_SECRET ?? "")))) {
      await request.body?.cancel(); // refuse without reading what an unknown sender posted
      return new Response("Forbidden", { status: 403 });
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return new Response("Body must be JSON", { status: 400 });
    }
    // The worker sends one message or an array of them (a batch); sockets get one event per log.
    const messages = Array.isArray(body) ? body : [body];
    for (const message of messages) this.room.broadcast(JSON.stringify(message));
    return new Response(null, { status: 202 });
  }

  // Listeners only: nothing a browser sends is relayed to others.
  onMessage() {}
}

OrganizationRoom satisfies Party.Worker;
