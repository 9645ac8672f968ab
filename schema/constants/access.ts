// Who may do what: permissions, roles, API keys, sessions and the credential cache (docs/auth-and-tenancy.md,
// docs/sessions.md).

export const PERMISSIONS = ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read", "admin"] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PERMISSION_LABELS: Record<Permission, string> = {
  "logs:read": "Read Prompt Logs",
  "logs:write": "Write Prompt Logs",
  "alerts:read": "Read Alerts",
  "alerts:write": "Manage Alerts",
  "users:read": "Read Users",
  admin: "Full Access",
};

export const ROLES = ["admin", "engineer", "viewer"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  viewer: ["logs:read", "alerts:read"],
  engineer: ["logs:read", "alerts:read", "logs:write", "alerts:write", "users:read"],
  admin: ["admin"],
};
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Full access to all features and settings",
  engineer: "Search, debug and export logs",
  viewer: "Read-only access to logs",
};

export const API_KEY_PREFIX = "pk_live_";
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_DISPLAY_PREFIX_LENGTH = 16;
export const MASKED_KEY_ASTERISKS = 32;
export const SESSION_COOKIE = "ps_session";

/** A session unused this long ends (an open dashboard renews it through its realtime token refresh). */
export const SESSION_IDLE_TIMEOUT_SECONDS = 60 * 60 * 2;
/** No session outlives this, however active: sign in with the key again. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24;
/** Last-seen time and cookie are renewed at most this often, so reads don't each cost a write. */
export const SESSION_RENEW_INTERVAL_SECONDS = 60;

/**
 * An isolate remembers a Bearer key's resolution (key → organization, role, plan) this long. The
 * cache never decides alone that a key is valid: ingestion re-reads the key row in the D1 round trip
 * it makes anyway (docs/sessions.md, "Cached credentials").
 */
export const CREDENTIAL_CACHE_TTL_MS = 10_000;
/** Keys one isolate remembers at most (oldest forgotten first). */
export const CREDENTIAL_CACHE_MAX_ENTRIES = 1_000;
