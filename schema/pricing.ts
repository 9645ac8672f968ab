// Server-side cost estimation when a client sends tokenCount but no cost (docs/api.md).
import { DEFAULT_PRICE_CENTS_PER_1K, MODEL_PRICES_CENTS_PER_1K } from "./constants/models";

const PRICE_PREFIXES = Object.keys(MODEL_PRICES_CENTS_PER_1K).sort((a, b) => b.length - a.length);

/** Blended price per 1,000 tokens in cents for a model name, by longest known prefix. */
export function priceCentsPer1k(model: string): number {
  const name = model.toLowerCase();
  const prefix = PRICE_PREFIXES.find((p) => name.startsWith(p));
  return prefix ? MODEL_PRICES_CENTS_PER_1K[prefix] : DEFAULT_PRICE_CENTS_PER_1K;
}

/** Costs are kept in cents to 4 decimals: sums of many small floats otherwise show noise digits. */
export const roundCents = (cents: number) => Math.round(cents * 10_000) / 10_000;

/** Estimated cost in cents, rounded to 4 decimals. */
export function estimateCostCents(model: string, tokenCount: number): number {
  return roundCents((tokenCount / 1000) * priceCentsPer1k(model));
}
