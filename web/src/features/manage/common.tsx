// Pieces shared by the management screens (webhooks, keys, integrations, settings, team, metrics).
import type { UseQueryResult } from "@tanstack/react-query";
import { useRef, type ReactNode } from "react";
import { LockIcon, PlusIcon } from "../../components/icons";
import { Button, Card, ErrorState, Spinner } from "../../components/ui";
import { usePermissions } from "../../lib/permissions";

/** Loading state with the spec's text ('Loading webhooks...'). */
export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className="flex items-center justify-center gap-3 py-12 text-sm text-gray-500 dark:text-gray-400">
      <Spinner />
      <span>{children}</span>
    </div>
  );
}

/** Shown instead of a screen that needs the admin permission. */
export function AdminRequired({ what }: { what: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <LockIcon className="h-8 w-8 text-gray-400" />
      <p className="text-sm font-medium text-gray-900 dark:text-white">Admin access required</p>
      <p className="max-w-md text-sm text-gray-500 dark:text-gray-400">
        Managing {what} needs a key with the Full Access permission. Ask an admin of your organization.
      </p>
    </Card>
  );
}

/** An empty state with an icon, a title and an optional call to action. */
export function EmptyCard({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <div className="rounded-full bg-gray-100 p-3 text-gray-400 dark:bg-gray-800">{icon}</div>
      <p className="text-base font-medium text-gray-900 dark:text-white">{title}</p>
      {description ? <p className="max-w-md text-sm text-gray-500 dark:text-gray-400">{description}</p> : null}
      {action}
    </Card>
  );
}

/** The add button of a management list ('Create Webhook', 'Add Your First Integration', …). */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon className="h-4 w-4" />
      {label}
    </Button>
  );
}

/**
 * The states every admin-only list goes through, in order: admin required, the spec's loading text,
 * the error with Retry, the empty card, then the items (a labelled list, one item each).
 */
export function AdminListBody<T extends { id: string }>(props: {
  what: string;
  query: UseQueryResult<T[]>;
  loadingText: string;
  errorTitle: string;
  empty: ReactNode;
  listLabel: string;
  listClassName: string;
  children: (item: T) => ReactNode;
}) {
  const { isAdmin, organization } = usePermissions();
  const { query } = props;
  if (organization && !isAdmin) return <AdminRequired what={props.what} />;
  if (query.isPending) return <LoadingText>{props.loadingText}</LoadingText>;
  if (query.isError) {
    return (
      <Card>
        <ErrorState title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  if (query.data.length === 0) return <>{props.empty}</>;
  return (
    <ul role="list" aria-label={props.listLabel} className={props.listClassName}>
      {query.data.map((item) => (
        <li key={item.id}>{props.children(item)}</li>
      ))}
    </ul>
  );
}

/** Local calendar date of an ISO timestamp ('Jan 5, 2026'). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** Local date and short time ('Jan 5, 2026, 3:04 PM'). */
export function formatShortDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** The last non-null value: a dialog keeps showing its subject while it animates closed. */
export function useLatest<T>(value: T | null): T | null {
  const last = useRef<T | null>(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}
