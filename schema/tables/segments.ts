// The log segment directory (control database, docs/scaling.md#step-3--segments): which database holds
// which time range of an organization's logs. Segment 0 of every organization is its home shard and
// has no row here; seq ≥ 1 is a database of the segment pool (schema/shards.ts SEGMENT_DBS) owned by
// that segment alone, so an expired segment is emptied whole.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

export const logSegments = sqliteTable(
  "log_segments",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** The pool database's binding name (SEGMENT_DBS). */
    db: text("db").notNull(),
    /**
     * Log ids are ULIDs stamped at write time: the segment holds the ids whose time is ≥ this (ms) and
     * below the next segment's. Set ahead of the moment it is written so every writer sees it first.
     */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    openedAt: integer("opened_at", { mode: "timestamp_ms" }).notNull(),
    /** When retention took it out of the chain: every read and lookup skips it from then on. */
    droppedAt: integer("dropped_at", { mode: "timestamp_ms" }),
    /** When its dropped database was emptied: only then is the database free for another segment. */
    emptiedAt: integer("emptied_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.seq] }), index("log_segments_db").on(t.db, t.droppedAt)],
);

export type LogSegmentRow = typeof logSegments.$inferSelect;
