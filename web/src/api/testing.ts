import type { TEST_PROMPT_SOURCE } from "@promptsentry/schema/constants/models";
import { api } from "./client";
import { logKeys } from "./logs";
import { statsKeys } from "./stats";
import type { PromptLog, TestPromptDryRun } from "./types";

export type TestPromptInput = {
  prompt: string;
  response: string;
  model: string;
  source: typeof TEST_PROMPT_SOURCE;
  tokenCount: number;
  estimatedCost: number;
  /** Detect only: nothing stored, alerted, delivered or broadcast (docs/api.md). */
  dryRun?: boolean;
};

/** What a newly stored log changes: every log list and every figure of the stats tree (cards and trends). */
export const keysChangedByNewLog = [logKeys.all, statsKeys.all] as const;

/** POST /api/test-prompt → the stored log with the flag the server assigned, or with `dryRun` what it would be. */
export const submitTestPrompt = (input: TestPromptInput) =>
  api<PromptLog | TestPromptDryRun>("/api/test-prompt", { method: "POST", body: input });

/** A dry run's answer (nothing was stored) rather than a stored log. */
export const isDryRun = (result: PromptLog | TestPromptDryRun): result is TestPromptDryRun => "dryRun" in result && result.dryRun;
