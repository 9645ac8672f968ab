// Live Prompt Feed (docs/web.md): newest FEED_SIZE logs, polled every 5 s while auto-refresh is ON,
// with logs pushed over the socket put on top (deduplicated, trimmed to FEED_SIZE).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { REFRESH_MS, TRUNCATE } from "@promptsentry/schema/constants/screens";
import { feedQueryOptions, logKeys } from "../../api/logs";
import type { PromptLog } from "../../api/types";
import { ActivityIcon, RefreshIcon } from "../../components/icons";
import { Button, Panel, cx } from "../../components/ui";
import { feedRelativeTime, truncate } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { DetailsButton, ListStates, TextPair } from "../logs/LogList";
import { BlockedBadge, FlagIcon, ModelBadge } from "../logs/flag";
import { PromptDetailsDialog } from "../logs/PromptDetailsDialog";
import { useRealtime } from "../realtime/RealtimeProvider";
import { prependLog } from "./prependLog";

export function LiveFeed() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [selected, setSelected] = useState<PromptLog | null>(null);
  const queryClient = useQueryClient();
  const { onNewLog } = useRealtime();
  const now = useNow(1000);
  const q = useQuery({ ...feedQueryOptions(), refetchInterval: autoRefresh ? REFRESH_MS.feed : false });

  useEffect(() => {
    if (!autoRefresh) return;
    return onNewLog((log) => queryClient.setQueryData<PromptLog[]>(logKeys.feed(), (old) => prependLog(old, log)));
  }, [autoRefresh, onNewLog, queryClient]);

  return (
    <Panel
      title="Live Prompt Feed"
      icon={<ActivityIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}
      actions={
        <>
          <Button
            variant={autoRefresh ? "primary" : "secondary"}
            size="sm"
            aria-pressed={autoRefresh}
            onClick={() => setAutoRefresh((v) => !v)}
          >
            Auto-refresh: {autoRefresh ? "ON" : "OFF"}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Refresh"
            title="Refresh"
            onClick={() => void q.refetch()}
            disabled={q.isFetching}
          >
            <RefreshIcon className={cx("h-4 w-4", q.isFetching && "animate-spin")} />
          </Button>
        </>
      }
    >
      <ListStates
        query={q}
        placeholders={3}
        empty="No prompt logs found. Start sending prompts to see them here."
        errorTitle="Failed to fetch logs"
      >
        {(logs) => (
          <ul role="list" aria-label="Recent prompts" className="divide-y divide-gray-100 dark:divide-gray-800">
            {logs.map((log) => (
              <li key={log.id} className="flex gap-3 py-3 first:pt-0 last:pb-0" data-log-id={log.id}>
                <FlagIcon status={log.flagStatus} className="mt-0.5 h-5 w-5" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
                    <time dateTime={log.createdAt}>{feedRelativeTime(log.createdAt, now)}</time>
                    <ModelBadge model={log.model} />
                    {log.blocked ? <BlockedBadge /> : null}
                  </div>
                  <TextPair
                    prompt={truncate(log.prompt, TRUNCATE.feed)}
                    response={truncate(log.response, TRUNCATE.feed)}
                    expired={log.contentExpired}
                  />
                </div>
                <DetailsButton onClick={() => setSelected(log)} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <PromptDetailsDialog log={selected} onClose={() => setSelected(null)} />
    </Panel>
  );
}
