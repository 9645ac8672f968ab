// Learned attack classifier: logistic regression over hashed word unigrams and bigrams (symbols
// count as words, so "<|", "[inst]" and "###" are features too). It scores how much a prompt reads
// like an instruction aimed at the model (injection or jailbreak) rather than an ordinary request,
// which phrase rules alone cannot do without flagging role-play and fiction. Weights are fitted
// offline by scripts/detector/train.ts and shipped in classifier-model.ts.
// One pass over the characters, no allocation per token: a few µs for a 2 KB prompt.

/** Hash space: 2^HASH_BITS buckets. */
export const HASH_BITS = 18;
const MASK = (1 << HASH_BITS) - 1;
/** Only the first CLASSIFIER_SCAN_CHARS of a text are scored. */
export const CLASSIFIER_SCAN_CHARS = 8 * 1024;
/** Token vectors are scaled by 1/sqrt(max(tokens, MIN_NORM_TOKENS)) so long texts do not dominate. */
const MIN_NORM_TOKENS = 16;
/** Highlight: the window of this many tokens with the largest weight sum. */
const SPAN_TOKENS = 16;

export interface ClassifierModel {
  bias: number;
  /** Decision threshold (logit): scores are shifted so that it reads 0.5. */
  threshold: number;
  /** Dense weights over the hash space (built from the shipped sparse lists). */
  weights: Float32Array;
}

export interface SparseClassifierModel {
  bias: number;
  threshold: number;
  /** Bucket indices and their weights (same length); every other bucket weighs 0. */
  index: readonly number[];
  weight: readonly number[];
}

export function denseModel(m: SparseClassifierModel): ClassifierModel {
  const weights = new Float32Array(1 << HASH_BITS);
  for (let i = 0; i < m.index.length; i++) weights[m.index[i]!] = m.weight[i]!;
  return { bias: m.bias, threshold: m.threshold, weights };
}

const isWordChar = (c: number) =>
  (c >= 97 && c <= 122) ||
  (c >= 48 && c <= 57) ||
  c === 39 ||
  c === 95 ||
  (c > 127 &&
    c !== 0x200b &&
    c !== 0x200c &&
    c !== 0x200d &&
    c !== 0xfeff &&
    c !== 0x2060 &&
    !(c >= 0x2000 && c <= 0x206f) &&
    c !== 0x3000);
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 160;

/** Hidden characters (zero-width, word joiner, BOM) are a feature of their own. */
const ZERO_WIDTH = (c: number) => c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff;

/** End of the token hashed by the last hashToken call (a module variable: no allocation per token). */
let tokenEnd = 0;

/**
 * FNV-1a hash of the token starting at `i` (not a space): a run of word characters, or one symbol.
 * The one definition of a token for the trainer (forEachFeature) and the scorer (classify).
 */
function hashToken(lower: string, i: number, n: number): number {
  let h = 0x811c9dc5;
  const c = lower.charCodeAt(i);
  if (isWordChar(c)) {
    // digits are folded into one class so numbers, ids and dates share features
    while (i < n) {
      const d = lower.charCodeAt(i);
      if (!isWordChar(d)) break;
      h = Math.imul(h ^ (d >= 48 && d <= 57 ? 48 : d), 16777619);
      i++;
    }
  } else {
    h = Math.imul(h ^ (ZERO_WIDTH(c) ? 0x200b : c), 16777619);
    h = Math.imul(h ^ 1, 16777619); // symbols never collide with one-letter words
    i++;
  }
  tokenEnd = i;
  return h;
}

const unigramBucket = (h: number) => (h >>> 0) & MASK;
const bigramBucket = (prev: number, h: number) => ((Math.imul(prev ^ 0x9e3779b9, 16777619) ^ h) >>> 0) & MASK;

/**
 * Hash buckets of a lower-cased text: word unigrams, bigrams of neighbouring tokens, and one
 * token per symbol character. `visit(bucket, tokenIndex)` is called for every feature occurrence.
 */
export function forEachFeature(lower: string, visit: (bucket: number, token: number, start: number, end: number) => void): number {
  const n = Math.min(lower.length, CLASSIFIER_SCAN_CHARS);
  let prev = 0;
  let hasPrev = false;
  let token = 0;
  let i = 0;
  while (i < n) {
    const c = lower.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    const h = hashToken(lower, i, n);
    i = tokenEnd;
    visit(unigramBucket(h), token, start, i);
    if (hasPrev) visit(bigramBucket(prev, h), token, start, i);
    prev = h;
    hasPrev = true;
    token++;
  }
  return token;
}

/** Sparse feature vector (bucket → value) of a lower-cased text, as the trainer sees it. */
export function featureVector(lower: string): Map<number, number> {
  const counts = new Map<number, number>();
  const tokens = forEachFeature(lower, (b) => counts.set(b, (counts.get(b) ?? 0) + 1));
  const scale = 1 / Math.sqrt(Math.max(tokens, MIN_NORM_TOKENS));
  for (const [b, c] of counts) counts.set(b, c * scale);
  return counts;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export interface ClassifierHit {
  /** How sure the model is that the text is an attack (0..1; 0.5 = at the fitted threshold). */
  score: number;
  /** Span of the most incriminating window of tokens. */
  start: number;
  end: number;
}

/** Score a lower-cased text; the span is the SPAN_TOKENS-token window with the largest weight. */
export function classify(lower: string, model: ClassifierModel): ClassifierHit {
  const w = model.weights;
  // per-token weight (its unigram plus the bigram it closes) and offsets, in reused buffers
  const n = Math.min(lower.length, CLASSIFIER_SCAN_CHARS);
  const tokenWeight = scratch.weight.length >= n ? scratch.weight : (scratch.weight = new Float64Array(n));
  const starts = scratch.starts.length >= n ? scratch.starts : (scratch.starts = new Int32Array(n));
  const ends = scratch.ends.length >= n ? scratch.ends : (scratch.ends = new Int32Array(n));
  let sum = 0;
  let tokens = 0;
  let prev = 0;
  let i = 0;
  while (i < n) {
    const c = lower.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    const h = hashToken(lower, i, n);
    i = tokenEnd;
    let x = w[unigramBucket(h)]!;
    if (tokens > 0) x += w[bigramBucket(prev, h)]!;
    tokenWeight[tokens] = x;
    starts[tokens] = start;
    ends[tokens] = i;
    sum += x;
    prev = h;
    tokens++;
  }
  const score = sigmoid(model.bias - model.threshold + sum / Math.sqrt(Math.max(tokens, MIN_NORM_TOKENS)));
  if (tokens === 0) return { score, start: 0, end: 0 };
  let best = 0,
    bestAt = 0,
    window = 0;
  for (let t = 0; t < tokens; t++) {
    window += tokenWeight[t]!;
    if (t >= SPAN_TOKENS) window -= tokenWeight[t - SPAN_TOKENS]!;
    if (t === 0 || window > best) {
      best = window;
      bestAt = t;
    }
  }
  const first = Math.max(0, bestAt - SPAN_TOKENS + 1);
  return { score, start: starts[first]!, end: ends[bestAt]! };
}

/** Buffers reused across calls (the detector is synchronous, one text at a time). */
const scratch = { weight: new Float64Array(0), starts: new Int32Array(0), ends: new Int32Array(0) };
