// Flag icon, flag badge and model badge shared by the feed, logs, red flags and details dialog.
import { BLOCKED_LABEL } from "@promptsentry/schema/constants/gateway";
import { Badge, cx } from "../../components/ui";
import { AlertTriangleIcon, CheckCircleIcon, HelpCircleIcon, XOctagonIcon } from "../../components/icons";
import { capitalize } from "../../lib/format";
import { FLAG_BADGE_CLASS, FLAG_ICON_CLASS, flagTone } from "../../lib/flags";

export function FlagIcon({ status, className = "h-5 w-5" }: { status: string; className?: string }) {
  const tone = flagTone(status);
  const Icon =
    tone === "safe" ? CheckCircleIcon : tone === "warning" ? AlertTriangleIcon : tone === "critical" ? XOctagonIcon : HelpCircleIcon;
  return (
    <span className="inline-flex shrink-0" title={capitalize(status)}>
      <Icon className={cx(className, FLAG_ICON_CLASS[tone])} />
      <span className="sr-only">{capitalize(status)}</span>
    </span>
  );
}

export function FlagBadge({ status }: { status: string }) {
  return <Badge className={FLAG_BADGE_CLASS[flagTone(status)]}>{capitalize(status)}</Badge>;
}

export function ModelBadge({ model }: { model: string }) {
  return (
    <Badge className="bg-indigo-50 font-mono text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">{model}</Badge>
  );
}

/** A log the gateway refused to forward (docs/gateway.md#the-guardrail): its prompt never reached the provider. */
export function BlockedBadge() {
  return (
    <Badge
      className="bg-rose-50 text-rose-700 ring-rose-600/20 dark:bg-rose-500/15 dark:text-rose-300"
      title="The gateway did not send this prompt to the provider"
    >
      {BLOCKED_LABEL}
    </Badge>
  );
}
