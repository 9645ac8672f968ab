// Fitting of the detector's learned parts, shared by the evaluation (leave-one-source-out folds)
// and by scripts/detector/train.ts (the shipped weights, fitted on every source). Deterministic:
// the same rows always give the same weights.
import { denseModel, featureVector, HASH_BITS, type SparseClassifierModel } from "../../../worker/src/detector/classifier";
import type { DetectorModels } from "../../../worker/src/detector/index";
import { JAILBREAK_FEATURES } from "../../../worker/src/detector/jailbreak-features";
import { jailbreakFeatures, jailbreakScore, type JailbreakWeights } from "../../../worker/src/detector/jailbreak";
import { proseView } from "../../../worker/src/detector/data-regions";
import { lowerSameLength } from "../../../worker/src/detector/text";
import { fitLogistic, fitSparseLogistic, thresholdForFpr, type SparseRow } from "../../../worker/src/detector/train";
import { attackTrainingRows, type EvalRow } from "./data";

/** Hyper-parameters, chosen on the leave-one-source-out figures. */
export const FIT = {
  classifier: { l2: 5e-5, epochs: 60, lr: 0.15, keep: 6000, probability: 0.9 },
  jailbreak: { l2: 0.003, maxTrainFpr: 0.035, thresholdFloor: -1 },
};

export interface FittedModels extends DetectorModels {
  sparse: SparseClassifierModel;
  jailbreak: JailbreakWeights;
  rows: number;
}

const vectors = new WeakMap<EvalRow, SparseRow>();
function vectorOf(row: EvalRow): SparseRow {
  let v = vectors.get(row);
  if (!v) {
    const m = featureVector(proseView(lowerSameLength(row.text)));
    v = { index: Int32Array.from(m.keys()), value: Float32Array.from(m.values()) };
    vectors.set(row, v);
  }
  return v;
}
const jbVectors = new WeakMap<EvalRow, number[]>();
function jbVectorOf(row: EvalRow): number[] {
  let v = jbVectors.get(row);
  if (!v) jbVectors.set(row, (v = jailbreakFeatures(proseView(lowerSameLength(row.text)))));
  return v;
}

/**
 * Row weights: each class carries half the total, and within a class each (source, label) cell
 * counts by the square root of its size, so one large source cannot dictate the model.
 */
function balancedWeights(items: Array<{ row: EvalRow; y: number }>): number[] {
  const cell = new Map<string, number>();
  for (const { row, y } of items) cell.set(`${row.group}|${y}`, (cell.get(`${row.group}|${y}`) ?? 0) + 1);
  const raw = items.map(({ row, y }) => 1 / Math.sqrt(cell.get(`${row.group}|${y}`)!));
  const classTotal = [0, 0];
  for (const [i, { y }] of items.entries()) classTotal[y]! += raw[i]!;
  return raw.map((w, i) => (w / classTotal[items[i]!.y]!) * (items.length / 2));
}

export function fitClassifier(items: Array<{ row: EvalRow; y: number }>): SparseClassifierModel {
  const { l2, epochs, lr, keep } = FIT.classifier;
  const fit = fitSparseLogistic(
    items.map((it) => vectorOf(it.row)),
    items.map((it) => it.y),
    balancedWeights(items),
    1 << HASH_BITS,
    { l2, epochs, lr },
  );
  // keep the strongest weights only: the shipped file stays small and the fold models match it
  const order = Array.from(fit.weights.keys())
    .filter((j) => fit.weights[j] !== 0)
    .sort((a, b) => Math.abs(fit.weights[b]!) - Math.abs(fit.weights[a]!) || a - b);
  const kept = order.slice(0, keep).sort((a, b) => a - b);
  const threshold = Math.round(Math.log(FIT.classifier.probability / (1 - FIT.classifier.probability)) * 1000) / 1000;
  return {
    bias: Math.round(fit.bias * 1000) / 1000,
    threshold,
    index: kept,
    weight: kept.map((j) => Math.round(fit.weights[j]! * 1000) / 1000),
  };
}

/** Jailbreak phrase weights: in-the-wild jailbreaks against every benign prompt (injections left out). */
export function fitJailbreak(items: Array<{ row: EvalRow; y: number }>): JailbreakWeights {
  const { l2, maxTrainFpr, thresholdFloor } = FIT.jailbreak;
  // the code corpus fires no phrase feature: it would only lower the threshold's reference FPR
  const use = items.filter(
    ({ row, y }) =>
      (y === 0 && row.file !== "code-corpus") ||
      row.label === "jailbreak" ||
      (row.file === "hard-cases" && ((row.expect as string[]) ?? []).includes("jailbreak_attempt")),
  );
  const X = use.map((it) => jbVectorOf(it.row));
  const y = use.map((it) => it.y);
  const fit = fitLogistic(X, y, JAILBREAK_FEATURES.length, { l2 });
  const scores = X.map((x) => jailbreakScore(x, fit.weights, fit.bias));
  const threshold = Math.max(thresholdFloor, thresholdForFpr(scores, y, maxTrainFpr));
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { bias: round(fit.bias), threshold: round(threshold), weights: fit.weights.map(round) };
}

/** Fit every learned part on the rows `use` accepts. */
export function fitModels(rows: readonly EvalRow[], use: (r: EvalRow) => boolean): FittedModels {
  const items = attackTrainingRows(rows.filter(use));
  const sparse = fitClassifier(items);
  return { sparse, classifier: denseModel(sparse), jailbreak: fitJailbreak(items), rows: items.length };
}
