import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useRouter, useRouterState } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { PRODUCT_NAME, REFRESH_MS } from "@promptsentry/schema/constants/screens";
import { recentAlertsQueryOptions } from "../../api/alerts";
import { errorText } from "../../api/client";
import { organizationKey, signOut } from "../../api/organization";
import type { Organization } from "../../api/types";
import { BellIcon, LogOutIcon, MenuIcon, MoonIcon, SunIcon } from "../../components/icons";
import { toast } from "../../components/toast";
import { initials } from "../../lib/format";
import { toggleTheme, useTheme } from "../../lib/theme";
import { LiveIndicator } from "../realtime/LiveIndicator";
import { documentTitle, pageTitle } from "./nav";

const iconButton =
  "relative rounded-full p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white";

function ThemeToggle() {
  const theme = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className={iconButton}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

function NotificationBell() {
  const { data } = useQuery({ ...recentAlertsQueryOptions(), refetchInterval: REFRESH_MS.alerts });
  const count = data?.total ?? data?.items.length ?? 0;
  return (
    <Link to="/alerts" className={iconButton} aria-label={count > 0 ? `Notifications: ${count} unacknowledged alerts` : "Notifications"}>
      <BellIcon />
      {count > 0 ? (
        <span
          data-testid="bell-dot"
          className="absolute top-1.5 right-1.5 block h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white dark:ring-gray-900"
        />
      ) : null}
    </Link>
  );
}

function UserMenu({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const displayName = organization.member?.name ?? organization.name;
  const email = organization.member?.email ?? organization.email;
  const out = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Back to the landing page first, then forget everything cached for this organization.
      queryClient.setQueryData(organizationKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== organizationKey[0] });
      await navigate({ to: "/" });
      await router.invalidate();
    },
    onError: (e) => toast({ title: "Sign out failed", description: errorText(e), variant: "destructive" }),
  });
  // A small menu button (WAI-ARIA menu pattern) kept out of Headless UI so the initial bundle
  // does not carry it: Enter/Space/ArrowDown open, Escape and outside clicks close.
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    item.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="flex items-center gap-2 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label={`Account menu for ${displayName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span
          className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
          data-testid="avatar-initials"
        >
          {initials(displayName)}
        </span>
        <span className="hidden text-sm font-medium text-gray-700 md:block dark:text-gray-200">{displayName}</span>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          className="absolute right-0 z-50 mt-2 w-60 origin-top-right rounded-lg bg-white p-1 shadow-lg ring-1 ring-black/5 dark:bg-gray-900 dark:ring-gray-700"
        >
          <div className="border-b border-gray-100 px-3 py-2 dark:border-gray-800" role="none">
            <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{displayName}</p>
            <p className="truncate text-xs text-gray-500 dark:text-gray-400">{email}</p>
            <p className="truncate text-xs text-gray-500 dark:text-gray-400">{organization.name}</p>
          </div>
          <button
            ref={item}
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              out.mutate();
            }}
            className="mt-1 flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:text-gray-200 dark:hover:bg-gray-800 dark:focus:bg-gray-800"
          >
            <LogOutIcon className="h-4 w-4" />
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function Header({ organization, onOpenMenu }: { organization: Organization; onOpenMenu: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Each page names the browser tab (history, bookmarks, shared links); signed out, the product again.
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  useEffect(
    () => () => {
      document.title = PRODUCT_NAME;
    },
    [],
  );
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-gray-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-gray-800 dark:bg-gray-900/90">
      <button type="button" onClick={onOpenMenu} className={`${iconButton} lg:hidden`} aria-label="Open menu">
        <MenuIcon />
      </button>
      <h1 className="truncate text-lg font-semibold text-gray-900 dark:text-white" data-testid="page-title">
        {pageTitle(pathname)}
      </h1>
      <LiveIndicator />
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <ThemeToggle />
        <NotificationBell />
        <UserMenu organization={organization} />
      </div>
    </header>
  );
}
