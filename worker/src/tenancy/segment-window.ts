// Which of an organization's segments a time window touches (docs/scaling.md#step-3--segments). A
// segment holds the logs stamped from its start up to the next segment's start, so a window only
// needs the live segments whose range meets it: a week's stats read one or two databases, not the chain.
import type { Segment } from "./segments";

/** The live segments that can hold logs stamped in [fromMs, toMs], newest first. */
export function segmentsOverlapping(segments: readonly Segment[], fromMs: number, toMs = Number.POSITIVE_INFINITY): Segment[] {
  return segments
    .filter((s, i) => {
      const endsAt = segments[i + 1]?.startsAt ?? Number.POSITIVE_INFINITY;
      return !s.dropped && s.startsAt <= toMs && endsAt > fromMs;
    })
    .reverse();
}
