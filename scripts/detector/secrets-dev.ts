// Credential and PII figures, held out by source, plus the flag rate on benign text every machine has.
//   npm run eval:secrets-pii [-- --verbose] [-- --split tune|holdout|all] [-- --corpus-files 1500]
//                            [-- --ref <git-ref>]   score that commit's detector instead (before/after)
// The credential rules are hand-written around gitleaks' rule set, so their figures are honest only
// on rows nobody looked at while writing them: the dev rows are split by upstream source into TUNE
// (looked at: misses and false alarms read, rules changed) and HOLDOUT (only the totals read).
// PII rows all come from one source (Presidio's synthetic set); they split by a hash of the text.
// The benign corpus is built at run time, deterministically, from files already on the machine
// (READMEs and package.json of node_modules, Python's standard library): nothing of it is copied
// into the repository. Every flag on it is a false alarm. Then the cases style-cases.ts generates in
// other styles (many providers and layouts, look-alikes, PII sentences): --ref scores them too.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { detect as workingTreeDetect, type DetectResult } from "../../worker/src/detector/index";
import {
  credentialLookalikes,
  PROVIDERS,
  piiLookalikes,
  piiSentences,
  rng,
  STYLES,
  structuredSecrets,
} from "../../worker/src/detector/style-cases";
import { coveredPii, evalDir, PII_COVERED, readJsonl, repoRoot, type Row } from "./lib/data";

const argv = process.argv.slice(2);
const VERBOSE = argv.includes("--verbose");
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(name);
  return i !== -1 ? argv[i + 1]! : dflt;
};
const SPLIT = opt("--split", "all");
const CORPUS_FILES = Number(opt("--corpus-files", "1500"));
const REF = opt("--ref", "");

/** The detector of another commit (git archive into a temp dir, node_modules linked for its imports). */
async function detectorAt(ref: string): Promise<typeof workingTreeDetect> {
  const dir = mkdtempSync(join(tmpdir(), "secrets-dev-"));
  const tar = execFileSync("git", ["archive", ref, "worker/src/detector", "schema"], { cwd: repoRoot, maxBuffer: 1 << 28 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"));
  return ((await import(pathToFileURL(join(dir, "worker/src/detector/index.ts")).href)) as { detect: typeof workingTreeDetect }).detect;
}
const detect = REF ? await detectorAt(REF) : workingTreeDetect;
console.log(REF ? `detector of ${REF}` : "detector of the working tree");

/** Sources whose rows were read while the rules were written; every other source is held out. */
const TUNE_SOURCES = new Set(["Samsung/CredSweeper", "Giskard-AI/giskard", "TanStack/router", "protectai/rebuff"]);
const sourceOf = (r: Row) => /^github:([^@]+)@/.exec(String(r.source ?? ""))?.[1] ?? "?";
const hashHalf = (text: string) => createHash("sha1").update(text).digest()[0]! & 1;
function splitOf(file: string, r: Row): "tune" | "holdout" {
  if (file === "pii_synthetic") return hashHalf(r.text) === 0 ? "tune" : "holdout";
  return TUNE_SOURCES.has(sourceOf(r)) ? "tune" : "holdout";
}

const run = (text: string): DetectResult =>
  detect({ prompt: text, response: "" }, { rules: { promptInjection: false, jailbreakAttempts: false } });
const isCredential = (res: DetectResult) => res.findings.some((f) => f.rule.startsWith("secret."));
const isPii = (res: DetectResult) => res.findings.some((f) => f.rule.startsWith("pii."));
const short = (s: string, n = 150) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);
const pct = (a: number, b: number) => (b === 0 ? "   -  " : `${((100 * a) / b).toFixed(1).padStart(5)}%`);

interface Tally {
  pos: number;
  tp: number;
  neg: number;
  fp: number;
}
const lines: string[] = [];
const details: string[] = [];
function report(label: string, t: Tally): void {
  lines.push(
    `${label.padEnd(58)} positives ${String(t.pos).padStart(4)} recall ${pct(t.tp, t.pos)}   benign ${String(t.neg).padStart(4)} flagged ${pct(t.fp, t.neg)}`,
  );
}
function score(file: string, rows: Row[], positive: (r: Row) => boolean, predicted: (r: Row, res: DetectResult) => boolean): void {
  for (const split of ["tune", "holdout"] as const) {
    if (SPLIT !== "all" && SPLIT !== split) continue;
    const rs = rows.filter((r) => splitOf(file, r) === split);
    const bySubset = new Map<string, Tally>();
    const all: Tally = { pos: 0, tp: 0, neg: 0, fp: 0 };
    for (const r of rs) {
      const res = run(r.text);
      const p = positive(r);
      const hit = predicted(r, res);
      const key = file === "secrets_context" ? String(r.subset) : file === "secrets_gitleaks" ? "gitleaks fixtures" : p ? "pii" : "benign";
      const t = bySubset.get(key) ?? { pos: 0, tp: 0, neg: 0, fp: 0 };
      for (const x of [t, all]) {
        if (p) {
          x.pos++;
          if (hit) x.tp++;
        } else {
          x.neg++;
          if (hit) x.fp++;
        }
      }
      bySubset.set(key, t);
      if (VERBOSE && p !== hit && split === "tune")
        details.push(`${p ? "MISS" : "FP  "} [${file}/${key}] ${res.findings.map((f) => f.rule).join(",")} ${short(r.text)}`);
    }
    report(`${file} ${split} (all)`, all);
    if (bySubset.size > 1) for (const [k, t] of [...bySubset].sort()) report(`    ${k}`, t);
  }
}

if (existsSync(join(evalDir, "secrets_context.jsonl"))) {
  const secretPos = (r: Row) => r.label === "secret";
  score("secrets_context", readJsonl(join(evalDir, "secrets_context.jsonl")), secretPos, (_r, res) => isCredential(res));
  score("secrets_gitleaks", readJsonl(join(evalDir, "secrets_gitleaks.jsonl")), secretPos, (_r, res) => isCredential(res));
  const ents = coveredPii;
  // a row counts as found when every covered entity type in it is found by its rule
  score(
    "pii_synthetic",
    readJsonl(join(evalDir, "pii_synthetic.jsonl")),
    (r) => ents(r).length > 0,
    (r, res) => (ents(r).length ? ents(r).every((e) => res.findings.some((f) => f.rule === PII_COVERED[e])) : isPii(res)),
  );
} else lines.push(`no labelled data at ${evalDir} (set EVAL_DIR); dev figures skipped`);

// ── cases generated in other styles (worker/src/detector/style-cases.ts) ─────
// Seeds 11–14: the ones style-cases.test.ts gates on (1–3 were read while writing the rules).
{
  const seeds = [11, 12, 13, 14];
  let pairs = 0;
  let pairHits = 0;
  let structured = 0;
  let structuredHits = 0;
  let looks = 0;
  let lookFlags = 0;
  let piiN = 0;
  let piiHits = 0;
  let piiLooks = 0;
  let piiLookFlags = 0;
  for (const seed of seeds) {
    const r = rng(seed);
    for (const p of PROVIDERS)
      for (const s of STYLES) {
        if (!s.named && !p.prefixed) continue;
        const value = p.make(r);
        const text = s.render(p.env, value, r);
        const res = run(text);
        pairs++;
        if (res.findings.some((f) => f.rule.startsWith("secret.") && value.includes(text.slice(f.start, f.end)))) pairHits++;
      }
    const r2 = rng(seed);
    for (const text of structuredSecrets(r2)) {
      structured++;
      if (isCredential(run(text))) structuredHits++;
    }
    for (const text of credentialLookalikes(rng(seed))) {
      looks++;
      if (isCredential(run(text))) lookFlags++;
    }
    for (const c of piiSentences(rng(seed))) {
      piiN++;
      if (run(c.text).findings.some((f) => f.rule === c.rule)) piiHits++;
    }
    for (const text of piiLookalikes(rng(seed))) {
      piiLooks++;
      if (isPii(run(text))) piiLookFlags++;
    }
  }
  lines.push("");
  report(`generated: ${PROVIDERS.length} providers × ${STYLES.length} layouts`, { pos: pairs, tp: pairHits, neg: 0, fp: 0 });
  report("generated: URLs, connection strings, command lines", { pos: structured, tp: structuredHits, neg: 0, fp: 0 });
  report("generated: credential look-alikes", { pos: 0, tp: 0, neg: looks, fp: lookFlags });
  report("generated: PII sentences and their look-alikes", { pos: piiN, tp: piiHits, neg: piiLooks, fp: piiLookFlags });
}

// ── benign corpus from the machine ─────────────────────────────────────────
function walk(dir: string, want: (name: string) => boolean, out: string[], depth = 0): void {
  if (depth > 8) return;
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const n of names) {
    const p = join(dir, n);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (n !== ".bin" && n !== "test" && n !== "tests" && n !== "__pycache__") walk(p, want, out, depth + 1);
    } else if (want(n) && st.size > 0 && st.size < 2_000_000) out.push(p);
  }
}
/** Every k-th of the sorted paths (deterministic), each cut into up to three 2 KB pieces. */
function pieces(paths: string[], n: number): Array<{ path: string; text: string }> {
  const step = Math.max(1, Math.floor(paths.length / n));
  const out: Array<{ path: string; text: string }> = [];
  for (let i = 0; i < paths.length && out.length < n * 3; i += step) {
    const text = readFileSync(paths[i]!, "utf8");
    for (let k = 0; k < 3 && k * 2048 < text.length; k++) out.push({ path: paths[i]!, text: text.slice(k * 2048, (k + 1) * 2048) });
  }
  return out;
}
const nodeModules = join(repoRoot, "node_modules");
const corpora: Array<[string, string[]]> = [];
{
  const readmes: string[] = [];
  walk(nodeModules, (n) => /^readme\.md$/i.test(n), readmes);
  corpora.push(["node_modules READMEs", readmes]);
  const manifests: string[] = [];
  walk(nodeModules, (n) => n === "package.json", manifests);
  corpora.push(["node_modules package.json", manifests]);
  corpora.push(["package-lock.json (this repo)", [join(repoRoot, "package-lock.json")]]);
  const py = readdirSync("/usr/lib")
    .filter((d) => /^python3\.\d+$/.test(d))
    .sort()
    .slice(-1);
  const stdlib: string[] = [];
  for (const d of py) walk(join("/usr/lib", d), (n) => n.endsWith(".py"), stdlib);
  corpora.push([`Python stdlib (${py.join(", ") || "none"})`, stdlib]);
}
lines.push("");
for (const [name, paths] of corpora) {
  const ps = name.startsWith("package-lock")
    ? (() => {
        const t = existsSync(paths[0]!) ? readFileSync(paths[0]!, "utf8") : "";
        const out: Array<{ path: string; text: string }> = [];
        for (let k = 0; k * 2048 < t.length && out.length < CORPUS_FILES; k++)
          out.push({ path: paths[0]!, text: t.slice(k * 2048, (k + 1) * 2048) });
        return out;
      })()
    : pieces(paths, CORPUS_FILES);
  let cred = 0;
  let pii = 0;
  for (const p of ps) {
    const res = run(p.text);
    const c = isCredential(res);
    const q = isPii(res);
    if (c) cred++;
    if (q) pii++;
    if (VERBOSE && (c || q))
      for (const f of res.findings)
        details.push(
          `CORPUS ${f.rule} ${p.path.replace(/^.*node_modules\//, "")}: ${short(p.text.slice(Math.max(0, f.start - 30), f.end + 10), 120)}`,
        );
  }
  lines.push(
    `benign corpus ${name.padEnd(34)} pieces ${String(ps.length).padStart(5)}   credential flagged ${pct(cred, ps.length)}   PII flagged ${pct(pii, ps.length)}`,
  );
}
console.log(lines.join("\n"));
if (VERBOSE) console.log(`\n${details.join("\n")}`);
