// Webhooks (docs/web.md, schema/requests/; docs/api.md, docs/delivery.md): list, create, active switch, delete, signing
// secret with copy, test event, and each webhook's recent deliveries.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { WEBHOOK_EVENT_LABELS } from "@promptsentry/schema/constants/delivery";
import { errorText } from "../../api/client";
import {
  deleteWebhook,
  sendTestEvent,
  updateWebhook,
  webhookDeliveriesQueryOptions,
  webhookKeys,
  webhooksQueryOptions,
  type Webhook,
} from "../../api/webhooks";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { copyText, useCopied } from "../../lib/clipboard";
import { AlertTriangleIcon, CheckIcon, CopyIcon, EyeIcon, EyeOffIcon, LinkIcon, SendIcon, TrashIcon } from "../../components/icons";
import { toast } from "../../components/toast";
import { SwitchControl } from "../../components/Toggle";
import { Badge, Button, Card, ErrorState, PageHeading, Skeleton, cx } from "../../components/ui";
import { usePermissions } from "../../lib/permissions";
import { AddButton, AdminListBody, EmptyCard, formatDate, formatShortDateTime } from "../manage/common";
import { useActiveToggle, useConfirmDelete } from "../manage/mutations";
import { CreateWebhookDialog } from "./CreateWebhookDialog";
import { isFinalAttempt, maskSecret, summarizeDeliveries } from "./deliveries";

const DELIVERIES_SHOWN = 5;
/**
 * After 'Send test event', poll the deliveries until the test message has been delivered, at most
 * this long: an attempt can take the receiver's full timeout (10 s), and a failed one is retried
 * after a backoff or the receiver's Retry-After, so a short fixed window would miss it.
 */
const TEST_POLL_MS = 60_000;

/** The test message the card waits for, and until when. */
type Awaiting = { messageId: string; until: number };

export function eventLabel(event: string): string {
  return (WEBHOOK_EVENT_LABELS as Record<string, string>)[event] ?? event;
}

function SigningSecret({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  const { copied, mark } = useCopied();
  const copy = async () => {
    try {
      await copyText(secret);
      mark(secret);
      toast({ title: "Secret copied to clipboard" });
    } catch (e) {
      toast({ title: "Copy failed", description: errorText(e), variant: "destructive" });
    }
  };
  return (
    <div>
      <p className="text-xs font-medium text-gray-500 dark:text-gray-400">Signing secret</p>
      <div className="mt-1 flex items-center gap-1">
        <code
          className="min-w-0 flex-1 truncate rounded-md bg-gray-50 px-2 py-1.5 font-mono text-xs text-gray-800 dark:bg-gray-800 dark:text-gray-200"
          data-testid="webhook-secret"
        >
          {shown ? secret : maskSecret(secret)}
        </code>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? "Hide secret" : "Show secret"}
          title={shown ? "Hide secret" : "Show secret"}
        >
          {shown ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label="Copy secret" title="Copy secret">
          {copied ? <CheckIcon className="h-4 w-4 text-green-600 dark:text-green-400" /> : <CopyIcon className="h-4 w-4" />}
          <span className={cx("text-xs", copied ? "text-green-700 dark:text-green-400" : "sr-only")} aria-live="polite">
            {copied ? "Copied!" : ""}
          </span>
        </Button>
      </div>
    </div>
  );
}

function StatusCode({ code, success }: { code: number | null; success: boolean }) {
  return (
    <Badge
      className={
        success
          ? "bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-300"
          : "bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300"
      }
    >
      {code ?? "—"}
    </Badge>
  );
}

function RecentDeliveries({ webhook, awaiting }: { webhook: Webhook; awaiting: Awaiting | null }) {
  const [showAll, setShowAll] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const until = awaiting?.until ?? 0;
  useEffect(() => {
    if (until <= Date.now()) return;
    const t = setTimeout(() => setNow(Date.now()), until - Date.now() + 50);
    return () => clearTimeout(t);
  }, [until]);
  const [delivered, setDelivered] = useState<string | null>(null);
  const polling = awaiting !== null && awaiting.until > now && delivered !== awaiting.messageId;
  const q = useQuery({ ...webhookDeliveriesQueryOptions(webhook.id), refetchInterval: polling ? 2_000 : false });
  // Stop waiting once the test message has its final answer (delivered, or refused for good).
  useEffect(() => {
    if (awaiting && q.data?.some((d) => d.messageId === awaiting.messageId && isFinalAttempt(d))) setDelivered(awaiting.messageId);
  }, [awaiting, q.data]);
  // A delivery can change the webhook itself: a 410 answer switches it off on the server. When new
  // attempts arrive for an active webhook, refetch the list so its badge, switch and reason follow.
  const queryClient = useQueryClient();
  const seen = useRef(q.data);
  useEffect(() => {
    const before = seen.current;
    seen.current = q.data;
    if (before === undefined || q.data === undefined || before === q.data || !webhook.active) return;
    void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
  }, [q.data, webhook.active, queryClient]);
  const rows = q.data ? summarizeDeliveries(q.data) : [];
  const visible = showAll ? rows : rows.slice(0, DELIVERIES_SHOWN);
  return (
    <section aria-label={`Recent deliveries of ${webhook.name}`} className="border-t border-gray-100 pt-4 dark:border-gray-800">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-gray-900 dark:text-white">Recent deliveries</h4>
        {polling ? <span className="text-xs text-gray-500 dark:text-gray-400">Waiting for delivery…</span> : null}
      </div>
      {q.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch deliveries" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <p className="py-3 text-sm text-gray-500 dark:text-gray-400">No deliveries yet.</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="text-xs text-gray-500 dark:text-gray-400">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Time
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Event
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Attempts
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    Result
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {visible.map((d) => (
                  <tr key={d.messageId} data-testid="delivery-row">
                    <td className="py-2 pr-3 whitespace-nowrap text-gray-700 dark:text-gray-300">
                      <time dateTime={d.lastAttemptAt}>{formatShortDateTime(d.lastAttemptAt)}</time>
                    </td>
                    <td className="py-2 pr-3 text-gray-900 dark:text-gray-100">
                      {eventLabel(d.event)} <span className="font-mono text-xs text-gray-500 dark:text-gray-400">{d.event}</span>
                    </td>
                    <td className="py-2 pr-3">
                      <StatusCode code={d.statusCode} success={d.success} />
                    </td>
                    <td className="py-2 pr-3 text-gray-700 dark:text-gray-300">{d.attempts}</td>
                    <td className="py-2 text-xs wrap-anywhere text-gray-500 dark:text-gray-400">
                      {d.success ? (d.durationMs != null ? `Delivered in ${d.durationMs} ms` : "Delivered") : (d.error ?? "Failed")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length > DELIVERIES_SHOWN ? (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShowAll((v) => !v)}>
              {showAll ? "Show fewer" : `Show all ${rows.length}`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function WebhookCard({ webhook, onDelete }: { webhook: Webhook; onDelete: () => void }) {
  const queryClient = useQueryClient();
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const toggle = useActiveToggle<Webhook>({
    id: webhook.id,
    update: (active) => updateWebhook(webhook.id, { active }),
    queryKey: webhookKeys.list(),
    success: "Webhook updated successfully",
    failure: "Failed to update webhook",
  });
  const test = useMutation({
    mutationFn: () => sendTestEvent(webhook.id),
    onSuccess: (r) => {
      toast({ title: "Test event sent", description: `A signed test event is on its way to ${webhook.url}.` });
      setAwaiting({ messageId: r.messageId, until: Date.now() + TEST_POLL_MS });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhook.id) });
    },
    onError: (e) => toast({ title: "Failed to send test event", description: errorText(e), variant: "destructive" }),
  });
  return (
    <Card className="p-5" aria-label={`Webhook ${webhook.name}`} data-testid="webhook-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-gray-900 dark:text-white">{webhook.name}</h3>
            {webhook.active ? (
              <Badge className="bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-300">Active</Badge>
            ) : (
              <Badge>Inactive</Badge>
            )}
          </div>
          <p className="mt-1 font-mono text-sm break-all text-gray-600 dark:text-gray-300">{webhook.url}</p>
        </div>
        <div className="flex items-center gap-2">
          <SwitchControl
            label={`Active: ${webhook.name}`}
            checked={webhook.active}
            disabled={toggle.isPending}
            onChange={(v) => toggle.mutate(v)}
          />
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete webhook ${webhook.name}`} title="Delete webhook">
            <TrashIcon className="h-4 w-4 text-red-600 dark:text-red-400" />
          </Button>
        </div>
      </div>

      {webhook.disabledReason ? (
        <p className="mt-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
          <AlertTriangleIcon className="h-4 w-4 shrink-0" />
          Disabled automatically: {webhook.disabledReason}
        </p>
      ) : null}

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <p className="text-xs font-medium text-gray-500 dark:text-gray-400">Events</p>
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Events">
            {webhook.events.map((e) => (
              <li key={e}>
                <Badge className="bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">
                  {eventLabel(e)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <SigningSecret secret={webhook.secret} />
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-gray-500 dark:text-gray-400">
          Created <time dateTime={webhook.createdAt}>{formatDate(webhook.createdAt)}</time>
        </p>
        <Button variant="secondary" size="sm" onClick={() => test.mutate()} disabled={test.isPending}>
          <SendIcon className="h-4 w-4" />
          {test.isPending ? "Sending..." : "Send test event"}
        </Button>
      </div>

      <div className="mt-4">
        <RecentDeliveries webhook={webhook} awaiting={awaiting} />
      </div>
    </Card>
  );
}

export function WebhooksPage() {
  const { isAdmin } = usePermissions();
  const q = useQuery({ ...webhooksQueryOptions(), enabled: isAdmin });
  const [creating, setCreating] = useState(false);
  const deleting = useConfirmDelete<Webhook>({
    deleteFn: deleteWebhook,
    queryKeys: [webhookKeys.list()],
    success: "Webhook deleted successfully",
    failure: "Failed to delete webhook",
  });

  const createButton = (label: string) => <AddButton label={label} onClick={() => setCreating(true)} />;

  const body = (
    <AdminListBody
      what="webhooks"
      query={q}
      loadingText="Loading webhooks..."
      errorTitle="Failed to fetch webhooks"
      empty={
        <EmptyCard
          icon={<LinkIcon className="h-6 w-6" />}
          title="No webhooks configured"
          description="Add an endpoint to receive signed events when prompts are logged, flags are detected or alerts fire."
          action={createButton("Create Your First Webhook")}
        />
      }
      listLabel="Webhooks list"
      listClassName="space-y-4"
    >
      {(w) => <WebhookCard webhook={w} onDelete={() => deleting.ask(w)} />}
    </AdminListBody>
  );

  return (
    <div className="space-y-6">
      <PageHeading
        title="Webhooks"
        description="Configure webhooks to receive real-time notifications about prompt events"
        action={isAdmin && q.data && q.data.length > 0 ? createButton("Create Webhook") : null}
      />

      <div
        className="rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200"
        role="note"
      >
        Webhooks send a POST request to your URL when alerts fire and for each event you subscribe to. Every request carries{" "}
        <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{" "}
        <code className="font-mono text-xs">webhook-signature</code> headers (Standard Webhooks, signed with the webhook's secret); failed
        deliveries are retried with backoff. The legacy <code className="font-mono text-xs">X-Signature</code> header signs the body only
        and can be replayed: verify <code className="font-mono text-xs">webhook-signature</code> instead.
      </div>

      {body}

      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog {...deleting.dialog} title="Delete webhook" confirmLabel="Delete" pendingLabel="Deleting...">
        Delete <strong className="text-gray-900 dark:text-white">{deleting.shown?.name}</strong>? Events will no longer be sent to{" "}
        <span className="font-mono break-all">{deleting.shown?.url}</span>. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
