import { api } from "./client";
import { logKeys } from "./logs";
import { statsKeys } from "./stats";
import type { PromptLog } from "./types";

export type TestPromptInput = {
  prompt: string;
  response: string;
  model: string;
  source: "integration-test";
  tokenCount: number;
  estimatedCost: number;
};

/** What a newly stored log changes: every log list and every figure of the stats tree (cards and trends). */
export const keysChangedByNewLog = [logKeys.all, statsKeys.all] as const;

/** POST /api/test-prompt → the stored log with the flag the server assigned. */
export const submitTestPrompt = (input: TestPromptInput) => api<PromptLog>("/api/test-prompt", { method: "POST", body: input });
