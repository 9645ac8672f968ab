// Webhooks: create and change (docs/delivery.md).
import * as v from "valibot";
import { WEBHOOK_EVENTS } from "../constants/delivery";
import { httpUrl, MESSAGES, required, requiredName } from "./fields";

const webhookEvents = required(
  v.pipe(
    v.array(v.picklist(WEBHOOK_EVENTS, "Unknown event"), MESSAGES.eventsRequired),
    v.minLength(1, MESSAGES.eventsRequired),
    v.transform((events) => [...new Set(events)]),
  ),
  [],
);

export const webhookBody = v.object({
  name: requiredName,
  url: required(httpUrl(MESSAGES.validUrl)),
  events: webhookEvents,
});

export const webhookPatch = v.pipe(
  v.object({
    name: v.optional(requiredName),
    url: v.optional(httpUrl(MESSAGES.validUrl)),
    events: v.optional(webhookEvents),
    active: v.optional(v.boolean("active must be true or false")),
  }),
  v.check((o) => Object.values(o).some((x) => x !== undefined), "Nothing to update"),
);
