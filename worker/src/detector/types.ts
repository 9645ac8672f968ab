import type { FlagReason, FlagRules, FlagStatus } from "@promptsentry/schema/constants/flags";

export type { FlagReason, FlagRules, FlagStatus };

export type Target = "prompt" | "response";

/** One thing the detector matched; `start`/`end` are JS string indices into `target` (end exclusive). */
export interface Finding {
  reason: FlagReason;
  rule: string;
  target: Target;
  start: number;
  end: number;
  /**
   * How sure the detector is (0..1): a learned model's probability, or the rule's fixed confidence.
   * detect() always sets it; findings stored before scores existed have none.
   */
  score?: number;
}

/** A finding as detect() returns it. */
export type ScoredFinding = Finding & { score: number };

export interface DetectInput {
  prompt: string;
  response: string;
  tokenCount?: number | null;
}

export interface DetectResult {
  flagStatus: FlagStatus;
  flagReasons: FlagReason[];
  findings: ScoredFinding[];
}

/** A match inside one text, before the target is attached. */
export interface RawHit {
  rule: string;
  start: number;
  end: number;
  /** 0..1; rules without their own measure get their rule's confidence (see scoring.ts). */
  score?: number;
}

/** One injection pattern (injection*.ts). */
export interface InjectionRule {
  id: string;
  /** The regex only runs when the lower-cased text contains one of these substrings. */
  gate: readonly string[];
  re: RegExp;
  /**
   * A cheaper condition every match implies, checked once the gate has fired, for a gate literal
   * common inside other words ("rap" in "paragraph"): false means the regex cannot match. `present`
   * is the gate's finds (scanInjection's).
   */
  needs?: (lower: string, present: ReadonlySet<string>) => boolean;
}

/** One credential pattern (secrets*.ts). */
export interface SecretRule {
  id: string;
  /** Any of these substrings must occur in the text (case-sensitive unless gateLower). */
  gate: readonly string[];
  /** Gate is checked against the lower-cased text. */
  gateLower?: boolean;
  /** Global regex; with the `d` flag when `group` is used. */
  re: RegExp;
  /**
   * Capture group holding the secret itself (its span is reported); "first": the first group that
   * matched something (gitleaks' rule). Default: whole match.
   */
  group?: number | "first";
  validate?: (secret: string, m: RegExpExecArray, text: string) => boolean;
  /**
   * Lower-case literals the match must start at: the regex (sticky, `y`) is tried only where one
   * of them occurs, instead of at every position of the text.
   */
  anchors?: readonly string[];
  /** Rule id reported for this match, when it depends on the match (default: `id`). */
  idFor?: (m: RegExpExecArray, text: string) => string;
  /**
   * A case-sensitive substring every match holds: the regex runs only on a text that has it (the
   * gate reads lower-cased text, where "sk" of "ask" wakes a rule for "SK" and 32 hex digits).
   */
  literal?: string;
}

/** One allowlist of a rule, as generated: patterns already converted to JavaScript. */
export interface GitleaksAllow {
  target: "secret" | "match" | "line";
  regexes: ReadonlyArray<{ re: string; flags: string }>;
  stopwords: readonly string[];
}

export interface GitleaksRule {
  id: string;
  re: string;
  flags: string;
  /** Lower-case literals; the rule runs only when one occurs in the lower-cased text. */
  keywords: readonly string[];
  entropy?: number;
  /** Capture group holding the secret; default: the first non-empty one (as gitleaks does). */
  group?: number;
  allow?: readonly GitleaksAllow[];
}
