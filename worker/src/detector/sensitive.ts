// Credential and personal-data findings of texts the flag detection does not read (metadata keys and
// values, user and session ids, and prompt and response when the organization's sensitive-content
// rule is off): what redaction replaces there, whatever the flag rules are.
import { detect, type Finding } from ".";

/** Only the credential and personal-data rules, at the default sensitivity. */
const SENSITIVE_ONLY = { promptInjection: false, jailbreakAttempts: false, sensitiveContent: true, highTokenUsage: false };

/** Each distinct non-empty text's credential and personal-data findings (offsets into that text). */
export function sensitiveFindings(texts: Iterable<string>): Map<string, Finding[]> {
  const found = new Map<string, Finding[]>();
  for (const text of texts)
    if (text && !found.has(text)) found.set(text, detect({ prompt: text, response: "" }, { rules: SENSITIVE_ONLY }).findings);
  return found;
}
