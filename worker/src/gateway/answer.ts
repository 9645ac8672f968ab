// A provider's answer on its way to the client and into the log: the body is relayed as it arrives
// (relay.ts) while a tap keeps a bounded copy for the log (answer-tap.ts); the outcome settles when
// the relay ends, however it ends, with the facts the log's metadata records.
import { type AnswerTap, JsonTap, StreamTap } from "./answer-tap";
import type { Answer } from "./chat-log";
import { openAiChatWire } from "./openai-chat";
import { type RelayEnd, relayBody } from "./relay";
import { returnedHeaders } from "./upstream";
import type { Wire } from "./wire";

export type AnswerOutcome = {
  /** The answer for the log; null for a provider error (its text is not stored). */
  answer: Answer | null;
  firstTokenMs: number | null;
  totalMs: number;
  /** For metadata.gateway: bytes relayed, and whether the log's copy or the answer itself was cut short. */
  facts: Record<string, unknown>;
};

/** What the log's metadata says of how the answer went. */
export function answerFacts(end: RelayEnd, tap: AnswerTap | null): Record<string, unknown> {
  const facts: Record<string, unknown> = { responseBytes: end.bytes };
  if (tap?.truncated) facts.truncated = true;
  if (tap && (tap.truncated || end.reason !== "complete")) facts.loggedBytes = tap.loggedBytes;
  if (end.reason !== "complete") facts.incomplete = end.reason;
  return facts;
}

/** A tap that reads nothing: a provider error's body goes to the client only. */
const NO_TAP: AnswerTap = {
  write() {},
  answer: () => openAiChatWire.answerOf(null),
  loggedBytes: 0,
  truncated: false,
  firstTokenMs: null,
};

/** Statuses a Response may not carry a body with. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function relayAnswer(res: Response, opts: { started: number; idleMs: number; abort: () => void; wire?: Wire }) {
  const wire = opts.wire ?? openAiChatWire;
  const sse = (res.headers.get("content-type") ?? "").startsWith("text/event-stream");
  const tap = !res.ok ? null : sse ? new StreamTap(opts.started, undefined, wire) : new JsonTap(undefined, wire);
  const headers = returnedHeaders(res, wire.returnedHeaders);
  if (!res.body || NULL_BODY_STATUSES.has(res.status)) {
    res.body?.cancel().catch(() => {});
    const outcome = { answer: tap ? wire.answerOf(null) : null, firstTokenMs: null, totalMs: Date.now() - opts.started, facts: {} };
    return { response: new Response(null, { status: res.status, headers }), outcome: Promise.resolve<AnswerOutcome>(outcome) };
  }
  const { body, ended } = relayBody(res.body, { tap: tap ?? NO_TAP, idleMs: opts.idleMs, sse, abort: opts.abort, wire });
  const outcome = ended.then(
    (end): AnswerOutcome => ({
      answer: tap ? tap.answer() : null,
      firstTokenMs: tap?.firstTokenMs ?? null,
      totalMs: end.at - opts.started,
      facts: answerFacts(end, tap),
    }),
  );
  return { response: new Response(body, { status: res.status, headers }), outcome };
}
