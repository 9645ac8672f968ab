// The filter bar of Prompt Logs and Red Flags (docs/web.md#prompt-logs): search, flag, model (the
// models the organization's logs name), blocked, time range (presets or a custom range), user,
// session and source; on Red Flags also reason and reviewed. Every value lives in the URL.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { BLOCKED_FILTER_OPTIONS } from "@promptsentry/schema/constants/logs";
import { FLAG_REASONS, FLAG_REASON_LABELS } from "@promptsentry/schema/constants/flags";
import { TIME_RANGES } from "@promptsentry/schema/constants/time";
import { modelsSeenQueryOptions } from "../../api/logs";
import { SearchIcon } from "../../components/icons";
import { Select } from "../../components/Select";
import { Button, inputClass } from "../../components/ui";
import { FLAG_FILTER_OPTIONS } from "../../lib/filters";
import { isoToLocal, localToIso, rangeProblem, searchProblem } from "./filterBar";
import type { LogsSearch } from "./search";

type Patch = Partial<LogsSearch>;

const RANGE_OPTIONS = [
  { value: "all", label: "All time" },
  ...TIME_RANGES.map((t) => ({ value: t.value as string, label: t.label })),
  { value: "custom", label: "Custom range" },
];
const REASON_OPTIONS = [
  { value: "all", label: "All Reasons" },
  ...FLAG_REASONS.map((r) => ({ value: r as string, label: FLAG_REASON_LABELS[r] })),
];
const REVIEWED_OPTIONS = [
  { value: "all", label: "Reviewed or not" },
  { value: "true", label: "Reviewed" },
  { value: "false", label: "Not reviewed" },
];
const FLAGGED_OPTIONS = [
  { value: "all", label: "All Flags" },
  { value: "critical", label: "Critical" },
  { value: "warning", label: "Warning" },
];

function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="block text-xs font-medium text-gray-600 dark:text-gray-400">
      {label}
      <input type="text" value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} mt-1`} placeholder="Any" />
    </label>
  );
}

export function LogFilterBar({
  search,
  onChange,
  onResubmit,
  variant,
}: {
  search: LogsSearch;
  onChange: (patch: Patch) => void;
  /** The same search submitted again: refetch. */
  onResubmit: () => void;
  variant: "logs" | "flags";
}) {
  const models = useQuery(modelsSeenQueryOptions());
  const [text, setText] = useState(search.search ?? "");
  const [people, setPeople] = useState({ userId: search.userId ?? "", sessionId: search.sessionId ?? "", source: search.source ?? "" });
  const [custom, setCustom] = useState(!!(search.from || search.to));
  const [from, setFrom] = useState(isoToLocal(search.from));
  const [to, setTo] = useState(isoToLocal(search.to));
  const [problem, setProblem] = useState<{ field: "search" | "range"; message: string } | null>(null);
  useEffect(() => setText(search.search ?? ""), [search.search]);
  useEffect(
    () => setPeople({ userId: search.userId ?? "", sessionId: search.sessionId ?? "", source: search.source ?? "" }),
    [search.userId, search.sessionId, search.source],
  );
  useEffect(() => {
    setFrom(isoToLocal(search.from));
    setTo(isoToLocal(search.to));
    if (search.from || search.to) setCustom(true);
  }, [search.from, search.to]);

  const modelOptions = [
    { value: "all", label: "All Models" },
    ...(models.data ?? []).map((m) => ({ value: m.model, label: m.model })),
    // A model in the URL that the list does not (yet) hold stays selectable.
    ...(search.models && !models.data?.some((m) => m.model === search.models) ? [{ value: search.models, label: search.models }] : []),
    // A model family from the Dashboard's Quick Filters (`model`, a prefix) shows as itself.
    ...(search.model && !search.models ? [{ value: search.model, label: `${search.model} (all versions)` }] : []),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tooLong = searchProblem(text);
    if (tooLong) return setProblem({ field: "search", message: tooLong });
    const patch: Patch = {
      search: text.trim() || undefined,
      userId: people.userId.trim() || undefined,
      sessionId: people.sessionId.trim() || undefined,
      source: people.source.trim() || undefined,
    };
    if (custom) {
      const [fromIso, toIso] = [localToIso(from), localToIso(to)];
      const bad = rangeProblem(fromIso, toIso);
      if (bad) return setProblem({ field: "range", message: bad });
      Object.assign(patch, { from: fromIso, to: toIso, range: undefined });
    }
    setProblem(null);
    const same = (Object.keys(patch) as (keyof Patch)[]).every((k) => patch[k] === search[k]);
    if (same) onResubmit();
    else onChange(patch);
  };

  const rangeValue = custom ? "custom" : (search.range ?? "all");
  return (
    <form onSubmit={submit} role="search" aria-label="Filter logs" className="space-y-3" noValidate>
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="flex-1">
          <label htmlFor="logs-search" className="sr-only">
            Search
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400" />
            <input
              id="logs-search"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search prompts and responses..."
              aria-invalid={problem?.field === "search" || undefined}
              aria-describedby={problem?.field === "search" ? "logs-filter-problem" : undefined}
              className={`${inputClass} pl-9`}
            />
          </div>
        </div>
        <Button type="submit">
          <SearchIcon className="h-4 w-4" />
          Search
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          label="Flag filter"
          hideLabel
          value={search.flagStatus ?? "all"}
          options={variant === "logs" ? FLAG_FILTER_OPTIONS : FLAGGED_OPTIONS}
          onChange={(v) => onChange({ flagStatus: v === "all" ? undefined : (v as LogsSearch["flagStatus"]) })}
        />
        <Select
          label="Model filter"
          hideLabel
          value={search.models ?? search.model ?? "all"}
          options={modelOptions}
          onChange={(v) => onChange({ models: v === "all" ? undefined : v, model: undefined })}
        />
        <Select
          label="Blocked filter"
          hideLabel
          value={search.blocked === undefined ? "all" : String(search.blocked)}
          options={BLOCKED_FILTER_OPTIONS}
          onChange={(v) => onChange({ blocked: v === "all" ? undefined : v === "true" })}
        />
        <Select
          label="Time range"
          hideLabel
          value={rangeValue}
          options={RANGE_OPTIONS}
          onChange={(v) => {
            setProblem(null);
            if (v === "custom") return setCustom(true);
            setCustom(false);
            onChange({ range: v === "all" ? undefined : (v as LogsSearch["range"]), from: undefined, to: undefined });
          }}
        />
        {variant === "flags" ? (
          <>
            <Select
              label="Reason filter"
              hideLabel
              value={search.reason ?? "all"}
              options={REASON_OPTIONS}
              onChange={(v) => onChange({ reason: v === "all" ? undefined : v })}
            />
            <Select
              label="Reviewed filter"
              hideLabel
              value={search.reviewed === undefined ? "all" : String(search.reviewed)}
              options={REVIEWED_OPTIONS}
              onChange={(v) => onChange({ reviewed: v === "all" ? undefined : v === "true" })}
            />
          </>
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextFilter label="User" value={people.userId} onChange={(userId) => setPeople((p) => ({ ...p, userId }))} />
        <TextFilter label="Session" value={people.sessionId} onChange={(sessionId) => setPeople((p) => ({ ...p, sessionId }))} />
        <TextFilter label="Source" value={people.source} onChange={(source) => setPeople((p) => ({ ...p, source }))} />
      </div>
      {custom ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <label className="block text-xs font-medium text-gray-600 dark:text-gray-400">
            From
            <input
              type="datetime-local"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={problem?.field === "range" || undefined}
              className={`${inputClass} mt-1`}
            />
          </label>
          <label className="block text-xs font-medium text-gray-600 dark:text-gray-400">
            To
            <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} className={`${inputClass} mt-1`} />
          </label>
          <Button type="submit" variant="secondary">
            Apply range
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p id="logs-filter-problem" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem.message}
        </p>
      ) : null}
    </form>
  );
}
