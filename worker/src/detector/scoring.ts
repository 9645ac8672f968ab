// Confidence of rule findings. Learned parts (the attack classifier, the jailbreak weights) score
// their own hits; a rule's hit gets the share of its matches that were real attacks or secrets
// when the rule was written and checked, rounded: a fixed, explainable number per rule.
// Sensitivity (settings) drops findings below SENSITIVITY_MIN_SCORE.

/** By rule id, then by prefix; anything unlisted is a precise pattern (0.9). */
const RULE_SCORE: Record<string, number> = {
  "injection.ignore_previous": 0.95,
  "injection.system_prompt_leak": 0.9,
  "injection.mode_switch": 0.9,
  "injection.role_token": 0.85,
  "injection.embedded_instruction": 0.85,
  "injection.exfiltration": 0.9,
  "injection.addressed_to_ai": 0.8,
  "injection.task_hijack": 0.75,
  "injection.hidden_text": 0.6,
  "injection.authority_claim": 0.7,
  "injection.secret_extraction": 0.75,
  "injection.data_request": 0.75,
  "injection.payload_splitting": 0.8,
  "injection.obfuscated_leak": 0.8,
  "injection.fictional_unlock": 0.7,
  "injection.reply_steering": 0.75,
  "injection.offtask_request": 0.7,
  "injection.planted_action": 0.75,
  "injection.planted_code": 0.8,
  "injection.encoded_instruction": 0.85,
  "jailbreak.obfuscated_goal": 0.85,
  "secret.generic_assignment": 0.75,
  "secret.password_assignment": 0.8,
  "secret.auth_header": 0.85,
  "secret.url_credentials": 0.85,
  "secret.curl_user": 0.8,
  "pii.ip_address": 0.6,
  "pii.phone": 0.75,
  "usage.high_token_count": 1,
};

export function ruleScore(rule: string): number {
  return RULE_SCORE[rule] ?? 0.9;
}
