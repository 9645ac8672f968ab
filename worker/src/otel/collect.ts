// An export request → the log inputs of its model-call spans (validated with POST /api/logs's schema)
// and the spans refused with why; spans that are not model calls are counted and otherwise ignored.
import * as v from "valibot";
import { logBody, type LogInput } from "@promptsentry/schema/requests/logs";
import { attributeMap, hexId } from "./attributes";
import type { SpanView } from "./conventions/types";
import { invalidIds, type Refusal } from "./ids";
import { heldSpan, type HeldSpan } from "./join";
import { StatusCode, type ExportTraceServiceRequest } from "./proto/otlp_trace_pb";
import { logInputOf, readModelCall, type SpanOrigin } from "./span-to-log";

export type { Refusal };

/**
 * `spanIds[i]` and `refs[i]` (trace id:span id, unique across exports) belong to `inputs[i]`; `held`
 * are the model-call spans without a prompt, whose messages may come as log events (otel/join.ts).
 */
export type Collected = { inputs: LogInput[]; spanIds: string[]; refs: string[]; held: HeldSpan[]; refused: Refusal[]; ignored: number };

export function firstIssue(issues: v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const path = issue.path?.map((p) => String(p.key)).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function collectLogs(request: ExportTraceServiceRequest): Collected {
  const out: Collected = { inputs: [], spanIds: [], refs: [], held: [], refused: [], ignored: 0 };
  for (const rs of request.resourceSpans) {
    const resource = attributeMap(rs.resource?.attributes ?? []);
    for (const ss of rs.scopeSpans) {
      for (const span of ss.spans) {
        const view: SpanView = {
          name: span.name,
          attrs: attributeMap(span.attributes),
          events: span.events.map((e) => ({ name: e.name, attrs: attributeMap(e.attributes) })),
        };
        const call = readModelCall(view);
        if (!call) {
          out.ignored++;
          continue;
        }
        const spanId = hexId(span.spanId);
        const traceId = hexId(span.traceId);
        const invalid = invalidIds(traceId, spanId);
        if (invalid) {
          out.refused.push({ spanId, reason: invalid });
          continue;
        }
        const origin: SpanOrigin = {
          traceId,
          spanId,
          parentSpanId: hexId(span.parentSpanId),
          resource,
          scope: ss.scope?.name || undefined,
          startNs: span.startTimeUnixNano,
          endNs: span.endTimeUnixNano,
        };
        if (!call.input.length) {
          out.held.push(heldSpan(view, origin, call, span.status?.code === StatusCode.ERROR));
          continue;
        }
        const raw = logInputOf(view, call, origin);
        const parsed = v.safeParse(logBody, raw);
        if (parsed.success) {
          out.inputs.push(parsed.output);
          out.spanIds.push(spanId);
          out.refs.push(`${traceId}:${spanId}`);
        } else out.refused.push({ spanId, reason: firstIssue(parsed.issues) });
      }
    }
  }
  return out;
}

const SHOWN_REASONS = 3;

/** partial_success.error_message: how many were refused and the first few reasons by span. */
export function refusalMessage(refused: Refusal[], noun = "model-call span"): string {
  const shown = refused.slice(0, SHOWN_REASONS).map((r) => `span ${r.spanId || "(no id)"}: ${r.reason}`);
  const more = refused.length > SHOWN_REASONS ? `; and ${refused.length - SHOWN_REASONS} more` : "";
  return `${refused.length} ${noun}${refused.length === 1 ? "" : "s"} refused: ${shown.join("; ")}${more}`;
}

/**
 * The idempotency key of a set of spans: exporters retry a 429/503 with the same spans, so a retried
 * export replays what its first attempt stored instead of storing it twice.
 */
export async function spansKey(refs: string[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(refs.join(",")));
  return `otlp:${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
