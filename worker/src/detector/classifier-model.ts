// placeholder until scripts/detector-train.ts writes it
import type { SparseClassifierModel } from "./classifier";
export const CLASSIFIER_MODEL: SparseClassifierModel = { bias: -10, threshold: 0, index: [], weight: [] };
