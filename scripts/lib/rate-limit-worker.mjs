// The local runtime's Workers Rate Limiting bindings (scripts/lib/local-rate-limits.mjs): one
// entrypoint whose `limit({ key })` answers `{ success }` as the binding does, counting in this
// worker's memory. The product's isolates reach it over a service binding whose props name the
// binding, its limit and its period, so every request workerd serves counts against one counter.
import { WorkerEntrypoint } from "cloudflare:workers";
import { FixedWindows } from "./fixed-window.mjs";

const windows = new FixedWindows();

export class RateLimit extends WorkerEntrypoint {
  /** @param {{ key?: string, delta?: number }} options */
  limit(options) {
    const { name, limit, period } = this.ctx.props;
    const key = options?.key ?? "";
    if (typeof key !== "string") throw new TypeError(`invalid key: ${key}`);
    const delta = Math.trunc(Number(options?.delta ?? 1));
    if (!(delta >= 1)) throw new RangeError("delta must be a positive integer");
    return { success: windows.hit({ namespace: name, key, limit, period, delta }) };
  }
}

export default { fetch: () => new Response("rate limits only", { status: 404 }) };
