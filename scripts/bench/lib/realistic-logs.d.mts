import type { DemoLog } from "../../lib/seed-data";

export const SEARCH_WORDS: { common: string; rare: string; none: string };
export const VERDICT: unique symbol;
export const RARE_EVERY: number;
/** A demo log padded to a long-tailed length (the same fields as the demo generator's). */
export type RealisticLog = DemoLog;
export function logGenerator(options?: { seed?: number; flagged?: number }): Promise<{
  next(): RealisticLog;
  batch(n: number): RealisticLog[];
}>;
