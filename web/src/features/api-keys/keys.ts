import { MASKED_KEY_ASTERISKS, PERMISSION_LABELS } from "@promptsentry/schema/constants/access";

/** Masked display: the stored prefix followed by 32 asterisks (docs/web.md#screens, schema/constants/). */
export function maskedKey(prefix: string): string {
  return prefix + "*".repeat(MASKED_KEY_ASTERISKS);
}

/** Short display: the prefix followed by '...'. */
export function shortKey(prefix: string): string {
  return `${prefix}...`;
}

/** Label of a permission id (unknown ids shown as they are). */
export function permissionLabel(id: string): string {
  return (PERMISSION_LABELS as Record<string, string>)[id] ?? id;
}

/**
 * The expiry date picked in the form ('YYYY-MM-DD', local calendar day) → ISO timestamp of the end
 * of that day, so a key set to expire "on" a day works all through it. Blank → undefined.
 */
export function expiryToIso(day: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!m) return day.trim() ? day.trim() : undefined; // let the schema report a malformed date
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return d.toISOString();
}

/** Expired when the server says so or when the expiry has passed since the list was fetched. */
export function isExpired(key: { expired?: boolean; expiresAt: string | null }, now: number = Date.now()): boolean {
  if (key.expired) return true;
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
}

/** Today as 'YYYY-MM-DD' in local time (the date input's minimum). */
export function todayInput(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
