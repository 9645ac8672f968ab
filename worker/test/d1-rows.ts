// What D1 bills (rows read, rows written) summed over everything a piece of code asks of it, for
// docs/scaling.md#what-it-costs. D1 reports both in every statement's `meta`, but `first()` and
// `raw()` — which Drizzle uses for selects — drop the meta on the way out. Every D1 binding of the
// isolate (the worker's, the committer's Durable Object's) sends its statements through one method of
// workerd's D1 client, so the meter wraps that method once and sums the meta of each answer there.
// Local D1 counts rows as D1 does: both run SQLite with Cloudflare's row counters (workerd's SQL storage).
import { env } from "cloudflare:test";

export type Rows = { read: number; written: number };
type Answer = { meta?: { rows_read?: number; rows_written?: number } };
type Send = (...args: unknown[]) => Promise<Answer | Answer[]>;

let total: Rows = { read: 0, written: 0 };
let installed = false;

/** The prototype that holds workerd's `_send`: where every statement and batch of every binding goes. */
function sendHolder(): { _send: Send } {
  let proto = Object.getPrototypeOf((env.DB as unknown as { alwaysPrimarySession: object }).alwaysPrimarySession ?? {});
  while (proto && !Object.hasOwn(proto, "_send")) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error("workerd's D1 client no longer sends through _send: update test/d1-rows.ts");
  return proto;
}

function install() {
  if (installed) return;
  const holder = sendHolder();
  const send = holder._send;
  holder._send = async function (this: unknown, ...args: unknown[]) {
    const answer = await send.apply(this, args);
    for (const one of Array.isArray(answer) ? answer : [answer]) {
      total.read += one?.meta?.rows_read ?? 0;
      total.written += one?.meta?.rows_written ?? 0;
    }
    return answer;
  };
  installed = true;
}

/** Rows read and written by every D1 binding of the isolate while `work` runs (run one thing at a time). */
export async function d1Rows(work: () => Promise<unknown>): Promise<Rows> {
  install();
  total = { read: 0, written: 0 };
  await work();
  return { ...total };
}
