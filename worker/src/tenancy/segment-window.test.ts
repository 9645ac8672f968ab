// Which segments a window of time reads: only the live ones whose range meets it, newest first.
import { describe, expect, it } from "vitest";
import { segmentsOverlapping } from "./segment-window";
import type { Segment } from "./segments";

const chain = (starts: number[], dropped: number[] = []) =>
  starts.map((startsAt, seq) => ({ seq, startsAt, dropped: dropped.includes(seq) }) as Segment);
const seqs = (segments: Segment[]) => segments.map((s) => s.seq);

describe("segmentsOverlapping", () => {
  const segments = chain([0, 100, 200, 300]);

  it("reads one segment for a window inside it, and the home segment alone for an organization with one", () => {
    expect(seqs(segmentsOverlapping(segments, 210, 290))).toEqual([2]);
    expect(seqs(segmentsOverlapping(segments, 350))).toEqual([3]);
    expect(seqs(segmentsOverlapping(chain([0]), 5, 10))).toEqual([0]);
  });

  it("reads every segment a window meets, newest first; a segment ends where the next starts", () => {
    expect(seqs(segmentsOverlapping(segments, 150, 250))).toEqual([2, 1]);
    expect(seqs(segmentsOverlapping(segments, 100, 199))).toEqual([1]);
    expect(seqs(segmentsOverlapping(segments, 99, 200))).toEqual([2, 1, 0]);
    expect(seqs(segmentsOverlapping(segments, 0))).toEqual([3, 2, 1, 0]);
  });

  it("skips dropped segments", () => {
    expect(seqs(segmentsOverlapping(chain([0, 100, 200], [1]), 50, 250))).toEqual([2, 0]);
    expect(segmentsOverlapping(chain([0, 100, 200], [1]), 120, 150)).toEqual([]);
  });
});
