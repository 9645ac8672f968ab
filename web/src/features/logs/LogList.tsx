// Row layouts of the three log lists (feed, logs page, red flags) with their shared states.
import type { ReactNode } from "react";
import { CONTENT_EXPIRED_TEXT } from "@promptsentry/schema/constants/privacy";
import { EyeIcon } from "../../components/icons";
import { Button, EmptyState, ErrorState, PlaceholderRows } from "../../components/ui";

export function DetailsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label="View details" title="View details" className="shrink-0 self-start">
      <EyeIcon className="h-4 w-4" />
      <span className="hidden sm:inline">Details</span>
    </Button>
  );
}

/** Prompt and response of a row, or "content expired" once retention purged them (metadata is kept). */
export function TextPair({ prompt, response, expired }: { prompt: string; response: string; expired?: boolean }) {
  if (expired) return <p className="mt-2 text-sm text-gray-500 italic dark:text-gray-400">Prompt and response: {CONTENT_EXPIRED_TEXT}</p>;
  return (
    <div className="mt-2 space-y-1 text-sm wrap-anywhere">
      <p className="text-gray-900 dark:text-gray-100">
        <span className="font-medium text-gray-500 dark:text-gray-400">Prompt: </span>
        {prompt}
      </p>
      <p className="text-gray-600 dark:text-gray-300">
        <span className="font-medium text-gray-500 dark:text-gray-400">Response: </span>
        {response}
      </p>
    </div>
  );
}

/** Loading placeholders, error with 'Retry', empty text, or the rendered rows. */
/**
 * ListStates' view of an infinite query: a failed *next* page keeps the rows on screen (LoadMore shows
 * that error under them) instead of replacing the whole list with the error state.
 */
export function pagedListState<T>(
  q: { isPending: boolean; isError: boolean; isFetchNextPageError: boolean; error: unknown; refetch: () => unknown },
  items: T[] | undefined,
) {
  return { isPending: q.isPending, isError: q.isError && !q.isFetchNextPageError, error: q.error, data: items, refetch: q.refetch };
}

export function ListStates<T>({
  query,
  placeholders,
  rowClassName,
  empty,
  errorTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T[] | undefined; refetch: () => unknown };
  placeholders: number;
  rowClassName?: string;
  empty: string;
  errorTitle: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <PlaceholderRows count={placeholders} rowClassName={rowClassName} />;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data ?? [];
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <>{children(items)}</>;
}
