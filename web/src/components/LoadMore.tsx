// 'Load more' under a keyset-paginated list, with the error of a failed next page beneath it.
import { Button, ErrorMessage } from "./ui";

type NextPageQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
};

/**
 * `shown`/`total`/`noun` add "Showing 50 of 1,234 logs" when the total is known; a `capped` total (the
 * server stopped counting at it) reads "10,000+".
 */
export function LoadMore({
  query,
  shown,
  total,
  capped,
  noun,
}: {
  query: NextPageQuery;
  shown?: number;
  total?: number | null;
  capped?: boolean;
  noun?: string;
}) {
  return (
    <>
      {shown !== undefined && total != null && total > 0 ? (
        <p className="mt-4 text-center text-xs text-gray-500 dark:text-gray-400" data-testid="showing-count">
          {/* A log stored since the count was taken can make the loaded rows outnumber it. */}
          Showing {shown.toLocaleString("en-US")} of {Math.max(total, shown).toLocaleString("en-US")}
          {capped ? "+" : ""} {noun}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <div role="alert" className="mt-2 text-center">
          <ErrorMessage error={query.error} />
        </div>
      ) : null}
    </>
  );
}
