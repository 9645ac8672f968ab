// Builds the unnaturalness model (worker/src/detector/unnatural-model.ts): a character n-gram
// language model of ordinary text, learned from what every machine of the project already has —
// READMEs and docs in node_modules, a sample of its sources, Python's standard library, the
// documentation Debian installs. Only files of the code corpus's `fit` half are read (the `check`
// half scores the detector, so the model never learns a text it is judged on), and never a row of
// the labelled eval sets. Nothing of the text is written: only the derived tables (quantised costs
// in hashed buckets). Deterministic: sorted file lists, no randomness but a seeded PRNG.
//   npm run gen:unnatural-model
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { realpathSync } from "node:fs";
import { proseView } from "../../worker/src/detector/data-regions";
import { lowerSameLength } from "../../worker/src/detector/text";
import {
  bucketOf,
  fingerprintOf,
  collectKeys,
  HASH_BITS,
  ORDER,
  QUANT,
  SYMBOLS,
  unnaturalness,
  type UnnaturalModel,
} from "../../worker/src/detector/unnatural";
import { fnv, pythonStdlib, read, splitOf, walk } from "./lib/corpus";
import { mulberry32, repoRoot } from "./lib/data";

/** Absolute discount of the interpolated estimates. */
const D = 0.75;
/** n-grams of the long order seen fewer times than this stay out of the hashed table. */
const MIN_COUNT = 2;
/** Text read per source (characters) and per file. */
const PER_SOURCE = 6_000_000;
const PER_FILE = 150_000;
/** Share of files held out of the counts, for the back-off estimate and the calibration. */
const HOLD_OUT = 10;
/** Calibration: share of held-out prompts allowed above the midpoint. */
const BENIGN_ABOVE_MID = 0.05;

interface Doc {
  text: string;
  held: boolean;
  /** Prose (docs, READMEs), as opposed to code: only prose calibrates the midpoint. */
  prose: boolean;
}

function gather(): Doc[] {
  const docs: Doc[] = [];
  const take = (files: string[], root: string, limit: number, prose: boolean) => {
    let total = 0;
    for (const f of files) {
      const rel = relative(root, f);
      if (splitOf(rel) !== "fit") continue;
      const text = read(f, PER_FILE);
      if (!text) continue;
      // mixed: FNV-1a's low bits follow the split's, so the raw hash would hold out no fit file
      docs.push({ text, prose, held: (Math.imul(fnv(rel), 0x9e3779b1) >>> 16) % HOLD_OUT === 0 });
      total += text.length;
      if (total >= limit) break;
    }
    return total;
  };
  const spread = (xs: string[], n: number) => (xs.length <= n ? xs : xs.filter((_, i) => i % Math.ceil(xs.length / n) === 0));
  const nm = realpathSync(join(repoRoot, "node_modules"));
  const report: string[] = [];
  report.push(
    `node_modules docs ${take(
      walk(nm, 5, (n) => /\.md$/i.test(n)),
      nm,
      PER_SOURCE,
      true,
    )}`,
  );
  report.push(
    `node_modules code ${take(
      spread(
        walk(nm, 4, (n) => /\.(?:ts|js|mjs)$/.test(n) && !n.endsWith(".min.js") && !n.endsWith(".d.ts")),
        3000,
      ),
      nm,
      PER_SOURCE / 3,
      false,
    )}`,
  );
  const stdlib = pythonStdlib();
  if (stdlib)
    report.push(
      `python ${take(
        walk(stdlib, 2, (n) => n.endsWith(".py")).filter((f) => !f.includes("site-packages") && !f.includes("/test")),
        stdlib,
        PER_SOURCE / 2,
        false,
      )}`,
    );
  const doc = "/usr/share/doc";
  report.push(
    `debian ${take(
      walk(doc, 2, (n) => /^(?:readme|changelog|news|copyright)/i.test(n) && !/\.html?$/.test(n)),
      doc,
      PER_SOURCE / 2,
      true,
    )}`,
  );
  console.log(`read (characters): ${report.join(", ")}; ${docs.length} files`);
  return docs;
}

const docs = gather();
/** Each scored key of a text, read as the detector reads it (its prose view). */
function eachKey(text: string, f: (key: number) => void): void {
  const keys = new Int32Array(text.length);
  const n = collectKeys(text, keys, new Int32Array(text.length), proseView(lowerSameLength(text)));
  for (let k = 0; k < n; k++) f(keys[k]!);
}
const S = SYMBOLS;
const c1 = new Float64Array(S);
const c2 = new Float64Array(S * S);
const c3 = new Float64Array(S * S * S);
const long = new Map<number, number>();
for (const d of docs) {
  if (d.held) continue;
  // what the detector scores: the prose view (code and data regions blanked)
  eachKey(d.text, (key) => {
    const x = key & 63;
    c1[x]!++;
    c2[key & 0xfff]!++;
    c3[key & 0x3ffff]!++;
    long.set(key, (long.get(key) ?? 0) + 1);
  });
}

// interpolated absolute discounting: p_n(x|ctx) = max(c − D, 0)/c(ctx) + D·N1+(ctx·)/c(ctx) · p_{n−1}
const total1 = c1.reduce((a, b) => a + b, 0);
const p1 = Array.from(c1, (c) => (c + 1) / (total1 + S));
function interpolated(counts: Float64Array, ctxCount: number, lower: (x: number) => number, base: number): (x: number) => number {
  let n1 = 0;
  let cc = 0;
  for (let x = 0; x < S; x++) {
    const c = counts[base + x]!;
    cc += c;
    if (c > 0) n1++;
  }
  if (cc === 0 || ctxCount === 0) return lower;
  return (x) => Math.max(counts[base + x]! - D, 0) / cc + ((D * n1) / cc) * lower(x);
}
const p2 = new Float64Array(S * S);
for (let a = 0; a < S; a++) {
  const f = interpolated(c2, 1, (x) => p1[x]!, a * S);
  for (let x = 0; x < S; x++) p2[a * S + x] = f(x);
}
const p3 = new Float64Array(S * S * S);
for (let ab = 0; ab < S * S; ab++) {
  const b = ab & 63;
  const f = interpolated(c3, 1, (x) => p2[b * S + x]!, ab * S);
  for (let x = 0; x < S; x++) p3[ab * S + x] = f(x);
}
const quant = (p: number) => Math.max(1, Math.min(15, Math.round(-Math.log2(p) * QUANT)));
// the back-off table the detector ships: order 2, dense (the hashed table covers nearly every
// character of ordinary text, so a miss is rare and the short context is enough)
const dense = new Uint8Array((S * S) / 2);
for (let i = 0; i < S * S; i++) dense[i >>> 1]! |= quant(p2[i]!) << ((i & 1) << 2);

// the long order: per context, its count and how many symbols followed it
const ctxCount = new Map<number, number>();
const ctxTypes = new Map<number, number>();
for (const [key, c] of long) {
  const ctx = key >>> 6;
  ctxCount.set(ctx, (ctxCount.get(ctx) ?? 0) + c);
  ctxTypes.set(ctx, (ctxTypes.get(ctx) ?? 0) + 1);
}
const pLong = (key: number): number => {
  const ctx = key >>> 6;
  const lower = p3[key & 0x3ffff]!;
  const cc = ctxCount.get(ctx);
  if (!cc) return lower;
  return Math.max((long.get(key) ?? 0) - D, 0) / cc + ((D * ctxTypes.get(ctx)!) / cc) * lower;
};
const kept = [...long].filter(([, c]) => c >= MIN_COUNT).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
const hashed = new Uint8Array(1 << HASH_BITS);
let placed = 0;
for (const [key] of kept) {
  const home = bucketOf(key);
  const b = hashed[home] === 0 ? home : hashed[home ^ 1] === 0 ? home ^ 1 : -1;
  if (b < 0) continue;
  hashed[b] = (fingerprintOf(key) << 4) | quant(pLong(key));
  placed++;
}
console.log(`${long.size} distinct ${ORDER}-grams, ${kept.length} seen ≥ ${MIN_COUNT}×, ${placed} placed in ${hashed.length} buckets`);

// back-off: on held-out text, the mean gap between the full estimate and the dense one where the
// hashed table has nothing
let gap = 0;
let misses = 0;
let scored = 0;
for (const d of docs) {
  if (!d.held) continue;
  eachKey(d.text, (key) => {
    scored++;
    const at = bucketOf(key);
    const fp = fingerprintOf(key);
    if ((hashed[at] !== 0 && hashed[at]! >>> 4 === fp) || (hashed[at ^ 1] !== 0 && hashed[at ^ 1]! >>> 4 === fp)) return;
    misses++;
    gap += -Math.log2(pLong(key)) - quant(p2[key & 0xfff]!) / QUANT;
  });
}
const backoff = Math.round(Math.max(0, gap / Math.max(1, misses)) * 100) / 100;
console.log(`held-out: ${scored} characters, ${((100 * misses) / scored).toFixed(1)} % not in the hashed table, back-off ${backoff} bits`);

// calibration: prompt-sized pieces of held-out files, read as the detector reads them (prose view)
const model: UnnaturalModel = { hashed, dense, backoff, mid: 0, scale: 1 };
const benign: number[] = [];
for (const d of docs) {
  if (!d.held || !d.prose) continue;
  const rnd = mulberry32(fnv(d.text.slice(0, 200)));
  for (let at = 0; at < d.text.length && at < 100_000; at += 700) {
    const piece = d.text.slice(at, at + 300 + Math.floor(rnd() * 1700));
    const u = unnaturalness(piece, model, proseView(lowerSameLength(piece)));
    if (u) benign.push(u.bits);
  }
}
benign.sort((a, b) => a - b);
const q = (p: number) => benign[Math.min(benign.length - 1, Math.floor(p * benign.length))]!;
const mid = Math.round(q(1 - BENIGN_ABOVE_MID) * 100) / 100;
const p99 = q(0.99);
const p90 = q(0.9);
// the 90th percentile reads 0.1: a text must be far past ordinary before the score nears 1
const scale = Math.round(((mid - p90) / Math.log(9)) * 1000) / 1000;
console.log(
  `calibration on ${benign.length} held-out pieces: median ${q(0.5).toFixed(2)}, p90 ${q(0.9).toFixed(2)}, p99 ${p99.toFixed(2)}, mid ${mid} bits, scale ${scale}`,
);

// a sanity figure: synthetic token soup (random fragments of held-out words and punctuation, as an
// optimiser picks tokens) after an ordinary sentence, at the calibrated midpoint
{
  const words = docs
    .filter((d) => d.held)
    .flatMap((d) => d.text.slice(0, 5000).split(/\s+/))
    .filter((w) => /^[A-Za-z]{3,12}$/.test(w));
  const punct = [".", ",", "](", "**", "\\", "!", "--", "'", '"', "(", ")", "+", "?", "=", ":", "{", "}", "[", "]", ";"];
  const rnd = mulberry32(42);
  let hit = 0;
  const n = 500;
  const soupBits: number[] = [];
  for (let k = 0; k < n; k++) {
    const parts: string[] = [];
    for (let t = 0; t < 20; t++) {
      const r = rnd();
      const w = words[Math.floor(rnd() * words.length)]!;
      parts.push(
        r < 0.3
          ? w
          : r < 0.6
            ? w.slice(Math.floor(rnd() * 3), 3 + Math.floor(rnd() * 4))
            : r < 0.8
              ? punct[Math.floor(rnd() * punct.length)]!
              : w[0]!.toUpperCase() + w.slice(1),
      );
    }
    const soup = parts.map((p) => (rnd() < 0.5 ? `${p} ` : p)).join("");
    const text = `Write a short story about a lighthouse keeper. ${soup}`;
    const u = unnaturalness(text, { ...model, mid, scale }, proseView(lowerSameLength(text)));
    if (u && u.score >= 0.5) hit++;
    if (u) soupBits.push(u.bits);
  }
  soupBits.sort((a, b) => a - b);
  console.log(
    `synthetic token-soup tails above the midpoint: ${hit}/${n} (bits p10 ${soupBits[n / 10]!.toFixed(2)}, median ${soupBits[n / 2]!.toFixed(2)})`,
  );
}

const b64 = (u: Uint8Array) => Buffer.from(u).toString("base64");
const out = `// Generated by \`npm run gen:unnatural-model\` (scripts/detector/unnatural-train.ts): a character ${ORDER}-gram
// model of ordinary text (hashed, ${placed} n-grams) over a dense 3-gram back-off, learned from
// ${docs.filter((d) => !d.held).length} files of node_modules docs and sources, Python's standard library and
// /usr/share/doc (the code corpus's fit half). Costs are −log2 p × ${QUANT} in 4 bits. Calibrated on
// ${benign.length} held-out pieces: ${(BENIGN_ABOVE_MID * 100).toFixed(1)} % of them score above the midpoint. Do not edit by hand.
export const UNNATURAL_MODEL = {
  backoff: ${backoff},
  mid: ${mid},
  scale: ${scale},
  hashed: "${b64(hashed)}",
  dense: "${b64(dense)}",
};
`;
writeFileSync(join(repoRoot, "worker/src/detector/unnatural-model.ts"), out);
console.log(`wrote unnatural-model.ts (${(out.length / 1024).toFixed(0)} KB)`);
