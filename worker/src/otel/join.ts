// A model call whose span and messages arrive apart: the span (POST /v1/traces) carries no prompt and
// its GenAI events (POST /v1/logs) carry the messages. Each part is kept as a pending row
// (otel/pending.ts) until the set is complete; this module is what the parts hold and how a
// complete set becomes one log input, read by the same convention readers as a span with its events.
import type { Attrs } from "./attributes";
import { readGenAi } from "./conventions/gen-ai";
import { readOpenLlmetry } from "./conventions/openllmetry";
import type { ModelCall, SpanView } from "./conventions/types";
import type { EventRecord } from "./log-events";
import { logInputOf, readModelCall, type SpanOrigin } from "./span-to-log";

/** A held span as stored: what logInputOf needs, JSON-safe (times as decimal ns). */
export type SpanPayload = {
  view: SpanView;
  origin: Omit<SpanOrigin, "startNs" | "endNs"> & { startNs: string; endNs: string };
};
export type HeldSpan = { traceId: string; spanId: string; payload: SpanPayload; hasOutput: boolean; failed: boolean };

export function heldSpan(view: SpanView, origin: SpanOrigin, call: ModelCall, failed: boolean): HeldSpan {
  return {
    traceId: origin.traceId,
    spanId: origin.spanId,
    payload: { view, origin: { ...origin, startNs: origin.startNs.toString(), endNs: origin.endNs.toString() } },
    hasOutput: call.output.length > 0,
    failed,
  };
}

const NO_ATTRS: Attrs = Object.create(null);

/** Whether events hold an input message and an output (choice, output messages) with text, by the readers themselves. */
export function eventFlags(events: EventRecord[]): { hasInput: boolean; hasOutput: boolean } {
  const view: SpanView = { name: "", attrs: NO_ATTRS, events };
  const current = readGenAi(view);
  const legacy = readOpenLlmetry(view);
  return {
    hasInput: current.input.length > 0 || legacy.input.length > 0,
    hasOutput: current.output.length > 0 || legacy.output.length > 0,
  };
}

/** Events of several exports in the order they happened: by time, ties in the order they arrived. Messages render in this order. */
export function orderEvents(lists: EventRecord[][]): EventRecord[] {
  const all = lists.flat().map((e, i) => ({ e, i, t: BigInt(e.timeNs || "0") }));
  all.sort((a, b) => (a.t === b.t ? a.i - b.i : a.t < b.t ? -1 : 1));
  return all.map((x) => x.e);
}

/** The unvalidated log input of a span joined with its events; null when it is no longer a model call. */
export function joinedInput(span: SpanPayload, eventLists: EventRecord[][]): Record<string, unknown> | null {
  const view: SpanView = { ...span.view, events: [...span.view.events, ...orderEvents(eventLists)] };
  const call = readModelCall(view);
  if (!call) return null;
  const { startNs, endNs, ...origin } = span.origin;
  return logInputOf(view, call, { ...origin, startNs: BigInt(startNs), endNs: BigInt(endNs) });
}
