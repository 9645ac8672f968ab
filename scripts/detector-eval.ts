// Dev-set evaluation of the flag detector (DESIGN §6, eval/README.md).
//   npx tsx scripts/detector-eval.ts            print the tables
//   npx tsx scripts/detector-eval.ts --check    exit 1 when a target is missed
//   npx tsx scripts/detector-eval.ts --fit      refit the jailbreak weights (writes jailbreak-model.ts)
//   npx tsx scripts/detector-eval.ts --verbose  list misses and false alarms
// Data: $EVAL_DIR or ../shared/eval relative to the repo root, plus worker/src/detector/hard-cases.jsonl.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { FLAG_REASONS, type FlagReason } from "../schema/constants";
import { detect } from "../worker/src/detector/index";
import { KNOWN_EXAMPLE_CREDENTIALS } from "../worker/src/detector/examples";
import { JAILBREAK_FEATURES } from "../worker/src/detector/jailbreak-features";
import { jailbreakFeatures, jailbreakScore, scanJailbreak } from "../worker/src/detector/jailbreak";
import { lowerSameLength } from "../worker/src/detector/text";
import { fitLogistic, thresholdForFpr, type FitResult } from "../worker/src/detector/train";

/** Same decision structure as the detector (intent + two lexical features), with given weights. */
const scoreOf = (active: number[], fit: FitResult) => jailbreakScore(active, fit.weights, fit.bias);

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const evalDir = process.env.EVAL_DIR ? resolve(process.env.EVAL_DIR) : resolve(repoRoot, "../shared/eval");
if (!existsSync(join(evalDir, "jailbreak_train.jsonl"))) {
  // The labelled sets live outside the repository (../shared/eval); a checkout without them has
  // nothing to measure, which is not a detector failure. CI and the team's machines have them.
  console.log(`detector eval: no labelled data at ${evalDir} (set EVAL_DIR); skipped`);
  process.exit(0);
}
const hardCasesPath = join(repoRoot, "worker/src/detector/hard-cases.jsonl");
const args = new Set(process.argv.slice(2));
const VERBOSE = args.has("--verbose");

// ── targets ──────────────────────────────────────────────────────────────────
const TARGET = {
  jailbreakRecall: 0.85,
  jailbreakFpr: 0.05,
  secretsRecall: 0.9,
  secretsFpr: 0.05,
  piiRecall: 0.9,
};
/**
 * Fit-time threshold: the lowest score keeping the training FPR <= FIT_MAX_FPR (a margin below
 * the 0.05 target), but never below THRESHOLD_FLOOR (logit; 0 = probability 0.5), so the weights
 * always matter and not only the structural rule in jailbreak.ts.
 */
const FIT_MAX_FPR = 0.02;
const THRESHOLD_FLOOR = -1;
const FIT_L2 = 0.003;

type Row = Record<string, unknown> & { text: string; label: string };
function readJsonl(path: string): Row[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
}

interface Counts { tp: number; fp: number; fn: number; tn: number }
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0, tn: 0 });
function add(c: Counts, actual: boolean, predicted: boolean): void {
  if (actual && predicted) c.tp++;
  else if (!actual && predicted) c.fp++;
  else if (actual && !predicted) c.fn++;
  else c.tn++;
}
const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);
const precision = (c: Counts) => ratio(c.tp, c.tp + c.fp);
const recall = (c: Counts) => ratio(c.tp, c.tp + c.fn);
const fpr = (c: Counts) => ratio(c.fp, c.fp + c.tn);
const fmt = (x: number) => (Number.isNaN(x) ? "   -  " : x.toFixed(3).padStart(6));

const table: string[][] = [];
function row(dataset: string, what: string, c: Counts): void {
  table.push([dataset, what, String(c.tp + c.fp + c.fn + c.tn), String(c.tp), String(c.fp), String(c.fn), String(c.tn), fmt(precision(c)), fmt(recall(c)), fmt(fpr(c))]);
}
function printTable(): void {
  const head = ["dataset", "reason / slice", "rows", "TP", "FP", "FN", "TN", "prec", "recall", "FPR"];
  const all = [head, ...table];
  const w = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join("  ");
  console.log(line(head));
  console.log(w.map((n) => "-".repeat(n)).join("  "));
  for (const r of table) console.log(line(r));
}

const failures: string[] = [];
function check(ok: boolean, msg: string): void {
  if (!ok) failures.push(msg);
}
const short = (s: string, n = 140) => JSON.stringify(s.length > n ? s.slice(0, n) + "…" : s);

// ── jailbreak ────────────────────────────────────────────────────────────────
const jbRows = readJsonl(join(evalDir, "jailbreak_train.jsonl"));

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function crossValidate(X: number[][], y: number[]): void {
  const nF = JAILBREAK_FEATURES.length;
  const rnd = mulberry32(42);
  const order = X.map((_, i) => i).sort(() => 0).map((i) => ({ i, r: rnd() })).sort((a, b) => a.r - b.r).map((o) => o.i);
  // stratified folds
  const K = 5;
  const fold = new Array<number>(X.length);
  let pi = 0, ni = 0;
  for (const i of order) fold[i] = y[i] ? pi++ % K : ni++ % K;
  const cv = zero();
  for (let k = 0; k < K; k++) {
    const tr = X.map((_, i) => i).filter((i) => fold[i] !== k);
    const te = X.map((_, i) => i).filter((i) => fold[i] === k);
    const fit = fitLogistic(tr.map((i) => X[i]!), tr.map((i) => y[i]!), nF, { l2: FIT_L2 });
    const t = Math.max(THRESHOLD_FLOOR, thresholdForFpr(tr.map((i) => scoreOf(X[i]!, fit)), tr.map((i) => y[i]!), FIT_MAX_FPR));
    for (const i of te) add(cv, y[i] === 1, scoreOf(X[i]!, fit) >= t);
  }
  row("jailbreak (5-fold CV)", "jailbreak_attempt, held-out", cv);
  // fixed 80/20 split: weights and threshold from the 80 % only
  const split = zero();
  const tr = order.filter((_, j) => j % 5 !== 0);
  const te = order.filter((_, j) => j % 5 === 0);
  const fit = fitLogistic(tr.map((i) => X[i]!), tr.map((i) => y[i]!), nF, { l2: FIT_L2 });
  const t = Math.max(THRESHOLD_FLOOR, thresholdForFpr(tr.map((i) => scoreOf(X[i]!, fit)), tr.map((i) => y[i]!), FIT_MAX_FPR));
  for (const i of te) add(split, y[i] === 1, scoreOf(X[i]!, fit) >= t);
  row("jailbreak (80/20 split)", "jailbreak_attempt, held-out 20%", split);
}

function fitAndWrite(X: number[][], y: number[]): void {
  const nF = JAILBREAK_FEATURES.length;
  const fit: FitResult = fitLogistic(X, y, nF, { l2: FIT_L2 });
  const threshold = Math.max(THRESHOLD_FLOOR, thresholdForFpr(X.map((x) => scoreOf(x, fit)), y, FIT_MAX_FPR));
  const weights = JAILBREAK_FEATURES.map((f, i) => `    ${JSON.stringify(f.id)}: ${fit.weights[i]!.toFixed(3)},`).join("\n");
  const src = `// Generated by \`npx tsx scripts/detector-eval.ts --fit\`: L2 logistic regression (l2=${FIT_L2}) over the
// phrase features of jailbreak-features.ts, fitted on eval/jailbreak_train.jsonl (${X.length} rows);
// threshold = lowest score keeping the training false-positive rate <= ${FIT_MAX_FPR}, floored at ${THRESHOLD_FLOOR}.
// Held-out figures (5-fold CV, 80/20 split) are printed by the eval script.
export const JAILBREAK_MODEL: { bias: number; threshold: number; weights: Record<string, number> } = {
  bias: ${fit.bias.toFixed(3)},
  threshold: ${threshold.toFixed(3)},
  weights: {
${weights}
  },
};
`;
  writeFileSync(join(repoRoot, "worker/src/detector/jailbreak-model.ts"), src);
  console.log(`wrote jailbreak-model.ts (bias ${fit.bias.toFixed(3)}, threshold ${threshold.toFixed(3)})`);
  const ranked = JAILBREAK_FEATURES.map((f, i) => [f.id, fit.weights[i]!] as const).sort((a, b) => b[1] - a[1]);
  console.log(ranked.map(([id, w]) => `${id}=${w.toFixed(2)}`).join("  "));
}

{
  const X = jbRows.map((r) => jailbreakFeatures(lowerSameLength(r.text)));
  // the anchor pre-check must never change a feature vector
  const anchorLoss = jbRows.filter((r, i) => jailbreakFeatures(lowerSameLength(r.text), false).join() !== X[i]!.join()).length;
  // nor may the cheap text gate drop a jailbreak the model would flag
  const gateLoss = jbRows.filter((r) => {
    const a: { rule: string; start: number; end: number }[] = [], b: typeof a = [];
    scanJailbreak(lowerSameLength(r.text), a, true);
    scanJailbreak(lowerSameLength(r.text), b, false);
    return a.length !== b.length;
  }).length;
  check(gateLoss === 0, `${gateLoss} jailbreak rows lost to the text gate`);
  check(anchorLoss === 0, `${anchorLoss} jailbreak rows whose features change with the anchor pre-check`);
  const y = jbRows.map((r) => (r.label === "jailbreak" ? 1 : 0));
  if (args.has("--fit")) {
    fitAndWrite(X, y);
    console.log("re-run without --fit to evaluate the new weights");
    process.exit(0);
  }
  const jb = zero();
  const either = zero();
  const injOnBenign = zero();
  const anyFlagBenign = zero();
  const misses: string[] = [];
  const alarms: string[] = [];
  for (const r of jbRows) {
    const res = detect({ prompt: r.text, response: "" });
    const isJb = r.label === "jailbreak";
    const pred = res.flagReasons.includes("jailbreak_attempt");
    add(jb, isJb, pred);
    add(either, isJb, pred || res.flagReasons.includes("prompt_injection"));
    if (!isJb) {
      add(injOnBenign, false, res.flagReasons.includes("prompt_injection"));
      add(anyFlagBenign, false, res.flagStatus === "critical");
    }
    if (isJb && !pred) misses.push(short(r.text));
    if (!isJb && (pred || res.flagStatus === "critical")) alarms.push(`${res.findings.map((f) => f.rule).join(",")} ${short(r.text)}`);
  }
  row("jailbreak_train", "jailbreak_attempt", jb);
  row("jailbreak_train", "jailbreak ∨ injection", either);
  row("jailbreak_train", "benign → prompt_injection", injOnBenign);
  row("jailbreak_train", "benign → any critical", anyFlagBenign);
  crossValidate(X, y);
  check(recall(jb) >= TARGET.jailbreakRecall, `jailbreak recall ${recall(jb).toFixed(3)} < ${TARGET.jailbreakRecall}`);
  check(fpr(jb) <= TARGET.jailbreakFpr, `jailbreak FPR ${fpr(jb).toFixed(3)} > ${TARGET.jailbreakFpr}`);
  check(fpr(anyFlagBenign) <= TARGET.jailbreakFpr, `critical flags on benign jailbreak rows ${fpr(anyFlagBenign).toFixed(3)} > ${TARGET.jailbreakFpr}`);
  if (VERBOSE) {
    console.log(`\n# jailbreak misses (${misses.length})\n` + misses.slice(0, 60).join("\n"));
    console.log(`\n# critical flags on benign jailbreak rows (${alarms.length})\n` + alarms.join("\n"));
  }
}

// ── secrets ──────────────────────────────────────────────────────────────────
{
  const rows = readJsonl(join(evalDir, "secrets_gitleaks.jsonl"));
  const c = zero();
  const missesByRule = new Map<string, number>();
  const out: string[] = [];
  let clearedByExampleList = 0;
  for (const r of rows) {
    const res = detect({ prompt: r.text, response: "" });
    const isSecret = r.label === "secret";
    const pred = res.findings.some((f) => f.rule.startsWith("secret."));
    add(c, isSecret, pred);
    if (!isSecret && !pred && [...KNOWN_EXAMPLE_CREDENTIALS].some((k) => r.text.includes(k))) clearedByExampleList++;
    if (isSecret && !pred) {
      missesByRule.set(String(r.rule), (missesByRule.get(String(r.rule)) ?? 0) + 1);
      out.push(`FN [${r.rule}] ${short(r.text)}`);
    }
    if (!isSecret && pred) out.push(`FP [${r.rule}] ${res.findings.map((f) => f.rule).join(",")} ${short(r.text)}`);
  }
  row("secrets_gitleaks", "sensitive_content (credential)", c);
  check(recall(c) >= TARGET.secretsRecall, `secrets recall ${recall(c).toFixed(3)} < ${TARGET.secretsRecall}`);
  check(fpr(c) <= TARGET.secretsFpr, `secrets FPR ${fpr(c).toFixed(3)} > ${TARGET.secretsFpr}`);
  const notes = [`benign rows cleared only by the published-example list (examples.ts): ${clearedByExampleList}`];
  if (missesByRule.size) notes.push(`missed gitleaks rules: ${[...missesByRule].map(([k, v]) => `${k}×${v}`).join(", ")}`);
  secretNotes = notes;
  if (VERBOSE) console.log(`\n# secrets misses / false alarms\n${out.join("\n")}`);
}
var secretNotes: string[];

// ── PII ──────────────────────────────────────────────────────────────────────
const PII_COVERED: Record<string, string> = {
  EMAIL_ADDRESS: "pii.email",
  PHONE_NUMBER: "pii.phone",
  CREDIT_CARD: "pii.credit_card",
  US_SSN: "pii.ssn",
  IBAN_CODE: "pii.iban",
  IP_ADDRESS: "pii.ip_address",
};
{
  const rows = readJsonl(join(evalDir, "pii_synthetic.jsonl"));
  const perType = new Map<string, Counts>();
  const allTypes = new Set<string>();
  const anyCovered = zero();
  const out: string[] = [];
  for (const r of rows) {
    const ents = (r.entities as string[]) ?? [];
    ents.forEach((e) => allTypes.add(e));
    const res = detect({ prompt: r.text, response: "" });
    const rulesFound = new Set(res.findings.map((f) => f.rule));
    const hasCovered = ents.some((e) => e in PII_COVERED);
    add(anyCovered, hasCovered, res.flagReasons.includes("sensitive_content"));
    for (const [type, rule] of Object.entries(PII_COVERED)) {
      if (!perType.has(type)) perType.set(type, zero());
      const present = ents.includes(type);
      const found = rulesFound.has(rule);
      add(perType.get(type)!, present, found);
      if (present && !found) out.push(`FN ${type}: ${short(r.text)}`);
      if (!present && found) out.push(`FP ${rule} (labels ${ents.join("|") || "none"}): ${short(r.text)}`);
    }
  }
  let tp = 0, fn = 0;
  for (const [type, c] of perType) {
    row("pii_synthetic", `${type} → ${PII_COVERED[type]}`, c);
    tp += c.tp;
    fn += c.fn;
    check(recall(c) >= TARGET.piiRecall, `PII recall for ${type} ${recall(c).toFixed(3)} < ${TARGET.piiRecall}`);
  }
  row("pii_synthetic", "covered types (row level)", anyCovered);
  check(tp / (tp + fn) >= TARGET.piiRecall, `PII recall over covered types ${(tp / (tp + fn)).toFixed(3)} < ${TARGET.piiRecall}`);
  piiNotes = [
    `covered entity types: ${Object.keys(PII_COVERED).join(", ")}; micro recall ${(tp / (tp + fn)).toFixed(3)}`,
    `not covered (not sensitive by themselves, or no reliable pattern): ${[...allTypes].filter((t) => !(t in PII_COVERED)).sort().join(", ")}`,
    `"FP" in per-type rows = the rule fired on a row whose Presidio labels do not list that type`,
  ];
  if (VERBOSE) console.log(`\n# PII misses / extra findings\n${out.join("\n")}`);
}
var piiNotes: string[];

// ── hard cases ───────────────────────────────────────────────────────────────
{
  const rows = readJsonl(hardCasesPath);
  const perReason = new Map<FlagReason, Counts>(FLAG_REASONS.map((r) => [r, zero()]));
  const benign = zero();
  const out: string[] = [];
  for (const r of rows) {
    const expect = (r.expect as FlagReason[]) ?? [];
    const field = (r.field as string) === "response" ? "response" : "prompt";
    const res = detect({
      prompt: field === "prompt" ? r.text : String(r.other ?? ""),
      response: field === "response" ? r.text : String(r.other ?? ""),
      tokenCount: (r.tokenCount as number | undefined) ?? null,
    });
    // reasons in `allow` may or may not fire (e.g. a DAN-style injection is also a jailbreak): not counted
    for (const reason of FLAG_REASONS) {
      if (((r.allow as string[]) ?? []).includes(reason)) continue;
      add(perReason.get(reason)!, expect.includes(reason), res.flagReasons.includes(reason));
    }
    if (r.label === "benign") add(benign, false, res.flagStatus !== "safe");
    const allow = (r.allow as FlagReason[]) ?? [];
    const ok = expect.every((e) => res.flagReasons.includes(e)) && res.flagReasons.every((g) => expect.includes(g) || allow.includes(g));
    if (!ok) out.push(`MISMATCH expect=[${expect}] got=[${res.flagReasons}] ${res.findings.map((f) => f.rule).join(",")} ${short(r.text)}`);
  }
  for (const [reason, c] of perReason) row("hard-cases", reason, c);
  row("hard-cases", "benign rows flagged (any)", benign);
  check(benign.fp === 0, `${benign.fp} benign hard-case row(s) not safe`);
  hardNotes = out;
}
var hardNotes: string[];

printTable();
console.log("");
for (const n of [...secretNotes, ...piiNotes]) console.log("- " + n);
if (hardNotes.length) console.log(`\nhard-case mismatches (${hardNotes.length}):\n` + hardNotes.join("\n"));
if (failures.length) {
  console.log(`\nTARGETS MISSED:\n- ${failures.join("\n- ")}`);
  if (args.has("--check")) process.exit(1);
} else {
  console.log("\nall targets met");
}
