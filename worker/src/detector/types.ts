import type { DetectionSensitivity, FlagReason, FlagRules, FlagStatus } from "../../../schema/constants";
import type { DetectorModels } from "./index";

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

export interface DetectOptions {
  rules?: Partial<FlagRules>;
  tokenThreshold?: number;
  /** Organization setting: which finding scores count (default balanced). */
  sensitivity?: DetectionSensitivity;
  /** Learned parts to use instead of the shipped ones (the eval's leave-one-source-out folds). */
  models?: DetectorModels;
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
