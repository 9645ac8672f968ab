// Columns every area uses.
import { integer } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
