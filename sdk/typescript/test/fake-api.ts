// A real local HTTP server standing in for POST /api/logs/batch, scripted per request to answer
// 201, 429/5xx (with Retry-After), a 4xx envelope, a hang (timeout), a dropped connection, or "store
// then fail" (the answer is lost after the rows were written). Idempotency-Key behaves like the
// worker's: a key seen before replays its ids and stores nothing.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | "hang" | "reset" | "store-then-503";

export type Seen = {
  at: number;
  key: string | undefined;
  auth: string | undefined;
  bytes: number;
  logs: Record<string, unknown>[];
  headers: IncomingHttpHeaders;
};

export class FakeApi {
  readonly requests: Seen[] = [];
  /** Every row stored, in order (a replayed key adds none). */
  readonly stored: Record<string, unknown>[] = [];
  readonly script: Reply[] = [];
  /** Used once the script is exhausted. */
  fallback: Reply = { status: 201 };
  private readonly keys = new Map<string, string[]>();
  private server!: Server;
  private nextId = 1;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        const key = req.headers["idempotency-key"] as string | undefined;
        let logs: Record<string, unknown>[] = [];
        try {
          logs = (JSON.parse(raw.toString("utf8")) as { logs: Record<string, unknown>[] }).logs;
        } catch {}
        this.requests.push({ at: Date.now(), key, auth: req.headers.authorization, bytes: raw.length, logs, headers: req.headers });
        const reply = this.script.shift() ?? this.fallback;
        if (reply === "hang") return; // never answers: the client's timeout must fire
        if (reply === "reset") return void req.socket.destroy();
        const store = () => {
          if (key && this.keys.has(key)) return { ids: this.keys.get(key)!, replayed: true };
          const ids = logs.map(() => `log_${this.nextId++}`);
          this.stored.push(...logs);
          if (key) this.keys.set(key, ids);
          return { ids, replayed: false };
        };
        if (reply === "store-then-503") {
          store();
          return void res
            .writeHead(503, { "Content-Type": "application/json" })
            .end(JSON.stringify({ error: { code: "unavailable", message: "lost answer" } }));
        }
        if (reply.status === 201) {
          const { ids, replayed } = store();
          return void res
            .writeHead(201, { "Content-Type": "application/json", ...(replayed ? { "Idempotent-Replayed": "true" } : {}) })
            .end(JSON.stringify({ ids }));
        }
        res
          .writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers })
          .end(JSON.stringify(reply.body ?? { error: { code: "error", message: `status ${reply.status}` } }));
      });
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** Resolves when `check` holds, polling every 10 ms (fails after `ms`). */
export async function until(check: () => boolean, ms = 5_000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
