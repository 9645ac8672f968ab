// Copy-to-clipboard button with a toast and a 2 s 'copied' indicator (docs/web.md#behaviour-the-code-relies-on, schema/constants/).
import { copyText, useCopied } from "../lib/clipboard";
import { CheckIcon, CopyIcon } from "./icons";
import { toast } from "./toast";
import { Button } from "./ui";

export function CopyButton({
  text,
  label = "Copy",
  copiedLabel = "Copied",
  toastTitle = "Copied to clipboard",
  ariaLabel,
  size = "sm",
  variant = "secondary",
  hideText,
  onDark,
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
  toastTitle?: string;
  ariaLabel?: string;
  size?: "sm" | "md";
  variant?: "secondary" | "ghost" | "primary";
  hideText?: boolean;
  /** Light text for dark surfaces (code blocks). */
  onDark?: boolean;
}) {
  const { copied, mark } = useCopied();
  const done = copied !== null;
  const onClick = async () => {
    try {
      await copyText(text);
      mark("x");
      toast({ title: toastTitle });
    } catch (e) {
      toast({
        title: "Copy failed",
        description: e instanceof Error ? e.message : "Select the text and copy it manually.",
        variant: "destructive",
      });
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      onClick={() => void onClick()}
      aria-label={ariaLabel ?? label}
      title={ariaLabel ?? label}
      data-copied={done ? "true" : undefined}
      className={onDark ? "bg-transparent! text-gray-300! shadow-none! hover:bg-gray-800! hover:text-white!" : undefined}
    >
      {done ? (
        <CheckIcon className={onDark ? "h-4 w-4 text-green-400" : "h-4 w-4 text-green-600 dark:text-green-400"} />
      ) : (
        <CopyIcon className="h-4 w-4" />
      )}
      {hideText ? null : <span aria-live="polite">{done ? copiedLabel : label}</span>}
      {hideText && done ? (
        <span className="sr-only" aria-live="polite">
          {copiedLabel}
        </span>
      ) : null}
    </Button>
  );
}
