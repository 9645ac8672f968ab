// Headless UI dialog with the app's panel styling.
// The fade/zoom-in is plain CSS (@starting-style through Tailwind's `starting:` variant), not Headless
// UI's `transition` prop: its transition state machine deadlocks when `open` flips back to false during
// the enter transition (tailwindlabs/headlessui#3892), leaving an open, click-swallowing dialog after a
// fast confirm. Closing unmounts at once.
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
      <DialogBackdrop className="fixed inset-0 bg-gray-900/50 transition-opacity duration-150 starting:opacity-0 dark:bg-black/75" />
      <div className="relative">
        <div className="flex min-h-screen items-center justify-center p-4">
          <DialogPanel
            className={cx(
              "relative w-full rounded-xl bg-white p-6 shadow-xl transition-all duration-150 starting:scale-95 starting:opacity-0 dark:bg-gray-900 dark:ring-1 dark:ring-gray-800",
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
