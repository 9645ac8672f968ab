import { api } from "./client";
import type { PromptLog } from "./types";

export type TestPromptInput = {
  prompt: string;
  response: string;
  model: string;
  source: "integration-test";
  tokenCount: number;
  estimatedCost: number;
};

/** POST /api/test-prompt → the stored log with the flag the server assigned. */
export const submitTestPrompt = (input: TestPromptInput) =>
  api<PromptLog>("/api/test-prompt", { method: "POST", body: input });
