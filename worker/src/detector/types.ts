import type { FlagReason, FlagRules, FlagStatus } from "../../../schema/constants";

export type { FlagReason, FlagRules, FlagStatus };

export type Target = "prompt" | "response";

/** One thing the detector matched; `start`/`end` are JS string indices into `target` (end exclusive). */
export interface Finding {
  reason: FlagReason;
  rule: string;
  target: Target;
  start: number;
  end: number;
}

export interface DetectInput {
  prompt: string;
  response: string;
  tokenCount?: number | null;
}

export interface DetectOptions {
  rules?: Partial<FlagRules>;
  tokenThreshold?: number;
}

export interface DetectResult {
  flagStatus: FlagStatus;
  flagReasons: FlagReason[];
  findings: Finding[];
}

/** A match inside one text, before the target is attached. */
export interface RawHit {
  rule: string;
  start: number;
  end: number;
}
