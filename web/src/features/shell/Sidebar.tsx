import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { PRODUCT_NAME } from "@promptsentry/schema/constants/screens";
import { ShieldIcon, XIcon } from "../../components/icons";
import { cx } from "../../components/ui";
import { NAV_ITEMS } from "./nav";

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul role="list" className="space-y-1">
      {NAV_ITEMS.map(({ label, to, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            onClick={onNavigate}
            activeOptions={{ exact: to === "/" }}
            className="group flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
            activeProps={{
              className: "!bg-indigo-50 !text-indigo-700 dark:!bg-indigo-500/15 dark:!text-indigo-300",
              "aria-current": "page",
            }}
          >
            <Icon className="h-5 w-5 shrink-0" />
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Brand() {
  return (
    <div className="flex h-16 shrink-0 items-center gap-2 px-4">
      <ShieldIcon className="h-7 w-7 text-indigo-600 dark:text-indigo-400" />
      <span className="text-lg font-bold tracking-tight text-gray-900 dark:text-white">{PRODUCT_NAME}</span>
    </div>
  );
}

/**
 * The phone menu behaves as a modal dialog without Headless UI in the first screen's bundle: focus
 * moves into it when it opens, Tab stays inside, Escape closes it, and focus returns to what opened it.
 */
function useDrawerFocus(open: boolean, onClose: () => void) {
  const panel = useRef<HTMLElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  // The latest onClose, so a new function from the parent's render does not re-run the effect (and refocus).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        closeRef.current();
        return;
      }
      if (e.key !== "Tab" || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // Back to the menu button, unless a link moved focus elsewhere (the new page).
      if (opener?.isConnected && (document.activeElement === document.body || panel.current?.contains(document.activeElement)))
        opener.focus();
    };
  }, [open]);
  return { panel, close };
}

export function Sidebar({ mobileOpen, onClose }: { mobileOpen: boolean; onClose: () => void }) {
  const { panel, close } = useDrawerFocus(mobileOpen, onClose);
  return (
    <>
      {/* Desktop */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-gray-200 bg-white lg:flex dark:border-gray-800 dark:bg-gray-900">
        <Brand />
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 pb-4">
          <NavList />
        </nav>
      </aside>
      {/* Mobile drawer */}
      <div className={cx("fixed inset-0 z-40 lg:hidden", mobileOpen ? "" : "hidden")}>
        <div className="absolute inset-0 bg-gray-900/50" onClick={onClose} aria-hidden="true" />
        <aside
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="relative flex h-full w-64 flex-col bg-white shadow-xl dark:bg-gray-900"
        >
          <div className="flex items-center justify-between pr-2">
            <Brand />
            <button
              ref={close}
              type="button"
              onClick={onClose}
              aria-label="Close menu"
              className="rounded-md p-2 text-gray-500 hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              <XIcon />
            </button>
          </div>
          <nav aria-label="Main mobile" className="flex-1 overflow-y-auto px-3 pb-4">
            <NavList onNavigate={onClose} />
          </nav>
        </aside>
      </div>
    </>
  );
}
