// What the logs filter bar checks before it changes the URL (docs/web.md#prompt-logs), kept apart
// from the component so it is tested without a browser.
import { SEARCH_MAX_CHARS } from "@promptsentry/schema/constants/logs";

export const FILTER_MESSAGES = {
  searchTooLong: `Search is limited to ${SEARCH_MAX_CHARS} characters`,
  reversedRange: "The start of the range must be before its end",
  incompleteRange: "Choose a start or an end",
} as const;

/** A 'YYYY-MM-DDTHH:mm' local field → ISO, or undefined when blank or not a date. */
export function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** ISO → the 'YYYY-MM-DDTHH:mm' a datetime-local field shows, in local time. */
export function isoToLocal(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The custom range's problem, or null: the server refuses a reversed one as well (400). */
export function rangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (!from && !to) return FILTER_MESSAGES.incompleteRange;
  if (from && to && Date.parse(from) > Date.parse(to)) return FILTER_MESSAGES.reversedRange;
  return null;
}

export const searchProblem = (text: string) => ([...text].length > SEARCH_MAX_CHARS ? FILTER_MESSAGES.searchTooLong : null);
