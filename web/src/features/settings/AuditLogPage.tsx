// Settings → Audit log (docs/web.md, docs/api.md#audit-log): who changed the organization's settings,
// keys, members, webhooks, integrations or flag verdicts, from what to what, and when. Newest first,
// pages of 50 with 'Load more', filtered by what was changed, by whom and when. Admins only.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_ENTITY_TYPES, type AuditEntityType } from "@promptsentry/schema/constants/audit";
import { apiKeysQueryOptions } from "../../api/apiKeys";
import { auditInfiniteQueryOptions, type AuditEntry, type AuditFilters } from "../../api/audit";
import { teamQueryOptions } from "../../api/team";
import { LoadMore } from "../../components/LoadMore";
import { Select } from "../../components/Select";
import { Badge, Button, Card, inputClass, labelClass } from "../../components/ui";
import { usePermissions } from "../../lib/permissions";
import { ListStates, pagedListState } from "../logs/LogList";

const ALL = "all";
const ENTITY_OPTIONS = [
  { value: ALL, label: "Everything" },
  ...AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: AUDIT_ENTITY_LABELS[t] })),
] as const;

/** A stored value as one short line: text as is, the rest as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Field paths of a record's values, one level into objects (flag rules, an integration's config). */
function fieldsOf(values: Record<string, unknown> | null): string[] {
  return Object.entries(values ?? {}).flatMap(([field, value]) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).map((inner) => `${field}.${inner}`) : [field],
  );
}
const at = (values: Record<string, unknown> | null, path: string): unknown =>
  path.split(".").reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), values);

function Changes({ entry }: { entry: AuditEntry }) {
  const paths = [...new Set([...fieldsOf(entry.before), ...fieldsOf(entry.after)])];
  if (!paths.length) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" aria-label="Changes">
      {paths.map((path) => (
        <div key={path} className="contents">
          <dt className="font-mono text-gray-500 dark:text-gray-400">{path}</dt>
          <dd className="min-w-0 font-mono wrap-anywhere text-gray-800 dark:text-gray-200">
            {entry.before ? (
              <span className="text-red-700 line-through decoration-red-400/60 dark:text-red-400">{shown(at(entry.before, path))}</span>
            ) : null}
            {entry.before && entry.after ? <span className="px-1 text-gray-400">→</span> : null}
            {entry.after ? <span className="text-green-700 dark:text-green-400">{shown(at(entry.after, path))}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-gray-900 dark:text-white">{entry.actor.name || entry.actor.id}</span>
        {entry.actor.type === "key" ? <Badge title="A key of no team member">API key</Badge> : null}
        <span className="text-gray-700 dark:text-gray-300">{AUDIT_ACTION_LABELS[entry.action]}</span>
        <Badge title={entry.entityId}>{AUDIT_ENTITY_LABELS[entry.entityType]}</Badge>
        <time dateTime={entry.createdAt} className="ml-auto text-xs text-gray-500 dark:text-gray-400">
          {new Date(entry.createdAt).toLocaleString()}
        </time>
      </div>
      <p className="mt-0.5 font-mono text-xs text-gray-400 dark:text-gray-500">{entry.entityId}</p>
      <Changes entry={entry} />
    </li>
  );
}

/**
 * Everyone who can appear as an actor: members, keys of no member, and whoever the loaded records name
 * (a member removed since, a key revoked since). The lists may have been cached before a change.
 */
function useActorOptions(entries: AuditEntry[] | undefined) {
  const team = useQuery(teamQueryOptions());
  const keys = useQuery(apiKeysQueryOptions());
  const seen = new Map<string, string>();
  for (const m of team.data ?? []) seen.set(m.id, m.name);
  for (const k of keys.data ?? []) if (!k.memberId) seen.set(k.id, `${k.name} (API key)`);
  for (const e of entries ?? [])
    if (!seen.has(e.actor.id)) seen.set(e.actor.id, e.actor.type === "key" ? `${e.actor.name} (API key)` : e.actor.name);
  return [{ value: ALL, label: "Anyone" }, ...[...seen].map(([value, label]) => ({ value, label }))];
}

/** A date input's day as the ISO time of its first (or last) millisecond, local time. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}`).toISOString() : undefined;

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = `audit-${label.toLowerCase()}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} mt-1`} />
    </div>
  );
}

function AuditLog() {
  const [entityType, setEntityType] = useState<AuditEntityType | typeof ALL>(ALL);
  const [actor, setActor] = useState(ALL);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const filters: AuditFilters = {
    entityType: entityType === ALL ? undefined : entityType,
    actor: actor === ALL ? undefined : actor,
    from: dayBound(from, false),
    to: dayBound(to, true),
  };
  const q = useInfiniteQuery(auditInfiniteQueryOptions(filters));
  const entries = q.data?.pages.flat();
  // Names from the unfiltered list, so the choice of "who" survives filtering.
  const everyone = useInfiniteQuery(auditInfiniteQueryOptions({}));
  const actors = useActorOptions([...(entries ?? []), ...(everyone.data?.pages.flat() ?? [])]);
  const filtered = entityType !== ALL || actor !== ALL || from !== "" || to !== "";
  return (
    <Card aria-label="Audit log">
      <div className="grid gap-4 border-b border-gray-100 px-5 py-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end dark:border-gray-800">
        <Select label="What" value={entityType} options={ENTITY_OPTIONS} onChange={setEntityType} />
        <Select label="Who" value={actor} options={actors} onChange={setActor} />
        <DateField label="From" value={from} onChange={setFrom} />
        <DateField label="To" value={to} onChange={setTo} />
        <Button
          variant="secondary"
          disabled={!filtered}
          onClick={() => {
            setEntityType(ALL);
            setActor(ALL);
            setFrom("");
            setTo("");
          }}
        >
          Clear filters
        </Button>
      </div>
      <div className="p-5">
        <ListStates
          query={pagedListState(q, entries)}
          placeholders={4}
          rowClassName="h-16"
          empty={filtered ? "No changes match these filters" : "No changes recorded yet"}
          errorTitle="Failed to fetch the audit log"
        >
          {(items) => (
            <>
              <ul role="list" aria-label="Audit log entries" className="divide-y divide-gray-100 dark:divide-gray-800">
                {items.map((e) => (
                  <AuditRow key={e.id} entry={e} />
                ))}
              </ul>
              <LoadMore query={q} />
            </>
          )}
        </ListStates>
      </div>
    </Card>
  );
}

export function AuditLogPage() {
  const { isAdmin } = usePermissions();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-500 dark:text-gray-400">
          Every change to settings, API keys, team members, webhooks, integrations and flag verdicts: who made it, what changed, when.
          Secrets are never recorded. Entries are kept for the organization's data retention.
        </p>
        <Link to="/settings" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Back to Settings
        </Link>
      </div>
      {isAdmin ? (
        <AuditLog />
      ) : (
        <Card className="p-5">
          <p role="note" className="text-sm text-gray-600 dark:text-gray-300">
            Only admins can view the audit log.
          </p>
        </Card>
      )}
    </div>
  );
}
