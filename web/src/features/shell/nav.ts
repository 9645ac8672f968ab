// The 12 sidebar entries of docs/web.md#screens, in order, and the titles of every page.
import { PRODUCT_NAME } from "@promptsentry/schema/constants/screens";
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

/** Pages of one item shown over a screen: the header keeps the screen's title, the tab names the item. */
const ITEM_PAGES: { pattern: RegExp; screen: string; item: string }[] = [
  { pattern: /^\/logs\/[^/]+$/, screen: "Prompt Logs", item: "Prompt Details" },
];

/** Views of one session or user, each a page of its own. */
const VIEW_PAGES: { pattern: RegExp; title: string }[] = [
  { pattern: /^\/sessions\/[^/]+$/, title: "Session" },
  { pattern: /^\/users\/[^/]+$/, title: "User" },
];

const trimmed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** Title of the page header for a pathname; unknown paths are the 404 page. */
export function pageTitle(pathname: string): string {
  const path = trimmed(pathname);
  return (
    NAV_ITEMS.find((i) => i.to === path)?.label ??
    SUB_PAGES[path] ??
    VIEW_PAGES.find((p) => p.pattern.test(path))?.title ??
    ITEM_PAGES.find((p) => p.pattern.test(path))?.screen ??
    "Page Not Found"
  );
}

/** The browser tab's title (document.title): the page, then the product, e.g. "Prompt Logs · PromptSentry". */
export function documentTitle(pathname: string): string {
  const item = ITEM_PAGES.find((p) => p.pattern.test(trimmed(pathname)));
  return `${item ? `${item.item} · ${item.screen}` : pageTitle(pathname)} · ${PRODUCT_NAME}`;
}
