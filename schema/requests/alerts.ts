// Alerts: the list and bulk acknowledge (docs/api.md).
import * as v from "valibot";
import { LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT } from "../constants/logs";
import { ALERTS_ACK_BATCH } from "../constants/alerts";
import { cursorParam, intParam } from "./fields";

export const alertsQuery = v.object({
  acknowledged: v.optional(v.picklist(["true", "false"], "acknowledged must be true or false")),
  limit: intParam(1, LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT),
  before: cursorParam,
});

export const acknowledgeAlertsBody = v.object({
  ids: v.pipe(
    v.array(
      v.pipe(v.string("ids must be alert ids"), v.nonEmpty("ids must be alert ids"), v.maxLength(64, "ids must be alert ids")),
      "ids must be a list of alert ids",
    ),
    v.minLength(1, "Name at least one alert"),
    v.maxLength(ALERTS_ACK_BATCH, `At most ${ALERTS_ACK_BATCH} alerts at a time`),
  ),
});
