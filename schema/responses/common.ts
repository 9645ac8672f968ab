// Building blocks of the response schemas: how every answer writes a time, an id, an optional value.
import * as v from "valibot";

/** ISO-8601 UTC with milliseconds (`Date.prototype.toISOString`), the one way answers write a time. */
export const timestamp = v.pipe(v.string(), v.isoTimestamp());
/** A time that may not have happened yet (`null`). */
export const optionalTimestamp = v.nullable(timestamp);
/** Ids are strings (ULIDs for rows we create). */
export const id = v.string();
export const nullableString = v.nullable(v.string());
export const nullableNumber = v.nullable(v.number());

/**
 * Money is US cents everywhere in the API (1 = $0.01; fractions allowed: 0.0323 = $0.000323). The
 * description rides into the OpenAPI document so clients know the unit without reading the prose.
 */
export const CENTS_DESCRIPTION = "Estimated cost in US cents (1 = $0.01; fractions of a cent allowed).";
export const cents = v.pipe(v.number(), v.description(CENTS_DESCRIPTION));
export const nullableCents = v.pipe(v.nullable(v.number()), v.description(CENTS_DESCRIPTION));
