import { describe, expect, it } from "vitest";
import { priceCentsPer1k } from "@promptsentry/schema/pricing";
import { modelName } from "./models";

describe("modelName", () => {
  it("keeps a provider's model name as it is", () => {
    expect(modelName("gpt-4o-2024-08-06", "openai")).toBe("gpt-4o-2024-08-06");
  });
  it("drops routing paths and Bedrock vendor/region prefixes so the family (and its price) is found", () => {
    expect(modelName("models/gemini-pro", "gcp.gemini")).toBe("gemini-pro");
    expect(modelName("openai/gpt-4o", undefined)).toBe("gpt-4o");
    expect(modelName("us.anthropic.claude-3-haiku-20240307-v1:0", "aws.bedrock")).toBe("claude-3-haiku-20240307-v1:0");
    expect(priceCentsPer1k(modelName("anthropic.claude-3-opus-20240229-v1:0", "aws.bedrock"))).toBe(priceCentsPer1k("claude-3-opus"));
  });
  it("no model: the provider's name, else unknown; never over 100 characters", () => {
    expect(modelName(undefined, "Anthropic")).toBe("anthropic");
    expect(modelName("  ", undefined)).toBe("unknown");
    expect(modelName("m".repeat(150), undefined)).toHaveLength(100);
  });
});
