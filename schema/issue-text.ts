// Validation messages a person can act on. Our schemas carry the product's own texts
// (validation.ts MESSAGES); where a check has none, valibot would answer its developer text
// ("Invalid length: Expected <=200 but received 20000"). Both the worker's error envelope and the
// web's forms pass every issue through `issueText`, which keeps our texts and rewrites valibot's own
// as the field's name and the plain limit ("API key must be at most 200 characters").
import * as v from "valibot";

/** valibot's built-in message: "Invalid <what>: Expected <x> but received <y>" or "Invalid <what>: Received <y>". */
const DEFAULT_MESSAGE = /^Invalid [\w ]+: (Expected [\s\S]* but r|R)eceived /;

/** Words written in capitals when a field name is read out ("apiKey" → "API key"). */
const ACRONYMS = new Set(["id", "url", "api", "ip", "json", "sql", "ssn", "iban"]);

/** A field path as a person reads it: "sessionId" → "Session ID", "config.webhook_url" → "Webhook URL", "logs.3.prompt" → "Prompt (item 4)". */
export function fieldLabel(path: string | null | undefined): string {
  const parts = (path ?? "").split(".").filter(Boolean);
  const name = [...parts].reverse().find((p) => !/^\d+$/.test(p));
  const index = parts.find((p) => /^\d+$/.test(p));
  if (!name || name === "_root") return index !== undefined ? `Item ${Number(index) + 1}` : "This value";
  const words = name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  const label = words.join(" ");
  const sentence = label.charAt(0).toUpperCase() + label.slice(1);
  return index !== undefined ? `${sentence} (item ${Number(index) + 1})` : sentence;
}

const count = (n: unknown) => (typeof n === "number" ? n.toLocaleString("en-US") : String(n));

/** What a value of a given type must be, for a type mismatch. */
const TYPE_NOUN: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  bigint: "a whole number",
};

/** The plain sentence for one of valibot's own messages, from the check's type and requirement. */
function plainSentence(issue: v.BaseIssue<unknown>, label: string): string {
  const n = issue.requirement;
  const unit = Array.isArray(issue.input) ? "items" : "characters";
  switch (issue.type) {
    case "max_length":
    case "max_graphemes":
    case "max_bytes":
      return `${label} must be at most ${count(n)} ${issue.type === "max_bytes" ? "bytes" : unit}`;
    case "min_length":
    case "min_graphemes":
      return `${label} must be at least ${count(n)} ${unit}`;
    case "length":
      return `${label} must be exactly ${count(n)} ${unit}`;
    case "non_empty":
      return `${label} is required`;
    case "max_value":
      return `${label} must be at most ${count(n)}`;
    case "min_value":
      return `${label} must be at least ${count(n)}`;
    case "integer":
      return `${label} must be a whole number`;
    case "email":
      return `${label} must be a valid email address`;
    case "url":
      return `${label} must be a valid URL`;
    case "picklist":
    case "enum":
    case "literal":
    case "variant":
      return `${label} is not one of the allowed values`;
    default:
      if (issue.kind === "schema" && TYPE_NOUN[issue.type]) {
        return issue.input === undefined ? `${label} is required` : `${label} must be ${TYPE_NOUN[issue.type]}`;
      }
      return `${label} is not valid`;
  }
}

/** The message to show for one issue: ours as written, valibot's own rewritten as a plain sentence. */
export function issueText(issue: v.BaseIssue<unknown>): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  return plainSentence(issue, fieldLabel(v.getDotPath(issue)));
}
