// Writes the SQL that creates the local demo organization (Enterprise plan, no quota) with a month of
// realistic traffic, flagged by the real detector, and the alerts that traffic raises.
// Usage: tsx scripts/dev/seed.ts <control.sql> <data.sql> <key-file>   (scripts/dev/start.mjs runs it on an empty
// database). The control rows go to DB, the logs and alerts to the data shard DEMO_SHARD (shard 0: the
// first organization goes to the emptiest shard, tenancy/shards.ts pickShard), which start.mjs reads back.
import { writeFileSync } from "node:fs";
import { DEFAULT_FLAG_RULES, DEFAULT_TOKEN_THRESHOLD } from "@promptsentry/schema/constants/flags";
import { DEFAULT_REDACTION_MODE } from "@promptsentry/schema/constants/privacy";
import { ROLE_PERMISSIONS } from "@promptsentry/schema/constants/access";
import { estimateCostCents } from "@promptsentry/schema/pricing";
import { INDEX_QUEUED_LOGS } from "@promptsentry/schema/search-backfill";
import { detect } from "../../worker/src/detector";
import { alertFor } from "../../worker/src/lib/alert-rules";
import { idAt } from "../../worker/src/lib/ids";
import { displayPrefix, generateApiKey, generateWebhookSecret, hashApiKey } from "../../worker/src/auth/keys";
import { fingerprinter, newFingerprintKey, redactLog } from "../../worker/src/redaction";
import { demoLog, rng } from "../lib/seed-data";

/** The demo organization is the first one: every shard is empty, and pickShard answers 0 (start.mjs seeds DATA_0). */
const DEMO_SHARD = 0;

const DAY = 86_400_000;
const DAYS = 30;

const lit = (v: unknown): string => {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return `'${text.replace(/'/g, "''")}'`;
};
const insert = (table: string, row: Record<string, unknown>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(lit).join(", ")});`;

async function main() {
  const [outFile, dataFile, keyFile] = process.argv.slice(2);
  if (!outFile || !dataFile || !keyFile) throw new Error("usage: seed.ts <control.sql> <data.sql> <key-file>");
  const r = rng(20261121);
  const now = Date.now();
  const sql: string[] = [];
  /** Statements for the demo organization's data shard. */
  const data: string[] = [];

  const orgId = idAt(now - DAYS * DAY);
  sql.push(
    insert("organizations", {
      id: orgId,
      name: "Demo Organization",
      email: "admin@demo.promptsentry.dev",
      plan: "enterprise",
      trial_ends_at: null,
      created_at: now - DAYS * DAY,
      shard: DEMO_SHARD,
    }),
  );
  // The tenant's stub row in its shard (tenancy/shards.ts registerTenant): the data's foreign-key parent.
  data.push(insert("organizations", { id: orgId, name: "", email: "", shard: DEMO_SHARD, created_at: now - DAYS * DAY }));
  // Demo traffic is stored as ingestion stores it: redacted with the default mode (docs/log-flow.md, the redaction step).
  const fingerprintKey = newFingerprintKey();
  const fp = await fingerprinter(fingerprintKey);
  sql.push(
    insert("org_settings", {
      org_id: orgId,
      flag_rules: DEFAULT_FLAG_RULES,
      token_threshold: DEFAULT_TOKEN_THRESHOLD,
      retention_days: 90,
      redaction: DEFAULT_REDACTION_MODE,
      fingerprint_key: fingerprintKey,
    }),
  );

  const members = [
    { name: "Demo Admin", email: "admin@demo.promptsentry.dev", role: "admin" },
    { name: "Priya Natarajan", email: "priya@demo.promptsentry.dev", role: "engineer" },
    { name: "Tomás Herrera", email: "tomas@demo.promptsentry.dev", role: "engineer" },
    { name: "Mei Chen", email: "mei@demo.promptsentry.dev", role: "viewer" },
  ] as const;
  const memberIds: string[] = [];
  for (const [i, m] of members.entries()) {
    const id = idAt(now - DAYS * DAY + i);
    memberIds.push(id);
    sql.push(insert("team_members", { id, org_id: orgId, name: m.name, email: m.email, role: m.role, created_at: now - DAYS * DAY + i }));
  }

  const demoKey = generateApiKey();
  sql.push(
    insert("api_keys", {
      id: idAt(now - DAYS * DAY),
      org_id: orgId,
      member_id: memberIds[0],
      name: "Demo admin key",
      key_hash: await hashApiKey(demoKey),
      key_prefix: displayPrefix(demoKey),
      permissions: ROLE_PERMISSIONS.admin,
      created_at: now - DAYS * DAY,
      last_used_at: now,
    }),
  );
  // The other members' keys were used at different times, so the Team screen shows real statuses.
  const lastUse = [now - 2 * 60_000, now - 25 * 60_000, now - 3 * DAY];
  for (const [i, id] of memberIds.slice(1).entries()) {
    const key = generateApiKey(); // never shown: these members would have received theirs at invite time
    sql.push(
      insert("api_keys", {
        id: idAt(now - DAYS * DAY + 10 + i),
        org_id: orgId,
        member_id: id,
        name: `${members[i + 1].name}'s key`,
        key_hash: await hashApiKey(key),
        key_prefix: displayPrefix(key),
        permissions: ROLE_PERMISSIONS[members[i + 1].role],
        created_at: now - DAYS * DAY,
        last_used_at: lastUse[i],
      }),
    );
  }
  const ingestKey = generateApiKey();
  sql.push(
    insert("api_keys", {
      id: idAt(now - 20 * DAY),
      org_id: orgId,
      member_id: null,
      name: "Production ingestion",
      key_hash: await hashApiKey(ingestKey),
      key_prefix: displayPrefix(ingestKey),
      permissions: ["logs:write"],
      created_at: now - 20 * DAY,
      last_used_at: now - 30_000,
    }),
  );

  sql.push(
    insert("webhooks", {
      id: idAt(now - 10 * DAY),
      org_id: orgId,
      name: "Security pager",
      url: "http://127.0.0.1:9/alerts",
      events: ["flag.detected", "alert.created"],
      active: 0,
      secret: generateWebhookSecret(),
      created_at: now - 10 * DAY,
    }),
  );
  sql.push(
    insert("integrations", {
      id: idAt(now - 9 * DAY),
      org_id: orgId,
      name: "#ai-safety",
      type: "slack",
      config: { webhook_url: "http://127.0.0.1:9/slack", channel: "#ai-safety" },
      active: 0,
      created_at: now - 9 * DAY,
    }),
  );
  sql.push(
    insert("custom_metrics", {
      id: idAt(now - 8 * DAY),
      org_id: orgId,
      name: "GPT-4 share of prompts",
      description: "Percentage of prompts sent to GPT-4 models",
      query: "SELECT 100.0 * sum(model LIKE 'gpt-4%') / count(*) AS value FROM logs",
      type: "percentage",
      visualization: "number",
      refresh_interval: 300,
      is_active: 1,
      created_at: now - 8 * DAY,
    }),
  );

  const users = Array.from({ length: 42 }, (_, i) => `user_${String(i + 1).padStart(3, "0")}`);
  const alerts = new Map<string, { row: Record<string, unknown>; count: number; last: number }>();
  let logs = 0;
  const todayStart = Math.floor(now / DAY) * DAY;
  for (let d = DAYS - 1; d >= 0; d--) {
    const dayStart = todayStart - d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const growth = 1 + (DAYS - d) * 0.012;
    const volume = Math.round(120 * growth * (weekday === 0 || weekday === 6 ? 0.45 : 1) * (0.85 + r.next() * 0.3));
    const times = Array.from({ length: volume }, () => dayStart + r.weighted(HOURS) * 3_600_000 + r.int(0, 3_599_999))
      .filter((t) => t <= now - 5_000)
      .sort((a, b) => a - b);
    for (const t of times) {
      const log = demoLog(r, users);
      const flags = detect(log, { rules: DEFAULT_FLAG_RULES, tokenThreshold: DEFAULT_TOKEN_THRESHOLD });
      const kept = await redactLog(log, flags, DEFAULT_REDACTION_MODE, fp, DEFAULT_FLAG_RULES.sensitiveContent);
      const id = idAt(t);
      data.push(
        insert("prompt_logs", {
          id,
          org_id: orgId,
          created_at: t,
          model: log.model,
          user_id: kept.userId,
          session_id: kept.sessionId,
          prompt: kept.prompt,
          response: kept.response,
          token_count: log.tokenCount,
          estimated_cost: estimateCostCents(log.model, log.tokenCount),
          latency_ms: log.latencyMs,
          source: log.source,
          flag_status: flags.flagStatus,
          flag_reasons: flags.flagReasons,
          findings: kept.findings,
          redaction_mode: DEFAULT_REDACTION_MODE,
        }),
      );
      for (const fingerprint of kept.fingerprints)
        data.push(insert("log_fingerprints", { org_id: orgId, fingerprint, log_id: id, created_at: t }));
      logs++;
      const draft = alertFor({ ...log, userId: kept.userId, ...flags, createdAt: new Date(t) }, { criticalOnly: true });
      if (!draft) continue;
      const group = `${draft.type}|${draft.reason}|${draft.windowStart}`;
      const existing = alerts.get(group);
      if (existing) {
        existing.count++;
        existing.last = t;
      } else {
        const acknowledged = t < now - 2 * DAY;
        alerts.set(group, {
          count: 1,
          last: t,
          row: {
            id: idAt(t),
            org_id: orgId,
            type: draft.type,
            severity: draft.severity,
            message: draft.message,
            reason: draft.reason,
            window_start: draft.windowStart,
            log_id: id,
            created_at: t,
            acknowledged,
            acknowledged_at: acknowledged ? t + 3_600_000 : null,
            acknowledged_by: acknowledged ? memberIds[1] : null,
          },
        });
      }
    }
  }
  for (const { row, count, last } of alerts.values()) data.push(insert("alerts", { ...row, count, last_seen_at: last }));
  // As every write of logs ends: the logs the insert trigger queued go into the search index at once
  // (migration 0013), so the demo month is searchable when `npm start` opens, not after the minute job.
  for (const statement of INDEX_QUEUED_LOGS) data.push(`${statement};`);

  writeFileSync(outFile, `${sql.join("\n")}\n`);
  writeFileSync(dataFile, `${data.join("\n")}\n`);
  writeFileSync(keyFile, `${demoKey}\n`, { mode: 0o600 });
  console.log(`seed: ${logs} logs, ${alerts.size} alerts over ${DAYS} days for "Demo Organization"`);
}

/** Traffic by UTC hour: a working day across Europe and the Americas. */
const HOURS = Array.from({ length: 24 }, (_, h) => [h, h >= 7 && h <= 21 ? 10 : 2] as const);

await main();
