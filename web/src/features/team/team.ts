import { ROLES, type Role } from "@promptsentry/schema/constants/access";

/** Members per role for the three count cards (unknown roles are not counted). */
export function countByRole(members: readonly { role: string }[]): Record<Role, number> {
  const counts = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const m of members) if ((ROLES as readonly string[]).includes(m.role)) counts[m.role as Role]++;
  return counts;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/** 'Last active' text from an ISO timestamp: Just now, N minutes/hours/days ago, then the date; null → Never. */
export function lastActiveText(lastActive: string | null | undefined, now: number = Date.now()): string {
  if (!lastActive) return "Never";
  const t = Date.parse(lastActive);
  if (Number.isNaN(t)) return "Never";
  const seconds = Math.max(0, Math.floor((now - t) / 1000));
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 30) return plural(days, "day");
  return new Date(t).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** Status dot colour (docs/web.md#screens): online green, away amber, anything else gray. */
export function statusDotClass(status: string): string {
  return status === "online" ? "bg-green-500" : status === "away" ? "bg-amber-500" : "bg-gray-400";
}

/** 'engineer' → 'Engineer'. */
export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
