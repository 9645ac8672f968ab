// What the command palette offers for a query (pure, tested in palette.test.ts): the screens whose
// name matches, a search of the logs for the text, and a log by its id when the text is one.
import { NAV_ITEMS } from "./nav";

export type PaletteAction =
  | { kind: "screen"; id: string; label: string; to: string }
  | { kind: "search"; id: string; label: string; search: string }
  | { kind: "log"; id: string; label: string; logId: string };

/** Screens the palette can go to: the sidebar's twelve and the pages under them. */
const SCREENS = [...NAV_ITEMS.map(({ label, to }) => ({ label, to })), { label: "Audit log", to: "/settings/audit" }];

/** Log ids are ULIDs (26 Crockford base-32 characters). */
const LOG_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

export function paletteActions(query: string): PaletteAction[] {
  const q = query.trim();
  const needle = q.toLowerCase();
  const screens: PaletteAction[] = SCREENS.filter((s) => !needle || s.label.toLowerCase().includes(needle)).map((s) => ({
    kind: "screen",
    id: `screen:${s.to}`,
    label: s.label,
    to: s.to,
  }));
  if (!q) return screens;
  const actions: PaletteAction[] = [];
  if (LOG_ID.test(q)) actions.push({ kind: "log", id: `log:${q}`, label: `Open log ${q.toUpperCase()}`, logId: q.toUpperCase() });
  actions.push(...screens);
  actions.push({ kind: "search", id: `search:${q}`, label: `Search logs for “${q}”`, search: q });
  return actions;
}

/** Where an action goes: a path the router can open. */
export function paletteHref(action: PaletteAction): string {
  if (action.kind === "screen") return action.to;
  if (action.kind === "log") return `/logs/${encodeURIComponent(action.logId)}`;
  return `/logs?search=${encodeURIComponent(JSON.stringify(action.search))}`;
}

/** Typing in a field, a select or an editable region: single-key shortcuts stay out of the way. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (target as HTMLInputElement).type;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(type);
}
