// Labelled rows for the detector's evaluation and training: every *.jsonl in ../shared/eval (or
// $EVAL_DIR) plus the repository's hand-written hard cases. Shared by detector-eval.ts (figures)
// and detector-train.ts (the shipped weights), so both see the same rows, groups and labels.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const evalDir = process.env.EVAL_DIR ? resolve(process.env.EVAL_DIR) : resolve(repoRoot, "../shared/eval");
export const hardCasesPath = join(repoRoot, "worker/src/detector/hard-cases.jsonl");

export type Row = Record<string, unknown> & { text: string; label: string; source?: string; subset?: string };

export interface EvalRow extends Row {
  /** File name without .jsonl, e.g. "injection_indirect"; "hard-cases" for the repository's own. */
  file: string;
  /** Leave-one-source-out group: the upstream repository (owner/name) the row came from. */
  group: string;
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

export const hasEvalData = () => existsSync(evalDir) && readdirSync(evalDir).some((f) => f.endsWith(".jsonl"));

/** Every eval file's rows (sorted by file name) followed by the hard cases. */
export function loadAll(): EvalRow[] {
  const out: EvalRow[] = [];
  for (const name of readdirSync(evalDir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()) {
    const file = name.replace(/\.jsonl$/, "");
    for (const r of readJsonl(join(evalDir, name))) out.push({ ...r, file, group: groupOf(r, file) });
  }
  for (const r of readJsonl(hardCasesPath)) out.push({ ...r, file: "hard-cases", group: "hard-cases" });
  return out;
}

/** Files scored by the attack reasons (prompt_injection / jailbreak_attempt), per eval/README.md. */
export const ATTACK_FILES = new Set(["jailbreak_train", "injection_direct", "injection_indirect", "overdefense_benign"]);
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
