// Flag statuses, reason codes, their labels and explanations, and the rules that switch them (docs/flags.md).

export const FLAG_STATUSES = ["safe", "warning", "critical"] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

export const FLAG_REASONS = ["prompt_injection", "jailbreak_attempt", "sensitive_content", "high_token_usage"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** Labels of reason codes. Unknown codes are shown as they are. */
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  prompt_injection: "Prompt Injection",
  jailbreak_attempt: "Jailbreak Attempt",
  sensitive_content: "Sensitive Content",
  high_token_usage: "High Token Usage",
};
export const UNKNOWN_REASON_LABEL = "Unknown";

/** Explanation texts of the Flag Analysis card (docs/web.md#texts). */
export const SAFE_EXPLANATION = "This prompt and response pair contains no concerning content and follows standard communication patterns.";
export const ISSUES_EXPLANATION_PREFIX = "Issues detected: ";
export const FLAG_REASON_EXPLANATIONS: Record<FlagReason, string> = {
  prompt_injection: "Potential prompt injection attempt detected",
  jailbreak_attempt: "Jailbreak attempt identified",
  sensitive_content: "Sensitive content flagged",
  high_token_usage: "Unusually high token usage detected",
};

export function reasonLabel(code: string): string {
  return (FLAG_REASON_LABELS as Record<string, string>)[code] ?? code;
}

export function flagExplanation(flagStatus: string, reasons: readonly string[] | null | undefined): string {
  if (flagStatus === "safe") return SAFE_EXPLANATION;
  const texts = (reasons ?? []).map((r) => (FLAG_REASON_EXPLANATIONS as Record<string, string>)[r] ?? r);
  return ISSUES_EXPLANATION_PREFIX + texts.join(", ");
}

/** Keys of `flagRules` in settings, and which reason each one switches. */
export const FLAG_RULE_KEYS = ["promptInjection", "jailbreakAttempts", "sensitiveContent", "highTokenUsage"] as const;
export type FlagRuleKey = (typeof FLAG_RULE_KEYS)[number];
export type FlagRules = Record<FlagRuleKey, boolean>;
export const FLAG_RULE_REASON: Record<FlagRuleKey, FlagReason> = {
  promptInjection: "prompt_injection",
  jailbreakAttempts: "jailbreak_attempt",
  sensitiveContent: "sensitive_content",
  highTokenUsage: "high_token_usage",
};
export const DEFAULT_TOKEN_THRESHOLD = 4000;
export const DEFAULT_FLAG_RULES: FlagRules = {
  promptInjection: true,
  jailbreakAttempts: true,
  sensitiveContent: true,
  highTokenUsage: true,
};
