// Models: the dashboard's test prompts and the prices used when a client sends no cost (docs/api.md).

/** The source of the dashboard's test prompts (spec §7), which Prompt Logs can hide. */
export const TEST_PROMPT_SOURCE = "integration-test";
export const TEST_MODELS = ["gpt-4", "gpt-3.5-turbo", "claude-3", "gemini-pro"] as const;
/**
 * Blended price per 1,000 tokens in cents, used when a client sends tokenCount but no cost.
 * Matched by longest prefix of the model name; unknown models fall back to DEFAULT_PRICE.
 */
export const MODEL_PRICES_CENTS_PER_1K: Record<string, number> = {
  "gpt-4o-mini": 0.04,
  "gpt-4o": 0.75,
  "gpt-4-turbo": 2,
  "gpt-4.1-nano": 0.025,
  "gpt-4.1-mini": 0.1,
  "gpt-4.1": 0.5,
  "gpt-4": 4.5,
  "gpt-3.5": 0.1,
  "gpt-5-nano": 0.0225,
  "gpt-5-mini": 0.1125,
  "gpt-5": 0.5625,
  // Anthropic's published prices, mean of input and output per million tokens (Opus 4/4.1 $15/$75,
  // Opus 4.5 $5/$25, Sonnet 3.5-4.5 $3/$15, Haiku 4.5 $1/$5, Haiku 3.5 $0.80/$4, Haiku 3 $0.25/$1.25).
  "claude-opus-4-5": 1.5,
  "claude-opus-4": 4.5,
  "claude-sonnet-4": 0.9,
  "claude-haiku-4": 0.3,
  "claude-3-7-sonnet": 0.9,
  "claude-3-5-sonnet": 0.9,
  "claude-3-5-haiku": 0.24,
  "claude-3-opus": 4.5,
  "claude-3-haiku": 0.075,
  "claude-3": 0.9,
  claude: 0.9,
  // Google's published Gemini API prices (paid tier, prompts up to 200k tokens), mean of input and
  // output per million tokens: 2.5 Pro $1.25/$10, 2.5 Flash $0.30/$2.50, 2.5 Flash-Lite and 2.0 Flash
  // $0.10/$0.40, 2.0 Flash-Lite $0.075/$0.30, 1.5 Pro $1.25/$5, 1.5 Flash $0.075/$0.30.
  "gemini-2.5-pro": 0.5625,
  "gemini-2.5-flash-lite": 0.025,
  "gemini-2.5-flash": 0.14,
  "gemini-2.0-flash-lite": 0.01875,
  "gemini-2.0-flash": 0.025,
  "gemini-1.5-pro": 0.3125,
  "gemini-1.5-flash": 0.01875,
  "gemini-pro": 0.1,
  gemini: 0.1,
};
export const DEFAULT_PRICE_CENTS_PER_1K = 0.5;
