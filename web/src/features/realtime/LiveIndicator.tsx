// The header's live badge: 'Live' only while the socket is open, 'Reconnecting…' from the moment it
// drops (or cannot connect) until it is back, nothing during the first connection attempt.
import { useRealtime } from "./RealtimeProvider";

export function LiveIndicator() {
  const { status } = useRealtime();
  if (status === "connecting") return null;
  const live = status === "live";
  return (
    <span
      role="status"
      data-testid="live-indicator"
      data-status={status}
      className={
        live
          ? "inline-flex shrink-0 items-center gap-1.5 rounded-full bg-green-50 px-2 py-1 text-xs font-medium text-green-700 sm:px-2.5 dark:bg-green-500/15 dark:text-green-300"
          : "inline-flex shrink-0 items-center gap-1.5 rounded-full bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800 sm:px-2.5 dark:bg-amber-500/15 dark:text-amber-200"
      }
    >
      <span className="relative flex h-2 w-2">
        {live ? <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-green-400 opacity-75" /> : null}
        <span
          className={
            live ? "relative inline-flex h-2 w-2 rounded-full bg-green-500" : "relative inline-flex h-2 w-2 rounded-full bg-amber-500"
          }
        />
      </span>
      {/* On a phone only the dot shows, so the page title keeps its room. */}
      <span className="max-sm:sr-only">{live ? "Live" : "Reconnecting…"}</span>
    </span>
  );
}
