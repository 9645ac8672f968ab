// Labelled rows for the detector's evaluation and training: every *.jsonl in ../shared/eval (or
// $EVAL_DIR) plus the repository's hand-written hard cases. Shared by eval.ts (figures)
// and train.ts (the shipped weights), so both see the same rows, groups and labels.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusRow } from "./corpus";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const evalDir = process.env.EVAL_DIR ? resolve(process.env.EVAL_DIR) : resolve(repoRoot, "../shared/eval");
export const hardCasesPath = join(repoRoot, "worker/src/detector/hard-cases.jsonl");

export type Row = Record<string, unknown> & { text: string; label: string; source?: string; subset?: string };

export interface EvalRow extends Row {
  /** File name without .jsonl, e.g. "injection_indirect"; "hard-cases" for the repository's own. */
  file: string;
  /** Leave-one-source-out group: the upstream repository (owner/name) the row came from. */
  group: string;
  /** Leave-one-family-out group: what kind of traffic the row stands for (FAMILIES). */
  family: Family;
  /** Corpus rows only: the half it belongs to (fitted on, or only scored). */
  split?: "fit" | "check";
}

/**
 * Families of traffic: a detector fitted without a whole family and scored on it predicts how it
 * fares on a new collection of that kind far better than leaving out one source of a family
 * whose other sources share its style.
 */
export const FAMILIES = [
  "human attacks",
  "generated attacks",
  "planted attacks",
  "chat benign",
  "code and data benign",
  "credentials",
  "PII",
] as const;
export type Family = (typeof FAMILIES)[number];

export function familyOf(row: Row, file: string): Family {
  const attack = ATTACK_LABELS.has(row.label);
  switch (file) {
    case "jailbreak_train":
    case "injection_direct":
      return attack ? "human attacks" : "chat benign";
    case "overdefense_benign":
      return "chat benign";
    case "injection_indirect":
      // the clean carriers belong with their attacks: the family is scored on both
      return "generated attacks";
    case "injection_planted":
      return "planted attacks";
    case "secrets_gitleaks":
    case "secrets_context":
      return "credentials";
    case "pii_synthetic":
      return "PII";
    case "code-corpus":
      return "code and data benign";
    default: {
      // the repository's hard cases: attacks are written like people write them
      const expect = (row.expect as string[]) ?? [];
      return expect.includes("prompt_injection") || expect.includes("jailbreak_attempt") ? "human attacks" : "chat benign";
    }
  }
}

export function readJsonl(path: string): Row[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
}

/** "github:owner/repo@commit:path" → "owner/repo" (rows without a source form one group per file). */
export function groupOf(row: Row, file: string): string {
  const m = /^github:([^@]+)@/.exec(String(row.source ?? ""));
  return m ? m[1]! : file;
}

/** The pii_synthetic entity types the detector covers, and the rule that must find each. */
export const PII_COVERED: Readonly<Record<string, string>> = {
  EMAIL_ADDRESS: "pii.email",
  PHONE_NUMBER: "pii.phone",
  CREDIT_CARD: "pii.credit_card",
  US_SSN: "pii.ssn",
  IBAN_CODE: "pii.iban",
  IP_ADDRESS: "pii.ip_address",
};
/** A pii_synthetic row's entity types that the detector covers. */
export const coveredPii = (r: Row): string[] => ((r.entities as string[]) ?? []).filter((e) => e in PII_COVERED);

export const hasEvalData = () => existsSync(evalDir) && readdirSync(evalDir).some((f) => f.endsWith(".jsonl"));

/** Every eval file's rows (sorted by file name) followed by the hard cases. */
export function loadAll(): EvalRow[] {
  const out: EvalRow[] = [];
  for (const name of readdirSync(evalDir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()) {
    const file = name.replace(/\.jsonl$/, "");
    for (const r of readJsonl(join(evalDir, name))) out.push({ ...r, file, group: groupOf(r, file), family: familyOf(r, file) });
  }
  for (const r of readJsonl(hardCasesPath)) out.push({ ...r, file: "hard-cases", group: "hard-cases", family: familyOf(r, "hard-cases") });
  return out;
}

/** The benign code-and-data corpus (corpus.ts) as labelled rows, grouped by origin. */
export function corpusRows(corpus: readonly CorpusRow[]): EvalRow[] {
  return corpus.map((c) => ({
    text: c.text,
    label: "benign",
    source: `${c.origin}:${c.path}`,
    subset: c.kind,
    file: "code-corpus",
    group: `corpus:${c.origin}`,
    family: "code and data benign",
    split: c.split,
  }));
}

/** Files scored by the attack reasons (prompt_injection / jailbreak_attempt), per eval/README.md. */
export const ATTACK_FILES = new Set(["jailbreak_train", "injection_direct", "injection_indirect", "overdefense_benign"]);
/** Files scored by the attack reasons but not fitted on (yet): planted instructions in forwarded content. */
export const ATTACK_EVAL_ONLY_FILES = new Set(["injection_planted"]);
export const ATTACK_LABELS = new Set(["jailbreak", "injection"]);

/**
 * Rows the learned parts may be fitted on: every row of the attack files (jailbreaks and injections
 * against their benign counterparts, the over-defense prompts) and the repository's prompt hard
 * cases. Label 1 = an attack.
 */
export function attackTrainingRows(rows: readonly EvalRow[]): Array<{ row: EvalRow; y: number }> {
  const out: Array<{ row: EvalRow; y: number }> = [];
  for (const row of rows) {
    if (ATTACK_FILES.has(row.file)) out.push({ row, y: ATTACK_LABELS.has(row.label) ? 1 : 0 });
    // the code-and-data corpus's fit half: hard negatives (its check half is only ever scored)
    else if (row.file === "code-corpus" && row.split === "fit" && !process.env.NO_CORPUS) out.push({ row, y: 0 });
    else if (row.file === "hard-cases" && (row.field ?? "prompt") === "prompt") {
      const expect = (row.expect as string[]) ?? [];
      const attack = expect.includes("prompt_injection") || expect.includes("jailbreak_attempt");
      if (attack || row.label === "benign") out.push({ row, y: attack ? 1 : 0 });
    }
  }
  return out;
}

/** Deterministic PRNG for splits and shuffles. */
export function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
