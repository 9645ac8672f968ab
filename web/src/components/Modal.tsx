// Headless UI dialog with the app's panel styling.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { XIcon } from "./icons";
import { cx } from "./ui";

export function Modal({
  open,
  onClose,
  title,
  children,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: "md" | "lg" | "xl";
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 w-screen overflow-y-auto">
      <DialogBackdrop transition className="fixed inset-0 bg-gray-900/50 transition-opacity data-closed:opacity-0 dark:bg-black/75" />
      <div className="relative">
        <div className="flex min-h-screen items-center justify-center p-4">
          <DialogPanel
            transition
            className={cx(
              "relative w-full rounded-xl bg-white p-6 shadow-xl transition-all data-closed:scale-95 data-closed:opacity-0 dark:bg-gray-900 dark:ring-1 dark:ring-gray-800",
              size === "xl" ? "max-w-4xl" : size === "lg" ? "max-w-2xl" : "max-w-md",
            )}
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <DialogTitle className="text-lg font-semibold text-gray-900 dark:text-white">{title}</DialogTitle>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 dark:hover:bg-gray-800"
              >
                <XIcon className="h-5 w-5" />
              </button>
            </div>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
