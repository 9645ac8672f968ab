// 'Load more' under a keyset-paginated list, with the error of a failed next page beneath it.
import { Button } from "./ui";

type NextPageQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
};

export function LoadMore({ query }: { query: NextPageQuery }) {
  return (
    <>
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-2 text-center text-sm text-red-600">
          {query.error?.message}
        </p>
      ) : null}
    </>
  );
}
