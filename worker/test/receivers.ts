// vitest globalSetup (runs in Node, outside workerd): a real HTTP receiver for delivery tests.
// It records every request and answers by the last path segment, so each test picks its own prefix
// (`/<unique>/fail-twice`) and test files running in parallel never share counters or recordings.
//   ok (or anything else) → 200         fail-twice → 500, 500, then 200     gone → 410
//   slow → 200 after 3 s                retry-after → 429 + Retry-After: 1   bad-request → 400
//   busy-until → 503 + Retry-After as an HTTP date 120 s ahead              redirect → 302 to /elsewhere
// Control API: GET /_requests?path=<exact path> → recorded requests; POST /_reset?prefix=<prefix>.
// Outages (receiver down, then up again), per prefix so parallel tests never see each other's:
//   POST /_outage?prefix=<prefix>&mode=503|reset|up  every path under the prefix answers 503 (no
//     Retry-After), or has its connection dropped without an answer, or behaves as scripted again;
//   POST /_listener?prefix=<prefix>&state=open|closed  a listener of the prefix's own on a fixed port
//     (answers {origin}): closed, nothing listens there and connections are refused.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
  /** Set when the request arrived during an outage (and was answered 503 or dropped). */
  outage?: "503" | "reset";
};

declare module "vitest" {
  export interface ProvidedContext {
    receiverOrigin: string;
  }
}

type Script = { status: number; headers?: Record<string, string>; delayMs?: number };

function scriptFor(name: string, hit: number, origin: string): Script {
  switch (name) {
    case "fail-twice":
      return { status: hit <= 2 ? 500 : 200 };
    case "gone":
      return { status: 410 };
    case "slow":
      return { status: 200, delayMs: 3_000 };
    case "retry-after":
      return { status: 429, headers: { "retry-after": "1" } };
    case "busy-until":
      return { status: 503, headers: { "retry-after": new Date(Date.now() + 120_000).toUTCString() } };
    case "redirect":
      return { status: 302, headers: { location: `${origin}/elsewhere` } };
    case "bad-request":
      return { status: 400 };
    default:
      return { status: 200 };
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export default async function setup(project: TestProject) {
  const requests: ReceivedRequest[] = [];
  const hits = new Map<string, number>();
  const outages = new Map<string, "503" | "reset">();
  const listeners = new Map<string, { server: Server; port: number }>();
  let origin = "";
  const outageOf = (path: string) => [...outages].find(([prefix]) => path.startsWith(prefix))?.[1];

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const body = await readBody(req);
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    const prefix = url.searchParams.get("prefix") ?? "";
    if (url.pathname === "/_requests")
      return json(
        200,
        requests.filter((r) => r.path === url.searchParams.get("path")),
      );
    if (url.pathname === "/_reset" && req.method === "POST") {
      for (let i = requests.length - 1; i >= 0; i--) if (requests[i].path.startsWith(prefix)) requests.splice(i, 1);
      for (const key of [...hits.keys()]) if (key.startsWith(prefix)) hits.delete(key);
      return json(200, { ok: true });
    }
    if (url.pathname === "/_outage" && req.method === "POST" && prefix) {
      const mode = url.searchParams.get("mode");
      if (mode === "503" || mode === "reset") outages.set(prefix, mode);
      else outages.delete(prefix);
      return json(200, { ok: true });
    }
    if (url.pathname === "/_listener" && req.method === "POST" && prefix) {
      const port = await setListener(prefix, url.searchParams.get("state") === "closed" ? "closed" : "open");
      return json(200, { origin: `http://127.0.0.1:${port}` });
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const outage = outageOf(url.pathname);
    requests.push({ method: req.method ?? "", path: url.pathname, headers, body, at: Date.now(), ...(outage ? { outage } : {}) });
    if (outage === "reset") return void req.socket.destroy();
    if (outage === "503") return void res.writeHead(503, { "content-type": "text/plain" }).end("receiver down");
    const hit = (hits.get(url.pathname) ?? 0) + 1;
    hits.set(url.pathname, hit);
    const script = scriptFor(url.pathname.split("/").pop() ?? "", hit, origin);
    if (script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
    if (!res.destroyed) res.writeHead(script.status, { "content-type": "text/plain", ...script.headers }).end(`status ${script.status}`);
  };

  /** Opens (on the port it had before, if any) or closes the prefix's own listener; answers its port. */
  async function setListener(prefix: string, state: "open" | "closed"): Promise<number> {
    let entry = listeners.get(prefix);
    if (state === "closed") {
      if (entry?.server.listening) {
        entry.server.closeAllConnections();
        await new Promise((resolve) => entry!.server.close(resolve));
      }
      return entry?.port ?? 0;
    }
    if (entry?.server.listening) return entry.port;
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(entry?.port ?? 0, "127.0.0.1", resolve));
    entry = { server, port: (server.address() as AddressInfo).port };
    listeners.set(prefix, entry);
    return entry.port;
  }

  const server = createServer(handler);

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  project.provide("receiverOrigin", origin);

  return async () => {
    for (const { server: listener } of listeners.values())
      if (listener.listening) {
        listener.closeAllConnections();
        listener.close();
      }
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}
