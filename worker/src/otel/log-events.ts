// An OTLP logs export → the GenAI event records in it, grouped by the span they belong to (trace id,
// span id). The OpenTelemetry GenAI instrumentations (e.g. opentelemetry-instrumentation-openai-v2)
// log a call's messages as events: the name in LogRecord.event_name (older SDKs: the `event.name`
// attribute), the message in the body ({role, content, tool_calls}; a choice {index, finish_reason,
// message}), or the newer single `gen_ai.client.inference.operation.details` event with the
// `gen_ai.input.messages` / `gen_ai.output.messages` / `gen_ai.system_instructions` attributes. Each
// record becomes the span event the convention readers already understand; every other record is
// accepted and ignored.
import { anyValue, attributeMap, hexId, type Attrs } from "./attributes";
import { invalidIds, type Refusal } from "./ids";
import { DETAILS_EVENT } from "./conventions/gen-ai";
import type { ExportLogsServiceRequest, LogRecord } from "./proto/otlp_logs_pb";

/** The event names whose records carry a model call's messages. */
export const GENAI_EVENTS: ReadonlySet<string> = new Set([
  "gen_ai.system.message",
  "gen_ai.user.message",
  "gen_ai.assistant.message",
  "gen_ai.tool.message",
  "gen_ai.choice",
  "gen_ai.content.prompt",
  "gen_ai.content.completion",
  DETAILS_EVENT,
]);

/** One event as a span event, with its time (ns, decimal) to order events that arrive in several exports. */
export type EventRecord = { name: string; attrs: Attrs; timeNs: string };
/** The events of one span in one export; `records` counts them (partial_success counts log records). */
export type EventGroup = { traceId: string; spanId: string; events: EventRecord[] };
export type CollectedEvents = { groups: EventGroup[]; refused: Refusal[]; refusedRecords: number; ignored: number };

const isObject = (v: unknown): v is Attrs => v !== null && typeof v === "object" && !Array.isArray(v);

function eventName(record: LogRecord, attrs: Attrs): string {
  if (record.eventName) return record.eventName;
  const name = attrs["event.name"];
  return typeof name === "string" ? name : "";
}

/**
 * The record as a span event: its attributes, then the body's fields on top (a kvlist body is the
 * message itself); a plain string body is the message's content.
 */
export function eventOf(record: LogRecord): EventRecord | null {
  const attrs = attributeMap(record.attributes);
  const name = eventName(record, attrs);
  if (!GENAI_EVENTS.has(name)) return null;
  const body = record.body ? anyValue(record.body) : null;
  const merged: Attrs = Object.assign(Object.create(null) as Attrs, attrs);
  if (isObject(body)) Object.assign(merged, body);
  else if (typeof body === "string" && body) merged.content = body;
  const time = record.timeUnixNano || record.observedTimeUnixNano;
  return { name, attrs: merged, timeNs: time.toString() };
}

/** The GenAI event records of an export, grouped by span in the order they came; the rest ignored. */
export function collectEvents(request: ExportLogsServiceRequest): CollectedEvents {
  const out: CollectedEvents = { groups: [], refused: [], refusedRecords: 0, ignored: 0 };
  const byRef = new Map<string, EventGroup>();
  for (const rl of request.resourceLogs) {
    for (const sl of rl.scopeLogs) {
      for (const record of sl.logRecords) {
        const event = eventOf(record);
        if (!event) {
          out.ignored++;
          continue;
        }
        const traceId = hexId(record.traceId);
        const spanId = hexId(record.spanId);
        // An event outside a span cannot be joined to a model call: nothing would ever complete it.
        const invalid = invalidIds(traceId, spanId);
        if (invalid) {
          out.refused.push({ spanId, reason: `${event.name}: ${invalid}` });
          out.refusedRecords++;
          continue;
        }
        const ref = `${traceId}:${spanId}`;
        let group = byRef.get(ref);
        if (!group) {
          group = { traceId, spanId, events: [] };
          byRef.set(ref, group);
          out.groups.push(group);
        }
        group.events.push(event);
      }
    }
  }
  return out;
}
