// The model name a log stores. The API accepts any non-empty name of at most 100 characters, and cost
// estimation and the model filter match by prefix (schema/pricing.ts, MODEL_FILTER_OPTIONS), so a
// model is kept as the provider named it, minus routing wrappers that would hide the family:
// a path ("models/gemini-1.5-pro", "openai/gpt-4o" → the last segment) and a Bedrock vendor or region
// prefix ("us.anthropic.claude-3-haiku-…" → "claude-3-haiku-…"). No model at all: the provider's
// name ("openai"), else "unknown", so the span is still logged and scanned.
const BEDROCK_PREFIX = /^(?:(?:us|eu|apac|global)\.)?(?:anthropic|amazon|meta|cohere|mistral|ai21|deepseek|writer)\./i;
const MODEL_MAX = 100;

export function modelName(model: string | undefined, provider: string | undefined): string {
  let name = (model ?? "").trim();
  name = name
    .slice(name.lastIndexOf("/") + 1)
    .replace(BEDROCK_PREFIX, "")
    .trim();
  if (!name) name = (provider ?? "").trim().toLowerCase() || "unknown";
  return name.slice(0, MODEL_MAX);
}
