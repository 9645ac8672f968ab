// The live feed of one organization (issue 11), kept by its committer (ingestion/committer.ts), which
// hands it each flush's newly stored logs right after the write: so logs are coalesced per
// organization across every isolate (one committer per organization), with no fixed wait.
// - Nothing in flight to the room: the flush's logs leave at once, in one POST.
// - A POST still in flight: the logs of the flushes done meanwhile are held and leave together, in
//   one POST, as soon as it returns. So the room gets one POST per flush while it keeps up and fewer
//   when it is slow, never two at once from one organization (its messages keep the write order),
//   and a log waits at most one room round trip (NOTIFY_TIMEOUT_MS when the room is down).
// The room receives `[{type: "newPromptLog", log}, …]`, the array it always accepted, and sends each
// socket one event per log, so the web is unchanged.
import type { PromptLogRow } from "../../../schema/tables";
import type { Bindings } from "../env";
import { serializeLog } from "../serialize";
import { notifyNewLogs } from "./realtime";

type Room = { held: PromptLogRow[]; sending: boolean };

export class LiveFeed {
  private rooms = new Map<string, Room>();

  /**
   * Sends stored logs to the organization's room: at once, or with the next POST if one is in flight.
   * Answers the promise of the sending it started (for waitUntil), or null when it joined one. Never rejects.
   */
  publish(env: Bindings, orgId: string, rows: PromptLogRow[]): Promise<void> | null {
    if (!rows.length || !env.PARTY_SECRET) return null;
    const room = this.rooms.get(orgId) ?? { held: [], sending: false };
    this.rooms.set(orgId, room);
    room.held.push(...rows);
    if (room.sending) return null;
    room.sending = true;
    return this.send(env, orgId, room);
  }

  private async send(env: Bindings, orgId: string, room: Room) {
    try {
      while (room.held.length) {
        const rows = room.held.splice(0);
        await notifyNewLogs(env, orgId, rows.map(serializeLog)); // logs its own failures, never throws
      }
    } finally {
      room.sending = false;
      this.rooms.delete(orgId);
    }
  }
}
