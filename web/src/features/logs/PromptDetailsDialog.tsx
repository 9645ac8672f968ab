// 'Prompt Details' dialog (docs/web.md#screens): metadata, full prompt and response with the detector's
// findings highlighted, and the Flag Analysis card. A log that kept its conversation shows the
// prompt as turns (fetched with the log: lists do not carry them), with the scanned text a toggle away.
import { useQuery } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { logQueryOptions } from "../../api/logs";
import { CONTENT_EXPIRED_TEXT } from "@promptsentry/schema/constants/privacy";
import { flagExplanation } from "@promptsentry/schema/constants/flags";
import { Modal } from "../../components/Modal";
import { AlertTriangleIcon, CheckCircleIcon, HelpCircleIcon, XOctagonIcon } from "../../components/icons";
import { cx } from "../../components/ui";
import type { Finding, PromptLog } from "../../api/types";
import { FeedbackPanel } from "../feedback/FeedbackPanel";
import { formatDateTime, formatLogCost, formatNumber } from "../../lib/format";
import { FLAG_CARD_CLASS, flagTone, highlightSegments } from "../../lib/flags";
import { FindingList } from "./FindingList";
import { Conversation, MarkdownText } from "./conversation/Conversation";
import { fenced } from "./conversation/turns";
import { BlockedBadge } from "./flag";
import { gatewayFacts } from "./gateway";
import { RedactedValues } from "./RedactedValues";
import { traceOrigin } from "./trace-origin";

function Highlighted({ text, findings }: { text: string; findings: Finding[] }) {
  const segments = highlightSegments(text, findings);
  return (
    <>
      {segments.map((s, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional pieces of one text, rebuilt together.
        s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>,
      )}
    </>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-all text-gray-900 dark:text-gray-100">{value}</dd>
    </div>
  );
}

/** A section's heading with a control on its right (a header, so the section's one div stays its text). */
function SectionHeader({ label, action }: { label: string; action: ReactNode }) {
  return (
    <header className="mb-2 flex items-center justify-between gap-3">
      <h3 className="text-sm font-semibold text-gray-900 dark:text-white">{label}</h3>
      {action}
    </header>
  );
}

function TextBlock({ label, text, findings, action }: { label: string; text: string; findings: Finding[]; action?: ReactNode }) {
  return (
    <section aria-label={label}>
      {action ? (
        <SectionHeader label={label} action={action} />
      ) : (
        <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">{label}</h3>
      )}
      <div className="max-h-64 overflow-y-auto rounded-lg bg-gray-50 p-3 font-mono text-sm wrap-anywhere whitespace-pre-wrap text-gray-800 dark:bg-gray-800/60 dark:text-gray-200">
        <Highlighted text={text} findings={findings} />
      </div>
    </section>
  );
}

/** The prompt as turns, or as the text the detector scanned ("Raw", its findings highlighted). */
function PromptTurns({ log, turns }: { log: PromptLog; turns: NonNullable<PromptLog["messages"]> }) {
  const [raw, setRaw] = useState(false);
  const toggle = (
    <button
      type="button"
      aria-pressed={raw}
      onClick={() => setRaw((r) => !r)}
      className={cx(
        "rounded-md border px-2 py-0.5 text-xs font-medium",
        raw
          ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-500"
          : "border-gray-300 text-gray-700 hover:bg-gray-100 dark:border-gray-600 dark:text-gray-200 dark:hover:bg-gray-800",
      )}
    >
      Raw
    </button>
  );
  const promptFindings = (log.findings ?? []).filter((f) => f.target === "prompt");
  if (raw) return <TextBlock label="Prompt" text={log.prompt} findings={promptFindings} action={toggle} />;
  return (
    <section aria-label="Prompt">
      <SectionHeader label="Prompt" action={toggle} />
      <Conversation turns={turns} />
    </section>
  );
}

/** The log's metadata as the sender wrote it, formatted and highlighted. */
function MetadataJson({ metadata }: { metadata: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Metadata JSON" className="rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-800">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="w-full text-left font-semibold text-gray-900 dark:text-white"
      >
        {open ? "▾" : "▸"} Metadata JSON
      </button>
      {open ? (
        <div className="mt-2 max-h-64 overflow-auto">
          <MarkdownText text={fenced(JSON.stringify(metadata, null, 2), "json")} />
        </div>
      ) : null}
    </section>
  );
}

export function FlagAnalysis({ log }: { log: Pick<PromptLog, "flagStatus" | "flagReasons"> }) {
  const tone = flagTone(log.flagStatus);
  const Icon =
    tone === "safe" ? CheckCircleIcon : tone === "warning" ? AlertTriangleIcon : tone === "critical" ? XOctagonIcon : HelpCircleIcon;
  return (
    <section aria-label="Flag Analysis" data-tone={tone} className={cx("rounded-lg border p-4", FLAG_CARD_CLASS[tone])}>
      <h3 className="mb-2 text-sm font-semibold">Flag Analysis</h3>
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="text-sm font-medium">{log.flagStatus === "safe" ? "No issues detected" : "Issues detected"}</p>
          <p className="mt-1 text-sm opacity-90">{flagExplanation(log.flagStatus, log.flagReasons)}</p>
        </div>
      </div>
    </section>
  );
}

export function PromptDetailsDialog({
  log: current,
  onClose,
  open,
  fallback,
}: {
  log: PromptLog | null;
  onClose: () => void;
  /** Set by a log's own URL (/logs/:id): open while its log loads or is not found (then `fallback` shows). */
  open?: boolean;
  fallback?: ReactNode;
}) {
  // Keep showing the last log while the dialog animates out (not when a URL names another log).
  const last = useRef<PromptLog | null>(null);
  if (current) last.current = current;
  const log = current ?? (open === undefined ? last.current : null);
  // Lists carry no turns: the log's own page has them (already loaded when the dialog came from a URL).
  const detail = useQuery({
    ...logQueryOptions(log?.id ?? ""),
    enabled: !!log && !log.contentExpired && log.messages === undefined,
  });
  const turns = log?.contentExpired ? undefined : (log?.messages ?? (detail.data?.id === log?.id ? detail.data?.messages : undefined));
  const trace = traceOrigin(log?.metadata);
  const gateway = gatewayFacts(log?.metadata);
  return (
    <Modal open={open ?? current !== null} onClose={onClose} title="Prompt Details" size="xl">
      {log ? (
        <div className="space-y-5">
          {log.blocked ? (
            <p
              role="note"
              className="flex items-center gap-2 rounded-lg bg-rose-50 p-3 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-200"
            >
              <BlockedBadge /> The gateway's guardrail blocked this prompt: it was not sent to the provider.
            </p>
          ) : null}
          <section aria-label="Metadata">
            <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">Metadata</h3>
            <dl className="grid grid-cols-2 gap-4 rounded-lg border border-gray-200 p-4 sm:grid-cols-3 dark:border-gray-800">
              <Meta label="Timestamp" value={formatDateTime(log.createdAt)} />
              <Meta label="Model" value={log.model} />
              <Meta label="User ID" value={log.userId || "N/A"} />
              <Meta label="Session ID" value={log.sessionId || "N/A"} />
              {log.tokenCount != null ? <Meta label="Tokens" value={formatNumber(log.tokenCount)} /> : null}
              {log.estimatedCost != null ? <Meta label="Est. Cost" value={formatLogCost(log.estimatedCost)} /> : null}
              {trace ? (
                <>
                  <Meta label="Service" value={trace.serviceName ?? "N/A"} />
                  <Meta label="Trace ID" value={trace.traceId} />
                  <Meta label="Span ID" value={trace.spanId} />
                </>
              ) : null}
              {gateway?.upstream ? <Meta label="Gateway Provider" value={gateway.upstream} /> : null}
              {gateway?.status != null ? <Meta label="Provider Status" value={String(gateway.status)} /> : null}
              {gateway?.firstTokenMs != null ? <Meta label="First Token" value={`${formatNumber(gateway.firstTokenMs)} ms`} /> : null}
              {gateway?.totalMs != null ? <Meta label="Total Latency" value={`${formatNumber(gateway.totalMs)} ms`} /> : null}
            </dl>
          </section>
          {log.contentExpired ? (
            <p role="note" className="rounded-lg bg-gray-50 p-3 text-sm text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
              Prompt and response: {CONTENT_EXPIRED_TEXT} (past the organization's data retention; metadata is kept).
            </p>
          ) : (
            <>
              {turns ? (
                <PromptTurns key={log.id} log={log} turns={turns} />
              ) : (
                <TextBlock label="Prompt" text={log.prompt} findings={(log.findings ?? []).filter((f) => f.target === "prompt")} />
              )}
              <TextBlock label="Response" text={log.response} findings={(log.findings ?? []).filter((f) => f.target === "response")} />
              {turns && log.metadata ? <MetadataJson metadata={log.metadata} /> : null}
            </>
          )}
          <RedactedValues findings={log.findings} onNavigate={onClose} />
          <FlagAnalysis log={log} />
          <FindingList findings={log.findings ?? []} />
          <FeedbackPanel log={log} />
        </div>
      ) : (
        fallback
      )}
    </Modal>
  );
}
