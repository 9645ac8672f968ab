// Tiny L2-regularised logistic regression over binary features, used offline by
// scripts/detector/eval.ts (--fit) to fit the jailbreak weights and to cross-validate them.
// Not imported by the detector at run time.

export interface FitResult {
  bias: number;
  weights: number[];
}

/** Batch gradient descent with Adam; X rows are lists of active feature indices. */
export function fitLogistic(
  X: number[][],
  y: number[],
  nFeatures: number,
  opts: { l2?: number; epochs?: number; lr?: number } = {},
): FitResult {
  const l2 = opts.l2 ?? 0.01;
  const epochs = opts.epochs ?? 1500;
  const lr = opts.lr ?? 0.05;
  const w = new Float64Array(nFeatures);
  let b = 0;
  const mw = new Float64Array(nFeatures),
    vw = new Float64Array(nFeatures);
  let mb = 0,
    vb = 0;
  const b1 = 0.9,
    b2 = 0.999,
    eps = 1e-8;
  const n = X.length;
  const gw = new Float64Array(nFeatures);
  for (let t = 1; t <= epochs; t++) {
    gw.fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let z = b;
      for (const j of X[i]!) z += w[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const g = p - y[i]!;
      gb += g;
      for (const j of X[i]!) gw[j]! += g;
    }
    for (let j = 0; j < nFeatures; j++) {
      const g = gw[j]! / n + l2 * w[j]!;
      mw[j] = b1 * mw[j]! + (1 - b1) * g;
      vw[j] = b2 * vw[j]! + (1 - b2) * g * g;
      w[j]! -= (lr * (mw[j]! / (1 - b1 ** t))) / (Math.sqrt(vw[j]! / (1 - b2 ** t)) + eps);
    }
    const g = gb / n;
    mb = b1 * mb + (1 - b1) * g;
    vb = b2 * vb + (1 - b2) * g * g;
    b -= (lr * (mb / (1 - b1 ** t))) / (Math.sqrt(vb / (1 - b2 ** t)) + eps);
  }
  return { bias: b, weights: Array.from(w) };
}

export function scoreOf(active: number[], fit: FitResult): number {
  let z = fit.bias;
  for (const j of active) z += fit.weights[j]!;
  return z;
}

/** Smallest threshold whose false-positive rate on (scores, labels) is ≤ maxFpr. */
export function thresholdForFpr(scores: number[], y: number[], maxFpr: number): number {
  const neg = scores.filter((_, i) => y[i] === 0).sort((a, b) => b - a);
  const allowed = Math.floor(neg.length * maxFpr);
  // threshold just above the (allowed+1)-th highest negative score
  const t = neg[allowed];
  // -Infinity scores (structurally rejected) never pass; any finite threshold below all scores keeps that
  if (t === undefined || t === -Infinity) return Math.min(-50, ...scores.filter(Number.isFinite)) - 1;
  return t + 1e-6;
}

/** A sparse row: feature indices and their values. */
export interface SparseRow {
  index: Int32Array;
  value: Float32Array;
}

/**
 * L2-regularised logistic regression over sparse real-valued rows (full-batch Adam, fixed epochs,
 * no randomness: the same rows give the same weights). `sampleWeight` balances classes/sources.
 * Only features that occur in some row are ever updated.
 */
export function fitSparseLogistic(
  X: readonly SparseRow[],
  y: readonly number[],
  sampleWeight: readonly number[],
  dim: number,
  opts: { l2?: number; epochs?: number; lr?: number } = {},
): { bias: number; weights: Float64Array } {
  const l2 = opts.l2 ?? 1e-4;
  const epochs = opts.epochs ?? 150;
  const lr = opts.lr ?? 0.1;
  const w = new Float64Array(dim);
  const gw = new Float64Array(dim);
  const mw = new Float64Array(dim),
    vw = new Float64Array(dim);
  const used = new Uint8Array(dim);
  for (const r of X) for (const j of r.index) used[j] = 1;
  const active = Int32Array.from({ length: dim }, (_, j) => j).filter((j) => used[j] === 1);
  let b = 0,
    mb = 0,
    vb = 0;
  const b1 = 0.9,
    b2 = 0.999,
    eps = 1e-8;
  const total = sampleWeight.reduce((a, x) => a + x, 0);
  for (let t = 1; t <= epochs; t++) {
    for (const j of active) gw[j] = 0;
    let gb = 0;
    for (let i = 0; i < X.length; i++) {
      const { index, value } = X[i]!;
      let z = b;
      for (let k = 0; k < index.length; k++) z += w[index[k]!]! * value[k]!;
      const g = (1 / (1 + Math.exp(-z)) - y[i]!) * sampleWeight[i]!;
      gb += g;
      for (let k = 0; k < index.length; k++) gw[index[k]!]! += g * value[k]!;
    }
    const c1 = 1 - b1 ** t,
      c2 = 1 - b2 ** t;
    for (const j of active) {
      const g = gw[j]! / total + l2 * w[j]!;
      mw[j] = b1 * mw[j]! + (1 - b1) * g;
      vw[j] = b2 * vw[j]! + (1 - b2) * g * g;
      w[j]! -= (lr * (mw[j]! / c1)) / (Math.sqrt(vw[j]! / c2) + eps);
    }
    const g = gb / total;
    mb = b1 * mb + (1 - b1) * g;
    vb = b2 * vb + (1 - b2) * g * g;
    b -= (lr * (mb / c1)) / (Math.sqrt(vb / c2) + eps);
  }
  return { bias: b, weights: w };
}
