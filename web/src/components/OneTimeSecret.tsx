// One-time display of a freshly issued API key: full value, copy, and an explicit dismissal.
import { KeyIcon } from "./icons";
import { CopyButton } from "./CopyButton";
import { Button, inputClass } from "./ui";

export function OneTimeSecret({
  title,
  description = "Copy this key now. For your security it will not be shown again.",
  value,
  onDismiss,
  dismissLabel = "I've copied my key",
  copyToast = "API key copied to clipboard",
}: {
  title: string;
  description?: string;
  value: string;
  onDismiss: () => void;
  dismissLabel?: string;
  copyToast?: string;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <div className="flex items-start gap-3">
        <KeyIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-600 dark:text-amber-400" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">{title}</p>
          <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">{description}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              aria-label="Full API key"
              data-testid="one-time-key"
              value={value}
              onFocus={(e) => e.target.select()}
              className={`${inputClass} font-mono`}
            />
            <CopyButton text={value} toastTitle={copyToast} size="md" />
          </div>
          <Button className="mt-3" size="sm" onClick={onDismiss}>
            {dismissLabel}
          </Button>
        </div>
      </div>
    </section>
  );
}
