// A session (docs/web.md#sessions-and-users): its logs in the order they happened, each with its
// time since the start, latency, tokens, cost and flag, under the session's totals.
import { useQuery } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { sessionQueryOptions } from "../../api/activity";
import type { PromptLog, SessionView } from "../../api/types";
import { Card, ErrorState, PlaceholderRows, buttonClass } from "../../components/ui";
import { formatDateTime, formatLogCost, formatNumber, formatStatsCost } from "../../lib/format";
import { reasonLabels } from "../../lib/flags";
import { DetailsButton, TextPair } from "../logs/LogList";
import { FlagBadge, ModelBadge } from "../logs/flag";
import { UserLink } from "../logs/IdLinks";
import { PromptDetailsDialog } from "../logs/PromptDetailsDialog";
import { formatElapsed } from "./elapsed";

const route = getRouteApi("/_signedIn/sessions/$id");

export function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-gray-50 px-4 py-3 dark:bg-gray-800/60">
      <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}

function Totals({ s }: { s: SessionView }) {
  const started = Date.parse(s.firstAt);
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold break-all text-gray-900 dark:text-white">Session {s.sessionId}</h2>
        <Link to="/logs" search={{ sessionId: s.sessionId, view: "table" }} className={buttonClass("secondary", "sm")}>
          Open in Prompt Logs
        </Link>
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        <time dateTime={s.firstAt}>{formatDateTime(s.firstAt)}</time> – <time dateTime={s.lastAt}>{formatDateTime(s.lastAt)}</time>
        {s.userIds.length ? (
          <>
            {" · "}
            {s.userIds.map((u) => (
              <span key={u} className="mr-2">
                <UserLink id={u} />
              </span>
            ))}
          </>
        ) : null}
        {s.models.length ? ` · ${s.models.join(", ")}` : ""}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Session totals">
        <Figure label="Logs" value={formatNumber(s.logs)} />
        <Figure label="Duration" value={formatElapsed(Date.parse(s.lastAt) - started)} />
        <Figure label="Tokens" value={formatNumber(s.tokens)} />
        <Figure label="Cost" value={formatStatsCost(s.cost)} />
        <Figure label="Latency" value={`${formatNumber(s.latencyMs)} ms`} />
        <Figure label="Flags" value={`${formatNumber(s.critical)} critical · ${formatNumber(s.warning)} warning`} />
      </dl>
    </Card>
  );
}

function Turn({ log, index, started, onDetails }: { log: PromptLog; index: number; started: number; onDetails: () => void }) {
  return (
    <li className="relative py-4 pl-8 first:pt-0 last:pb-0" data-log-id={log.id}>
      <span
        aria-hidden="true"
        className="absolute top-0 left-0 flex h-6 w-6 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-300"
      >
        {index + 1}
      </span>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
            <FlagBadge status={log.flagStatus} />
            <ModelBadge model={log.model} />
            <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
            <span>+{formatElapsed(Date.parse(log.createdAt) - started)}</span>
            {log.latencyMs != null ? <span>{formatNumber(log.latencyMs)} ms</span> : null}
            {log.tokenCount != null ? <span>Tokens: {formatNumber(log.tokenCount)}</span> : null}
            {log.estimatedCost != null ? <span>Cost: {formatLogCost(log.estimatedCost)}</span> : null}
          </div>
          {log.flagStatus !== "safe" ? (
            <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">
              <span className="font-medium">Reason:</span> {reasonLabels(log.flagReasons).join(", ")}
            </p>
          ) : null}
          <TextPair prompt={log.prompt} response={log.response} expired={log.contentExpired} />
        </div>
        <DetailsButton onClick={onDetails} />
      </div>
    </li>
  );
}

export function SessionPage() {
  const { id } = route.useParams();
  const q = useQuery(sessionQueryOptions(id));
  const [selected, setSelected] = useState<PromptLog | null>(null);
  if (q.isPending)
    return (
      <Card className="p-5">
        <PlaceholderRows count={3} rowClassName="h-24" />
      </Card>
    );
  if (q.isError)
    return (
      <Card>
        <ErrorState title="Failed to fetch the session" error={q.error} onRetry={() => void q.refetch()} />
      </Card>
    );
  const s = q.data;
  const started = Date.parse(s.firstAt);
  return (
    <div className="space-y-6">
      <Totals s={s} />
      <Card className="p-5">
        <ol aria-label="Session logs" className="divide-y divide-gray-100 dark:divide-gray-800">
          {s.items.map((log, i) => (
            <Turn key={log.id} log={log} index={i} started={started} onDetails={() => setSelected(log)} />
          ))}
        </ol>
        {s.truncated ? (
          <p className="mt-4 text-center text-xs text-gray-500 dark:text-gray-400">
            Showing the first {formatNumber(s.items.length)} of {formatNumber(s.logs)} logs
          </p>
        ) : null}
      </Card>
      <PromptDetailsDialog log={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
