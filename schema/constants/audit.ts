// The audit log: what it records, who acted, and the labels the screen shows (docs/api.md).

/**
 * What the audit log records (GET /api/audit, docs/api.md): each change to an organization's policy or
 * access, as `<entity>.<verb>`. A record lives in the database that holds what it records, written in
 * the same batch (worker/src/queries/audit.ts): flag feedback in the tenant's data shard, the rest in
 * the control database.
 */
export const AUDIT_ENTITY_TYPES = ["settings", "api_key", "member", "webhook", "integration", "feedback", "data"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
/** Entity types recorded in the data shard (beside the logs they judge); every other type is in the control database. */
export const AUDIT_SHARD_ENTITY_TYPES: readonly AuditEntityType[] = ["feedback"];
export const AUDIT_ACTIONS = [
  "settings.update",
  "api_key.create",
  "api_key.rotate",
  "api_key.revoke",
  "member.invite",
  "member.role_change",
  "member.remove",
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "integration.create",
  "integration.update",
  "integration.delete",
  "feedback.set",
  "feedback.delete",
  "data.delete",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  settings: "Settings",
  api_key: "API key",
  member: "Team member",
  webhook: "Webhook",
  integration: "Integration",
  feedback: "Flag feedback",
  data: "All data",
};
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "settings.update": "Changed settings",
  "api_key.create": "Created API key",
  "api_key.rotate": "Rotated API key",
  "api_key.revoke": "Revoked API key",
  "member.invite": "Invited member",
  "member.role_change": "Changed role",
  "member.remove": "Removed member",
  "webhook.create": "Created webhook",
  "webhook.update": "Changed webhook",
  "webhook.delete": "Deleted webhook",
  "integration.create": "Added integration",
  "integration.update": "Changed integration",
  "integration.delete": "Deleted integration",
  "feedback.set": "Judged a flag",
  "feedback.delete": "Removed a verdict",
  "data.delete": "Deleted all data",
};
/** Who acted: a team member (through any of their keys or sessions), or a key that belongs to no member. */
export const AUDIT_ACTOR_TYPES = ["member", "key"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
/** Stands in for a secret (a webhook's signing secret, an integration's token) in a record's old and new values. */
export const AUDIT_SECRET = "[secret]";
