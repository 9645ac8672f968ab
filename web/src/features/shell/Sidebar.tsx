import { Link } from "@tanstack/react-router";
import { PRODUCT_NAME } from "../../../../schema/constants";
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

export function Sidebar({ mobileOpen, onClose }: { mobileOpen: boolean; onClose: () => void }) {
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
        <aside className="relative flex h-full w-64 flex-col bg-white shadow-xl dark:bg-gray-900">
          <div className="flex items-center justify-between pr-2">
            <Brand />
            <button
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
