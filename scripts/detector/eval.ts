// Evaluation of the flag detector on every labelled file in ../shared/eval (eval/README.md) plus
// the repository's hard cases, reported per file, per upstream source and per subset.
//   npm run eval:detector                 print the tables
//   npm run eval:detector -- --check      exit 1 when a target is missed
//   npm run eval:detector -- --verbose    list misses and false alarms
//   npm run eval:detector -- --shipped    score the shipped weights instead (training figures)
// Every learned part (the attack classifier, the jailbreak feature weights) is scored
// leave-one-source-out: for the rows of one upstream repository, the models are refitted on the
// rows of all the others, exactly as scripts/detector/train.ts fits the shipped weights. Targets
// are applied to those held-out figures only. Rule-based parts (credentials, PII, injection
// phrases) learn nothing from these files, so their figures are held-out by construction.
import { FLAG_REASONS, type FlagReason } from "@promptsentry/schema/constants/flags";
import { detect, type DetectResult } from "../../worker/src/detector/index";
import { KNOWN_EXAMPLE_CREDENTIALS } from "../../worker/src/detector/examples";
import { jailbreakFeatures, scanJailbreak } from "../../worker/src/detector/jailbreak";
import { lowerSameLength } from "../../worker/src/detector/text";
import type { RawHit } from "../../worker/src/detector/types";
import { buildCodeCorpus } from "./lib/corpus";
import {
  ATTACK_LABELS,
  attackTrainingRows,
  corpusRows,
  coveredPii,
  evalDir,
  FAMILIES,
  hasEvalData,
  loadAll,
  PII_COVERED,
  type EvalRow,
  type Family,
} from "./lib/data";
import { fitModels, type FittedModels } from "./lib/fit";
import { findEvalTextInSource, WINDOW } from "./lib/leak";

if (!hasEvalData()) {
  // The labelled sets live outside the repository (../shared/eval); a checkout without them has
  // nothing to measure, which is not a detector failure. CI and the team's machines have them.
  console.log(`detector eval: no labelled data at ${evalDir} (set EVAL_DIR); skipped`);
  process.exit(0);
}
const args = new Set(process.argv.slice(2));
const VERBOSE = args.has("--verbose");
const SHIPPED = args.has("--shipped");

// ── targets, applied to held-out figures ──────────────────────────
const TARGET = {
  indirectRecall: 0.5,
  roleplayBenignFlagged: 0.05,
  triggerBenignFlagged: 0.05,
  jailbreakRecall: 0.9,
  jailbreakFpr: 0.05,
  credentialsInContextRecall: 0.9,
  directInjectionRecall: 0.9,
  gitleaksRecall: 0.9,
  gitleaksFpr: 0.05,
  piiRecall: 0.9,
};

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
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
  table.push([
    dataset,
    what,
    String(c.tp + c.fp + c.fn + c.tn),
    String(c.tp),
    String(c.fp),
    String(c.fn),
    String(c.tn),
    fmt(precision(c)),
    fmt(recall(c)),
    fmt(fpr(c)),
  ]);
}
function printTable(): void {
  const head = ["file", "reason / source / slice", "rows", "TP", "FP", "FN", "TN", "prec", "recall", "FPR"];
  const all = [head, ...table];
  const w = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join("  ");
  console.log(line(head));
  console.log(w.map((n) => "-".repeat(n)).join("  "));
  for (const r of table) console.log(line(r));
}

/**
 * Held-out figures still short of the issue's target: --check holds them at this floor (a
 * regression guard a little under today's figure) and prints them as open, so the miss stays
 * visible without failing every test run. Raise a floor whenever the figure improves.
 */
const FLOORS: Partial<Record<string, number>> = {
  "direct injection recall": 0.91,
  // provider rules come from gitleaks' rule set; base64-wrapped configs, terminal colour codes,
  // escaped and unnamed provider layouts and vendor-named variables: 0.883 → 0.914
  "credentials-in-context recall": 0.91,
  // code and data regions are read as data now, the classifier never flags on its own and the
  // phrase model needs an override mechanism: persona-only templates are no longer flagged
  // (held out by family the classifier added 0.1 % of human attacks for 10 % of chat flagged);
  // decoded payloads and the dual-persona, mode-lock and refusal-suppression overrides: 0.866 → 0.886;
  // personas set up free of the model's rules, split payloads, request templates: 0.886 → 0.903
  "in-the-wild jailbreak recall": 0.9,
};
const failures: string[] = [];
const open: string[] = [];
const checked: string[] = [];
function target(ok: boolean, what: string, value: number, op: "≥" | "≤", goal: number): void {
  const msg = `${what}: ${value.toFixed(3)} (target ${op} ${goal})`;
  const floor = FLOORS[what];
  const held = !ok && floor !== undefined && (op === "≥" ? value >= floor : value <= floor);
  checked.push(`${ok ? "ok  " : held ? "OPEN" : "MISS"} ${msg}${floor !== undefined ? ` [floor ${floor}]` : ""}`);
  if (held) open.push(msg);
  else if (!ok) failures.push(msg);
}
const short = (s: string, n = 160) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);

// ── predictions: each row through the detector with the models of its held-out fold ─────────
// the corpus's `fit` half may be fitted on; only its `check` half is ever scored
const corpus = corpusRows(buildCodeCorpus());
const rows = [...loadAll(), ...corpus];
const scoredRows = rows.filter((r) => r.split !== "fit");
const t0 = Date.now();
// A source that is the only one holding some label (jackhhao/llm-warden: in-the-wild jailbreaks)
// cannot be left out whole, or the held-out model would never have seen the class it is scored
// on; such a source is held out one fifth at a time instead (stratified by label).
const SPLIT_FOLDS = 5;
const labelsOf = (g: string) => new Set(rows.filter((r) => r.group === g && r.file !== "hard-cases").map((r) => r.label));
const splitGroups = new Set(
  [...new Set(rows.map((r) => r.group))].filter((g) => {
    const others = new Set(rows.filter((r) => r.group !== g && r.file !== "hard-cases").map((r) => r.label));
    return [...labelsOf(g)].some((l) => ATTACK_LABELS.has(l) && !others.has(l));
  }),
);
const splitFold = new Map<EvalRow, number>();
for (const g of splitGroups) {
  const seen = new Map<string, number>();
  for (const r of rows.filter((x) => x.group === g)) {
    const k = seen.get(r.label) ?? 0;
    seen.set(r.label, k + 1);
    splitFold.set(r, k % SPLIT_FOLDS);
  }
}
const trainingGroups = new Set(attackTrainingRows(rows).map((it) => it.row.group));
const foldModels = new Map<string, FittedModels | undefined>();
function modelsFor(row: EvalRow): FittedModels | undefined {
  if (SHIPPED) return undefined;
  const fold = splitFold.get(row);
  // sources with no training rows (credentials, PII) all see the model fitted on everything
  const key = !trainingGroups.has(row.group) ? "*" : fold === undefined ? row.group : `${row.group}#${fold}`;
  if (!foldModels.has(key))
    foldModels.set(
      key,
      fitModels(rows, (r) => r.group !== row.group || (fold !== undefined && splitFold.get(r) !== fold)),
    );
  return foldModels.get(key);
}
// leave-one-family-out: the models are refitted without every row of the scored row's family
const trainingFamilies = new Set(attackTrainingRows(rows).map((it) => it.row.family));
const familyModels = new Map<Family | "*", FittedModels | undefined>();
function familyModelsFor(row: EvalRow): FittedModels | undefined {
  if (SHIPPED) return undefined;
  const key = trainingFamilies.has(row.family) ? row.family : "*";
  if (!familyModels.has(key))
    familyModels.set(key, key === "*" ? modelsFor({ ...row, group: "\0none" }) : fitModels(rows, (r) => r.family !== row.family));
  return familyModels.get(key);
}
function run(r: EvalRow, models: FittedModels | undefined): DetectResult {
  const field = (r.field as string) === "response" ? "response" : "prompt";
  const other = String(r.other ?? "");
  return detect(
    {
      prompt: field === "prompt" ? r.text : other,
      response: field === "response" ? r.text : other,
      tokenCount: (r.tokenCount as number | undefined) ?? null,
    },
    { models },
  );
}
const results = new Map<EvalRow, DetectResult>();
const lofoResults = new Map<EvalRow, DetectResult>();
for (const r of scoredRows) {
  results.set(r, run(r, modelsFor(r)));
  lofoResults.set(r, run(r, familyModelsFor(r)));
}
const fitSeconds = (Date.now() - t0) / 1000;

const isAttack = (res: DetectResult) => res.flagReasons.includes("prompt_injection") || res.flagReasons.includes("jailbreak_attempt");
const isCredential = (res: DetectResult) => res.findings.some((f) => f.rule.startsWith("secret."));
const byKey = <T>(xs: readonly T[], key: (x: T) => string) => {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
};
const of = (file: string) => scoredRows.filter((r) => r.file === file);
function tally(rs: readonly EvalRow[], positive: (r: EvalRow) => boolean, predicted: (res: DetectResult) => boolean): Counts {
  const c = zero();
  for (const r of rs) add(c, positive(r), predicted(results.get(r)!));
  return c;
}
function misses(
  rs: readonly EvalRow[],
  positive: (r: EvalRow) => boolean,
  predicted: (res: DetectResult) => boolean,
  from: Map<EvalRow, DetectResult> = results,
): string[] {
  return rs
    .filter((r) => positive(r) !== predicted(from.get(r)!))
    .map(
      (r) =>
        `${positive(r) ? "FN" : "FP"} [${r.subset ?? r.group}] ${from
          .get(r)!
          .findings.map((f) => `${f.rule}@${(f.score ?? 1).toFixed(2)}`)
          .join(",")} ${short(r.text)}`,
    );
}
const verbose: string[] = [];

// ── attack files: per source and per subset ────────────────────────────────
const attackPositive = (r: EvalRow) =>
  ATTACK_LABELS.has(r.label) ||
  ((r.expect as string[] | undefined) ?? []).some((e) => e === "prompt_injection" || e === "jailbreak_attempt");
const slices = new Map<string, Counts>();
for (const file of ["jailbreak_train", "injection_direct", "injection_indirect", "overdefense_benign"]) {
  const rs = of(file);
  const all = tally(rs, attackPositive, isAttack);
  slices.set(file, all);
  row(file, "prompt_injection ∨ jailbreak_attempt (all)", all);
  if (file === "jailbreak_train")
    row(
      file,
      "jailbreak_attempt only",
      tally(rs, attackPositive, (res) => res.flagReasons.includes("jailbreak_attempt")),
    );
  for (const [group, g] of byKey(rs, (r) => r.group)) row(file, `  source ${group}`, tally(g, attackPositive, isAttack));
  if (file !== "jailbreak_train")
    for (const [subset, g] of byKey(rs, (r) => String(r.subset))) row(file, `    subset ${subset}`, tally(g, attackPositive, isAttack));
  if (VERBOSE) verbose.push(`\n# ${file}: misses and false alarms`, ...misses(rs, attackPositive, isAttack));
}

// ── credentials ───────────────────────────────────────────────────────────
const secretPositive = (r: EvalRow) => r.label === "secret";
for (const file of ["secrets_gitleaks", "secrets_context"]) {
  const rs = of(file);
  const all = tally(rs, secretPositive, isCredential);
  slices.set(file, all);
  row(file, "sensitive_content: credential (all)", all);
  for (const [group, g] of byKey(rs, (r) => r.group))
    if (g.length >= 20) row(file, `  source ${group}`, tally(g, secretPositive, isCredential));
  if (file === "secrets_context")
    for (const [subset, g] of byKey(rs, (r) => String(r.subset))) row(file, `    subset ${subset}`, tally(g, secretPositive, isCredential));
  if (VERBOSE) verbose.push(`\n# ${file}: misses and false alarms`, ...misses(rs, secretPositive, isCredential));
}
const clearedByExampleList = of("secrets_gitleaks").filter(
  (r) => !secretPositive(r) && !isCredential(results.get(r)!) && [...KNOWN_EXAMPLE_CREDENTIALS].some((k) => r.text.includes(k)),
).length;

// ── PII ───────────────────────────────────────────────────────────────────
const piiNotes: string[] = [];
{
  const rs = of("pii_synthetic");
  let tp = 0,
    fn = 0;
  const allTypes = new Set(rs.flatMap((r) => (r.entities as string[]) ?? []));
  for (const [type, rule] of Object.entries(PII_COVERED)) {
    const c = tally(
      rs,
      (r) => ((r.entities as string[]) ?? []).includes(type),
      (res) => res.findings.some((f) => f.rule === rule),
    );
    row("pii_synthetic", `${type} → ${rule}`, c);
    tp += c.tp;
    fn += c.fn;
    target(recall(c) >= TARGET.piiRecall, `PII recall for ${type}`, recall(c), "≥", TARGET.piiRecall);
  }
  row(
    "pii_synthetic",
    "covered types (row level)",
    tally(
      rs,
      (r) => coveredPii(r).length > 0,
      (res) => res.flagReasons.includes("sensitive_content"),
    ),
  );
  piiNotes.push(
    `PII covered entity types: ${Object.keys(PII_COVERED).join(", ")}; micro recall ${(tp / (tp + fn)).toFixed(3)}`,
    `PII not covered (not sensitive by themselves, or no reliable pattern): ${[...allTypes]
      .filter((t) => !(t in PII_COVERED))
      .sort()
      .join(", ")}`,
  );
}

// ── hard cases (the repository's own) ──────────────────────────────────────
const hardNotes: string[] = [];
{
  const rs = of("hard-cases");
  for (const reason of FLAG_REASONS) {
    const counted = rs.filter((r) => !((r.allow as string[]) ?? []).includes(reason));
    row(
      "hard-cases",
      reason,
      tally(
        counted,
        (r) => ((r.expect as string[]) ?? []).includes(reason),
        (res) => res.flagReasons.includes(reason),
      ),
    );
  }
  const benign = tally(
    rs.filter((r) => r.label === "benign"),
    () => false,
    (res) => res.flagStatus !== "safe",
  );
  row("hard-cases", "benign rows flagged (any)", benign);
  target(benign.fp === 0, "benign hard cases flagged (count)", benign.fp, "≤", 0);
  for (const r of rs) {
    const res = results.get(r)!;
    const expect = (r.expect as FlagReason[]) ?? [];
    const allow = (r.allow as FlagReason[]) ?? [];
    const ok = expect.every((e) => res.flagReasons.includes(e)) && res.flagReasons.every((g) => expect.includes(g) || allow.includes(g));
    if (!ok)
      hardNotes.push(`MISMATCH expect=[${expect}] got=[${res.flagReasons}] ${res.findings.map((f) => f.rule).join(",")} ${short(r.text)}`);
  }
}

// ── cheap pre-checks must never change a decision ───────────────────────────
{
  const jb = of("jailbreak_train").concat(of("injection_direct"), of("overdefense_benign"));
  const anchorLoss = jb.filter(
    (r) => jailbreakFeatures(lowerSameLength(r.text), false).join() !== jailbreakFeatures(lowerSameLength(r.text)).join(),
  ).length;
  target(anchorLoss === 0, "rows whose jailbreak features change with the anchor pre-check", anchorLoss, "≤", 0);
  // on attacks only: on benign rows the gate may well drop a weak hit, which is its job
  const gateLoss = jb.filter(attackPositive).filter((r) => {
    const [a, b]: RawHit[][] = [[], []];
    scanJailbreak(lowerSameLength(r.text), a, true);
    scanJailbreak(lowerSameLength(r.text), b, false);
    return JSON.stringify(a) !== JSON.stringify(b);
  }).length;
  target(gateLoss === 0, "attack rows whose jailbreak finding changes with the text gate", gateLoss, "≤", 0);
}

// ── no eval text in the repository ───────────────────────────────────────
const leaks = findEvalTextInSource(rows.filter((r) => r.file !== "code-corpus"));
target(leaks.length === 0, `eval-file passages (${WINDOW}+ chars) found in tracked files`, leaks.length, "≤", 0);
const leakNotes = leaks.slice(0, 20).map((l) => `${l.file} holds text of ${l.evalFile}: ${short(l.text, 100)}`);

// ── the issue's slices ───────────────────────────────────────────────────────
const sliceRows = {
  indirect: of("injection_indirect").filter(attackPositive),
  indirectCarriers: of("injection_indirect").filter((r) => !attackPositive(r)),
  roleplay: of("overdefense_benign").filter((r) => r.subset !== "xstest_safe"),
  trigger: [
    ...of("overdefense_benign").filter((r) => r.subset === "xstest_safe"),
    ...of("injection_direct").filter((r) => !attackPositive(r)),
    ...of("hard-cases").filter((r) => r.label === "benign"),
  ],
  jailbreak: of("jailbreak_train"),
  credentials: of("secrets_context"),
  direct: of("injection_direct").filter(attackPositive),
};
{
  const c = tally(sliceRows.indirect, attackPositive, isAttack);
  row("slice", "indirect injections (recall)", c);
  target(recall(c) >= TARGET.indirectRecall, "indirect injection recall", recall(c), "≥", TARGET.indirectRecall);
  row("slice", "indirect carriers without injection (FPR)", tally(sliceRows.indirectCarriers, attackPositive, isAttack));
  const rp = tally(sliceRows.roleplay, () => false, isAttack);
  row("slice", "benign role-play / personas / fiction (FPR)", rp);
  target(
    fpr(rp) <= TARGET.roleplayBenignFlagged,
    "benign role-play, fiction, hypotheticals flagged",
    fpr(rp),
    "≤",
    TARGET.roleplayBenignFlagged,
  );
  const tw = tally(sliceRows.trigger, () => false, isAttack);
  row("slice", "benign trigger words / ordinary tasks (FPR)", tw);
  target(fpr(tw) <= TARGET.triggerBenignFlagged, "trigger-word benign flagged", fpr(tw), "≤", TARGET.triggerBenignFlagged);
  const jb = tally(sliceRows.jailbreak, attackPositive, isAttack);
  row("slice", "in-the-wild jailbreaks vs counterparts", jb);
  target(recall(jb) >= TARGET.jailbreakRecall, "in-the-wild jailbreak recall", recall(jb), "≥", TARGET.jailbreakRecall);
  target(fpr(jb) <= TARGET.jailbreakFpr, "in-the-wild jailbreak FPR", fpr(jb), "≤", TARGET.jailbreakFpr);
  const cr = tally(sliceRows.credentials, secretPositive, isCredential);
  row("slice", "credentials in context", cr);
  target(
    recall(cr) >= TARGET.credentialsInContextRecall,
    "credentials-in-context recall",
    recall(cr),
    "≥",
    TARGET.credentialsInContextRecall,
  );
  const di = tally(sliceRows.direct, attackPositive, isAttack);
  row("slice", "direct injections (recall)", di);
  target(recall(di) >= TARGET.directInjectionRecall, "direct injection recall", recall(di), "≥", TARGET.directInjectionRecall);
  const gl = slices.get("secrets_gitleaks")!;
  target(recall(gl) >= TARGET.gitleaksRecall, "gitleaks fixtures recall", recall(gl), "≥", TARGET.gitleaksRecall);
  target(fpr(gl) <= TARGET.gitleaksFpr, "gitleaks fixtures FPR", fpr(gl), "≤", TARGET.gitleaksFpr);
}

// ── families, leave-one-source-out and leave-one-family-out ───────────────────
// What each family is scored by, and its target (the held-out figures the product must reach).
const PII_RULES = new Set(Object.values(PII_COVERED));
const familyScoring: Record<
  Family,
  { positive: (r: EvalRow) => boolean; predicted: (res: DetectResult) => boolean; recall?: number; fpr?: number }
> = {
  "human attacks": { positive: attackPositive, predicted: isAttack, recall: 0.8 },
  // held-out target 0.6 (0.523 before decoded payloads, widened agent actions and role tags)
  "generated attacks": { positive: attackPositive, predicted: isAttack, recall: 0.6, fpr: 0.05 },
  "planted attacks": { positive: attackPositive, predicted: isAttack, recall: 0.5, fpr: 0.05 },
  "chat benign": { positive: attackPositive, predicted: isAttack, fpr: 0.05 },
  "code and data benign": { positive: () => false, predicted: isAttack, fpr: 0.01 },
  credentials: { positive: secretPositive, predicted: isCredential, recall: 0.9, fpr: 0.15 },
  PII: {
    positive: (r) => coveredPii(r).length > 0,
    predicted: (res) => res.findings.some((f) => PII_RULES.has(f.rule)),
    recall: 0.9,
  },
};
/**
 * Families below their target under leave-one-family-out: --check holds them at these floors
 * (today's figure with a little slack) and prints them as open. Tighten a floor when it improves.
 */
const FAMILY_FLOORS: Partial<Record<string, number>> = {
  // the rule-override and hijack mechanisms need no fitted weight: 0.555 → 0.815, at its target
  "human attacks: recall (LOFO)": 0.8,
  // the same mechanisms as the credentials-in-context floor above: 0.890 → 0.918
  "credentials: recall (LOFO)": 0.91,
};
const familyTable: string[][] = [];
const familyChecked: string[] = [];
for (const fam of FAMILIES) {
  const rs = scoredRows.filter((r) => r.family === fam);
  const sc = familyScoring[fam];
  const count = (res: Map<EvalRow, DetectResult>) => {
    const c = zero();
    for (const r of rs) add(c, sc.positive(r), sc.predicted(res.get(r)!));
    return c;
  };
  const loso = count(results);
  const lofo = count(lofoResults);
  familyTable.push([
    fam,
    String(rs.length),
    String(loso.tp + loso.fn),
    fmt(recall(loso)),
    fmt(fpr(loso)),
    fmt(recall(lofo)),
    fmt(fpr(lofo)),
    `${sc.recall !== undefined ? `recall ≥ ${sc.recall}` : ""}${sc.recall !== undefined && sc.fpr !== undefined ? ", " : ""}${sc.fpr !== undefined ? `FPR ≤ ${sc.fpr}` : ""}`,
  ]);
  // the gate reads the leave-one-family-out figures: the worst family decides
  if (sc.recall !== undefined) {
    const what = `${fam}: recall (LOFO)`;
    const v = recall(lofo);
    const floor = FAMILY_FLOORS[what];
    const ok = v >= sc.recall;
    const held = !ok && floor !== undefined && v >= floor;
    familyChecked.push(
      `${ok ? "ok  " : held ? "OPEN" : "MISS"} ${what}: ${v.toFixed(3)} (target ≥ ${sc.recall})${floor !== undefined ? ` [floor ${floor}]` : ""}`,
    );
    if (held) open.push(what);
    else if (!ok) failures.push(`${what}: ${v.toFixed(3)}`);
  }
  if (sc.fpr !== undefined) {
    const what = `${fam}: FPR (LOFO)`;
    const v = fpr(lofo);
    const floor = FAMILY_FLOORS[what];
    const ok = v <= sc.fpr;
    const held = !ok && floor !== undefined && v <= floor;
    familyChecked.push(
      `${ok ? "ok  " : held ? "OPEN" : "MISS"} ${what}: ${v.toFixed(3)} (target ≤ ${sc.fpr})${floor !== undefined ? ` [floor ${floor}]` : ""}`,
    );
    if (held) open.push(what);
    else if (!ok) failures.push(`${what}: ${v.toFixed(3)}`);
  }
  if (VERBOSE) verbose.push(`\n# family ${fam} (LOFO): misses and false alarms`, ...misses(rs, sc.positive, sc.predicted, lofoResults));
}
// the code-and-data corpus by kind: any flag, and the attack reasons alone
const corpusTable: string[][] = [];
{
  const rs = scoredRows.filter((r) => r.file === "code-corpus");
  for (const [kind, g] of [["all", rs] as const, ...[...byKey(rs, (r) => String(r.subset))].sort()]) {
    const attack = g.filter((r) => isAttack(results.get(r)!)).length;
    const any = g.filter((r) => results.get(r)!.flagStatus !== "safe").length;
    corpusTable.push([kind, String(g.length), fmt(attack / g.length), fmt(any / g.length)]);
  }
}

// ── sensitivity: share of ordinary traffic (chat benign, code corpus) with an attack flag ─────
const sensitivityNotes: string[] = [];
{
  const ordinary = scoredRows.filter((r) => r.family === "chat benign" || r.family === "code and data benign");
  for (const sensitivity of ["strict", "balanced", "lenient"] as const) {
    let flagged = 0;
    let critical = 0;
    for (const r of ordinary) {
      const res = detect({ prompt: r.text, response: "" }, { models: modelsFor(r), sensitivity });
      if (isAttack(res)) flagged++;
      if (isAttack(res) && res.flagStatus === "critical") critical++;
    }
    sensitivityNotes.push(
      `${sensitivity}: ${((100 * flagged) / ordinary.length).toFixed(1)} % of ${ordinary.length} ordinary prompts flagged as an attack (LOSO), ${((100 * critical) / ordinary.length).toFixed(1)} % critical`,
    );
  }
}

console.log(
  SHIPPED
    ? "Shipped weights on every row (TRAINING figures for the learned parts; not checked against targets)\n"
    : `Leave-one-source-out: ${foldModels.size} folds, learned parts refitted without the scored row's source (${fitSeconds.toFixed(1)} s)` +
        (splitGroups.size
          ? `; ${[...splitGroups].join(", ")} is the only source of a label, so it is held out 1/${SPLIT_FOLDS} at a time`
          : "") +
        "\n",
);
printTable();
{
  const head = ["family", "rows", "attacks/secrets", "LOSO recall", "LOSO FPR", "LOFO recall", "LOFO FPR", "target"];
  const all = [head, ...familyTable];
  const w = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  console.log(`\nFamilies (leave-one-source-out, leave-one-family-out: ${familyModels.size} family folds)`);
  for (const r of all) console.log(r.map((c, i) => (i === 0 || i === 7 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join("  "));
  console.log(`\nCode-and-data corpus (${corpus.length} rows built from this machine, check half scored)`);
  for (const r of [["kind", "rows", "attack flag", "any flag"], ...corpusTable])
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(12) : c.padStart(11))).join(" "));
}
console.log(`\nSensitivity on ordinary traffic:\n${sensitivityNotes.map((n) => `- ${n}`).join("\n")}`);
console.log("");
for (const n of [`gitleaks benign rows cleared only by the published-example list (examples.ts): ${clearedByExampleList}`, ...piiNotes])
  console.log(`- ${n}`);
if (leakNotes.length) console.log(`\neval text in the repository (${leaks.length}):\n${leakNotes.join("\n")}`);
if (hardNotes.length) console.log(`\nhard-case mismatches (${hardNotes.length}):\n${hardNotes.join("\n")}`);
if (VERBOSE) console.log(verbose.join("\n"));
console.log(`\ntargets (${SHIPPED ? "training figures, informational" : "held-out"}):\n${[...checked, ...familyChecked].join("\n")}`);
if (open.length) console.log(`\nBELOW THE ISSUE'S TARGET (held at their floors): ${open.length}`);
if (failures.length) {
  console.log(`\nTARGETS MISSED: ${failures.length}`);
  if (args.has("--check") && !SHIPPED) process.exit(1);
} else {
  console.log(open.length ? "\nno target missed beyond its floor" : "\nall targets met");
}
