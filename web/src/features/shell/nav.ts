// The 12 sidebar entries of docs/web.md#screens, in order.
import {
  BarChartIcon,
  BellIcon,
  DashboardIcon,
  FileTextIcon,
  FlagIcon,
  FlaskIcon,
  GridIcon,
  KeyIcon,
  LinkIcon,
  SlidersIcon,
  TrendingUpIcon,
  UsersIcon,
} from "../../components/icons";

export const NAV_ITEMS = [
  { label: "Dashboard", to: "/", icon: DashboardIcon },
  { label: "Prompt Logs", to: "/logs", icon: FileTextIcon },
  { label: "Red Flags", to: "/flags", icon: FlagIcon },
  { label: "Analytics", to: "/analytics", icon: BarChartIcon },
  { label: "Advanced Analytics", to: "/advanced-analytics", icon: TrendingUpIcon },
  { label: "Alerts", to: "/alerts", icon: BellIcon },
  { label: "Team", to: "/team", icon: UsersIcon },
  { label: "Webhooks", to: "/webhooks", icon: LinkIcon },
  { label: "API Keys", to: "/api-keys", icon: KeyIcon },
  { label: "Integrations", to: "/integrations", icon: GridIcon },
  { label: "Testing", to: "/testing", icon: FlaskIcon },
  { label: "Settings", to: "/settings", icon: SlidersIcon },
] as const;

export type NavPath = (typeof NAV_ITEMS)[number]["to"];

/** Pages under a sidebar entry (the entry stays highlighted). */
const SUB_PAGES: Record<string, string> = { "/settings/audit": "Audit log" };

/** Title of the page header for a pathname; unknown paths are the 404 page. */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (/^\/sessions\/[^/]+$/.test(path)) return "Session";
  if (/^\/users\/[^/]+$/.test(path)) return "User";
  return NAV_ITEMS.find((i) => i.to === path)?.label ?? SUB_PAGES[path] ?? "Page Not Found";
}
