import { monotonicFactory, ulid } from "ulidx";

/** Time-sortable ids (ULID): newest-first by id matches newest-first by time. */
export const newId = monotonicFactory();
export const idAt = (timeMs: number) => ulid(timeMs);

/**
 * The log ids of one writer (a committer). A log's id says which segment holds it
 * (tenancy/segments.ts), so it must carry exactly the time its flush was written at: the shared
 * `newId` carries the latest time any caller of the isolate gave it, which can be later. Each writer
 * owns a stamper that nothing else calls; `time` keeps its flush times from going backwards, so every
 * id it makes carries the time given, in increasing order.
 */
export function logIdStamper() {
  const next = monotonicFactory();
  let last = 0;
  return {
    /** The time of a flush that starts at `nowMs`: never before the writer's previous flush. */
    time: (nowMs: number) => {
      last = Math.max(last, nowMs);
      return last;
    },
    /** A log id at a time `time` answered. */
    id: (timeMs: number) => next(timeMs),
  };
}

/** Makes a log id carrying exactly the given time. */
export type LogIdAt = (timeMs: number) => string;
