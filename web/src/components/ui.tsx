// Shared presentational primitives (buttons, cards, badges, placeholders, error and empty states).
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { describeError, supportLine } from "../api/client";
import { AlertCircleIcon, RefreshIcon } from "./icons";

export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}

type Variant = "primary" | "secondary" | "ghost" | "danger";
const VARIANT: Record<Variant, string> = {
  primary:
    "bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600 disabled:bg-indigo-400 dark:disabled:bg-indigo-800",
  secondary:
    "bg-white text-gray-900 ring-1 ring-inset ring-gray-300 hover:bg-gray-50 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-700 dark:hover:bg-gray-700",
  ghost: "text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white",
  danger: "bg-red-600 text-white hover:bg-red-500 focus-visible:outline-red-600",
};

export function buttonClass(variant: Variant = "primary", size: "sm" | "md" | "lg" = "md"): string {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors",
    variant !== "ghost" && "shadow-xs",
    "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70",
    size === "sm" ? "px-2.5 py-1.5 text-xs" : size === "lg" ? "px-5 py-3 text-base" : "px-3.5 py-2 text-sm",
    VARIANT[variant],
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: "sm" | "md" | "lg" };
export function Button({ variant = "primary", size = "md", className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={cx(buttonClass(variant, size), className)} {...rest} />;
}

export function Card({ className, children, ...rest }: { className?: string; children: ReactNode } & Record<string, unknown>) {
  return (
    <section
      className={cx("rounded-xl border border-gray-200 bg-white shadow-xs dark:border-gray-800 dark:bg-gray-900", className)}
      {...rest}
    >
      {children}
    </section>
  );
}

/** Card with a heading row (title, optional actions) and a body. `title` labels the region. */
export function Panel({
  title,
  icon,
  actions,
  children,
  className,
  bodyClassName,
}: {
  title: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  const id = typeof title === "string" ? `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}` : undefined;
  return (
    <Card className={className} aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 px-5 py-4 dark:border-gray-800">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-gray-900 dark:text-white">
          {icon}
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className={cx("p-5", bodyClassName)}>{children}</div>
    </Card>
  );
}

export function Badge({ className, children, title }: { className?: string; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        className ?? "bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-800 dark:text-gray-300",
      )}
    >
      {children}
    </span>
  );
}

/** A pulsing grey block used as a loading placeholder. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx("animate-pulse rounded-md bg-gray-200 dark:bg-gray-800", className)} />;
}

/** N placeholder rows inside a busy region (screen readers hear 'Loading…'). */
export function PlaceholderRows({ count, rowClassName = "h-20" }: { count: number; rowClassName?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows with no identity of their own.
        <Skeleton key={i} className={cx("w-full", rowClassName)} />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-sm text-gray-500 dark:text-gray-400">{children}</p>;
}

/** What went wrong as a sentence, and the code and reference for support in small print. */
export function ErrorMessage({ error, className }: { error: unknown; className?: string }) {
  const failure = describeError(error);
  const support = supportLine(failure);
  return (
    <div className={className}>
      <p className="text-sm text-gray-700 dark:text-gray-300">{failure.sentence}</p>
      {support ? (
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400" data-testid="error-support">
          {support}
        </p>
      ) : null}
    </div>
  );
}

/** Error state with a 'Retry' button. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
      <AlertCircleIcon className="h-8 w-8 text-red-500" />
      <div className="max-w-md wrap-anywhere">
        <p className="text-sm font-medium text-gray-900 dark:text-white">{title}</p>
        <ErrorMessage error={error} className="mt-1" />
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshIcon className="h-4 w-4" />
        Retry
      </Button>
    </div>
  );
}

export function Spinner({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg className={cx("animate-spin text-indigo-600", className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path fill="currentColor" className="opacity-75" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
}

export const inputClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-gray-900 ring-1 ring-inset ring-gray-300 placeholder:text-gray-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 dark:bg-gray-800 dark:text-white dark:ring-gray-700 dark:placeholder:text-gray-500";

export const labelClass = "block text-sm font-medium text-gray-700 dark:text-gray-300";

/** The title row of a screen: heading, description and an optional action on the right. */
export function PageHeading({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{title}</h2>
        {description ? <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
