import { monotonicFactory, ulid } from "ulidx";

/** Time-sortable ids (ULID): newest-first by id matches newest-first by time. */
export const newId = monotonicFactory();
export const idAt = (timeMs: number) => ulid(timeMs);
