// The per-isolate copy of segment directories is bounded: an isolate serves any number of tenants, so
// the least recently read directory is forgotten first, and a directory read again stays.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { logSegments } from "@promptsentry/schema/tables/segments";
import { registerOrg, testDb } from "../../test/helpers";
import { forgetSegments, SEGMENT_CACHE_MAX_ENTRIES, segmentCacheSize, segmentsOf } from "./segments";

const read = (orgId: string, now: number) => segmentsOf(env, testDb(), orgId, 0, now);

/** A directory row written behind the cache's back: only a directory read from D1 again sees it. */
const addSegmentRow = (orgId: string, now: number) =>
  testDb()
    .insert(logSegments)
    .values({ orgId, seq: 1, db: "SEG_0", startsAt: new Date(now), openedAt: new Date(now) });

describe("segment directory cache", () => {
  beforeEach(() => forgetSegments());

  it("remembers at most SEGMENT_CACHE_MAX_ENTRIES directories, the least recently read forgotten first", async () => {
    const now = Date.now();
    const [kept, evicted] = [(await registerOrg()).orgId, (await registerOrg()).orgId];
    await read(kept, now);
    await read(evicted, now);
    for (let i = 0; i < SEGMENT_CACHE_MAX_ENTRIES - 2; i++) await read(`org-${i}`, now);
    expect(segmentCacheSize()).toBe(SEGMENT_CACHE_MAX_ENTRIES);
    // Read again: now the most recently read, so the next new directory pushes out org-evicted instead.
    await read(kept, now);
    await read("org-new", now);
    expect(segmentCacheSize()).toBe(SEGMENT_CACHE_MAX_ENTRIES);

    await addSegmentRow(kept, now);
    await addSegmentRow(evicted, now);
    expect((await read(kept, now)).length).toBe(1);
    expect((await read(evicted, now)).length).toBe(2);
  });
});
