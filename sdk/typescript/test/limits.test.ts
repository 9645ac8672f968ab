// The SDK ships without the monorepo, so it carries copies of the server's batch limits: this fails
// the day schema/constants/ changes them.
import { expect, it } from "vitest";
import { BATCH_MAX_LOGS, MAX_BATCH_BODY_BYTES } from "@promptsentry/schema/constants/ingestion";
import { DEFAULTS, SERVER_BATCH_MAX_LOGS, SERVER_MAX_BATCH_BODY_BYTES } from "../src/limits";

it("matches the server's batch limits", () => {
  expect(SERVER_BATCH_MAX_LOGS).toBe(BATCH_MAX_LOGS);
  expect(SERVER_MAX_BATCH_BODY_BYTES).toBe(MAX_BATCH_BODY_BYTES);
  expect(DEFAULTS.maxBatchSize).toBeLessThanOrEqual(BATCH_MAX_LOGS);
});
