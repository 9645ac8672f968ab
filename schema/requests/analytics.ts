// Queries of the analytics: day ranges and top spenders (docs/api.md).
import * as v from "valibot";
import { MAX_RANGE_DAYS, STATS_DEFAULT_DAYS, TOP_SPENDERS_DEFAULT, TOP_SPENDERS_MAX } from "../constants/time";
import { intParam } from "./fields";

export const userViewQuery = v.object({
  days: intParam(1, MAX_RANGE_DAYS, 30),
});

export const topSpendersQuery = v.object({
  days: intParam(1, MAX_RANGE_DAYS, 30),
  limit: intParam(1, TOP_SPENDERS_MAX, TOP_SPENDERS_DEFAULT),
});

export const daysQuery = v.object({
  days: intParam(1, MAX_RANGE_DAYS, STATS_DEFAULT_DAYS),
});
