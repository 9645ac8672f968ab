// Detection sensitivity: how sure the detector must be before a finding counts (docs/flags.md).

/** Settings → Red Flag Detection Rules: how sure the detector must be before a finding counts. */
export const DETECTION_SENSITIVITIES = ["strict", "balanced", "lenient"] as const;
export type DetectionSensitivity = (typeof DETECTION_SENSITIVITIES)[number];
export const DEFAULT_DETECTION_SENSITIVITY: DetectionSensitivity = "balanced";
/**
 * Lowest finding score (0..1) each sensitivity keeps. Learned scores are shifted so that the
 * fitted decision threshold reads 0.5, so "balanced" is the operating point the eval measures.
 */
export const SENSITIVITY_MIN_SCORE: Record<DetectionSensitivity, number> = { strict: 0.35, balanced: 0.5, lenient: 0.7 };
export const DETECTION_SENSITIVITY_LABELS: Record<DetectionSensitivity, string> = {
  strict: "Strict",
  balanced: "Balanced",
  lenient: "Lenient",
};
