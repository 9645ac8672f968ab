// /logs/:id: the Prompt Details dialog over Prompt Logs, from the URL alone (a shared link, a reload).
// The log is fetched by id; an id that is not in the organization (unknown, purged, another
// organization's: the API answers all alike) shows a not-found state. Closing returns to /logs with
// the list's search params as they were.
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { ApiError } from "../../api/client";
import { logQueryOptions } from "../../api/logs";
import { HelpCircleIcon } from "../../components/icons";
import { Button, ErrorState, Spinner } from "../../components/ui";
import { PromptDetailsDialog } from "./PromptDetailsDialog";

const route = getRouteApi("/_signedIn/logs/$id");

/** Answers that mean "no such log here": not found, or an id the API cannot even read. */
const isMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

export function LogDetailsRoute() {
  const { id } = route.useParams();
  const navigate = route.useNavigate();
  const q = useQuery(logQueryOptions(id));
  const close = () => void navigate({ to: "/logs", search: (prev) => prev });
  let fallback: React.ReactNode;
  if (q.isPending) {
    fallback = (
      <div className="flex items-center justify-center gap-3 py-12 text-sm text-gray-600 dark:text-gray-300" role="status">
        <Spinner /> Loading log…
      </div>
    );
  } else if (q.isError && isMissing(q.error)) {
    fallback = (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center" data-testid="log-not-found">
        <HelpCircleIcon className="h-8 w-8 text-gray-400" />
        <p className="text-sm font-medium text-gray-900 dark:text-white">Log not found</p>
        <p className="max-w-md text-sm text-gray-600 dark:text-gray-400">
          No log with the id <code className="break-all">{id}</code> is in this organization. It may have been deleted, or the link belongs
          to another organization.
        </p>
        <Button variant="secondary" size="sm" onClick={close}>
          Back to Prompt Logs
        </Button>
      </div>
    );
  } else if (q.isError) {
    fallback = <ErrorState title="Failed to fetch log" error={q.error} onRetry={() => void q.refetch()} />;
  }
  return <PromptDetailsDialog log={q.data ?? null} open onClose={close} fallback={fallback} />;
}
