// The one toast module: at most one toast at a time (schema/constants/), 5 s, default and destructive variants.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { describeError, supportLine } from "../api/client";
import { XIcon } from "./icons";
import { cx } from "./ui";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A failure to explain: its sentence is the description (unless one is given), its code the small print. */
  error?: unknown;
};
type ToastItem = ToastInput & { id: number };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Show a toast; it replaces any toast on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [{ ...input, id }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id?: number): void {
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const getSnapshot = () => toasts;

function ToastView({ item }: { item: ToastItem }) {
  useEffect(() => {
    const t = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(t);
  }, [item.id]);
  const destructive = item.variant === "destructive";
  const failure = item.error !== undefined ? describeError(item.error) : undefined;
  const description = item.description ?? failure?.sentence;
  const support = failure ? supportLine(failure) : undefined;
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-variant={item.variant ?? "default"}
      className={cx(
        "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg",
        destructive
          ? "border-red-600 bg-red-600 text-white"
          : "border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100",
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {description ? (
          <p className={cx("mt-1 text-sm wrap-anywhere", destructive ? "text-red-50" : "text-gray-600 dark:text-gray-300")}>
            {description}
          </p>
        ) : null}
        {support ? (
          <p className={cx("mt-1 text-xs wrap-anywhere", destructive ? "text-red-100" : "text-gray-500 dark:text-gray-400")}>{support}</p>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => dismissToast(item.id)}
        className={cx("rounded p-0.5", destructive ? "text-red-100 hover:text-white" : "text-gray-400 hover:text-gray-600")}
      >
        <XIcon className="h-4 w-4" />
      </button>
    </div>
  );
}

/**
 * The toast region (F8 focuses it). Render once near the root. It is portalled to a direct child of
 * <body>: an open Headless UI dialog makes the app root inert and hidden from assistive technology,
 * while body-level siblings stay live (and clicks on them do not count as outside the dialog), so a
 * toast raised from inside a dialog ('API key copied') can still be read and dismissed.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const region = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return createPortal(
    <ol
      ref={region}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed right-0 bottom-0 z-[100] flex w-full flex-col items-end gap-2 p-4 outline-none sm:max-w-md"
    >
      {items.map((t) => (
        <li key={t.id} className="flex w-full justify-end">
          <ToastView item={t} />
        </li>
      ))}
    </ol>,
    document.body,
  );
}
