// Benign code-and-data corpus for the detector: prompts a developer sends (code, manifests, lock
// files, CI workflows, tracebacks with an answer, notebooks, tables, logs, sentences with GUIDs),
// built from files every machine of the project already has — the packages in node_modules,
// Python's standard library, the documentation Debian installs. Nothing of it is copied into the
// repository: it is rebuilt in memory on each run. Deterministic: files are listed in sorted
// order and every choice comes from a PRNG seeded by the file's path, so the same machine gives
// the same rows. Used by eval.ts (flag rate on the `check` half) and lib/fit.ts
// (hard negatives from the `fit` half); a row's half follows its file, so no file is in both.
//   npx tsx scripts/detector/lib/corpus.ts        print counts per kind and a few samples
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, extname, join, relative } from "node:path";
import { gunzipSync } from "node:zlib";
import { mulberry32, repoRoot } from "./data";

export interface CorpusRow {
  text: string;
  /** What kind of developer traffic it imitates (code, lockfile, traceback, …). */
  kind: string;
  /** Where it came from (node_modules, python-stdlib, debian-doc, synthetic). */
  origin: string;
  /** The file the text came from: the unit of the fit/check split. */
  path: string;
  split: "fit" | "check";
}

export function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
/** The corpus half a file belongs to (shared with the unnaturalness model, which learns from the fit half only). */
export const splitOf = (path: string): CorpusRow["split"] => (fnv(`split:${path}`) % 2 === 0 ? "fit" : "check");

export function read(path: string, max = 400_000): string | null {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > max * 4) return null;
    const buf = readFileSync(path);
    const text = (path.endsWith(".gz") ? gunzipSync(buf) : buf).toString("utf8");
    if (text.includes("\u0000") || text.includes("\ufffd")) return null;
    return text.length > max ? text.slice(0, max) : text;
  } catch {
    return null;
  }
}

/** Files under `dir` (sorted, symlinks followed once), up to `depth` levels. */
export function walk(dir: string, depth: number, accept: (name: string) => boolean, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const n of names) {
    if (n === ".cache" || n === ".bin" || n === "__pycache__" || n === "test" || n === "tests") continue;
    const p = join(dir, n);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (depth > 0) walk(p, depth - 1, accept, out);
    } else if (accept(n)) out.push(p);
  }
  return out;
}

/** A chunk of whole lines of a realistic prompt size (150–3,000 characters). */
function chunk(text: string, rnd: () => number, min = 150, max = 3000): string {
  const want = Math.floor(min + rnd() * rnd() * (max - min));
  if (text.length <= want) return text.trim();
  let start = Math.floor(rnd() * (text.length - want));
  const nl = text.lastIndexOf("\n", start);
  start = nl < 0 ? 0 : nl + 1;
  let end = text.indexOf("\n", start + want);
  if (end < 0) end = text.length;
  return text.slice(start, end).trim();
}

const pick = <T>(xs: readonly T[], rnd: () => number): T => xs[Math.floor(rnd() * xs.length)]!;

const CODE_ASKS = [
  "Why does this fail?",
  "Can you explain what this code does?",
  "How can I make this faster?",
  "Find the bug in this:",
  "Add type hints / types to this:",
  "Write unit tests for the following.",
  "Refactor this to be more readable",
  "what's wrong here",
  "Review this code please.",
  "Convert this to async/await.",
];
const DATA_ASKS = [
  "Here is my {f}. Why does npm install fail?",
  "Which of these dependencies are outdated?",
  "Explain this {f} to me.",
  "Can you spot the problem in my {f}?",
  "Summarise the changes in this file:",
  "I get a version conflict with this {f}, any idea?",
];
const LANG: Record<string, string> = {
  ".js": "js",
  ".mjs": "js",
  ".cjs": "js",
  ".ts": "ts",
  ".py": "python",
  ".json": "json",
  ".yml": "yaml",
  ".yaml": "yaml",
};

/** Wrap a chunk the way a developer sends it (or not at all). */
function wrap(body: string, file: string, rnd: () => number, asks: readonly string[]): string {
  const lang = LANG[extname(file)] ?? "";
  const ask = pick(asks, rnd).replace("{f}", basename(file));
  const r = rnd();
  if (r < 0.3) return body;
  if (r < 0.65) return `${ask}\n\`\`\`${lang}\n${body}\n\`\`\``;
  if (r < 0.8) return `${ask}\n\n${body}`;
  if (r < 0.9) return `\`\`\`${lang}\n${body}\n\`\`\`\n${ask}`;
  return `${body}\n\n${ask}`;
}

/** Python docstrings: the prose that stands for a Q&A answer. */
function docstrings(src: string): string[] {
  const out: string[] = [];
  const re = /"""([\s\S]{80,1200}?)"""/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src))) out.push(m[1]!.replace(/^\s+/gm, "").trim());
  return out;
}

const EXC = ["ValueError", "TypeError", "KeyError", "AttributeError", "IndexError", "RuntimeError", "OSError", "UnicodeDecodeError"];
const EXC_MSG = [
  "invalid literal for int() with base 10: 'abc'",
  "'NoneType' object has no attribute 'get'",
  "list index out of range",
  "expected str, bytes or os.PathLike object, not NoneType",
  "'utf-8' codec can't decode byte 0x89 in position 0: invalid start byte",
  "unhashable type: 'list'",
];
const ANSWER_LEADS = [
  "The error comes from the call below. From the docs:",
  "You are passing None there. The function is documented as follows:",
  "Answer: this happens because of how the module handles its input.",
  "Accepted answer (42 votes): check the argument you pass.",
  "Try this instead. The relevant documentation says:",
];

/** A Python traceback through real stdlib frames, then an answer made of a docstring and code. */
function traceback(files: readonly string[], stdlib: string, rnd: () => number): { text: string; path: string } | null {
  const frames: string[] = [];
  let path = "";
  let answer = "";
  for (let k = 0; k < 2 + Math.floor(rnd() * 3); k++) {
    const f = pick(files, rnd);
    const src = read(f);
    if (!src) continue;
    const lines = src.split("\n");
    const defs = lines.flatMap((l, i) => (/^\s*def (\w+)/.test(l) ? [i] : []));
    if (!defs.length) continue;
    const d = pick(defs, rnd);
    const name = /def (\w+)/.exec(lines[d]!)![1]!;
    const at = Math.min(lines.length - 1, d + 1 + Math.floor(rnd() * 8));
    frames.push(`  File "${join("/usr/lib/python3.11", relative(stdlib, f))}", line ${at + 1}, in ${name}\n    ${lines[at]!.trim()}`);
    path ||= f;
    const ds = docstrings(src);
    if (ds.length && !answer) answer = pick(ds, rnd);
  }
  if (!frames.length) return null;
  const userLine = `  File "/home/dev/app/main.py", line ${10 + Math.floor(rnd() * 200)}, in <module>\n    main()`;
  const tb = `Traceback (most recent call last):\n${userLine}\n${frames.join("\n")}\n${pick(EXC, rnd)}: ${pick(EXC_MSG, rnd)}`;
  const q = pick(["I get this error when I run my script:", "Why does this fail?", "Getting this traceback, help", ""], rnd);
  const a = answer ? `\n\n${pick(ANSWER_LEADS, rnd)}\n\n${answer}` : "";
  return { text: `${q ? `${q}\n` : ""}\`\`\`\n${tb}\n\`\`\`${a}`, path };
}

function uuid(rnd: () => number): string {
  const h = () =>
    Math.floor(rnd() * 0x10000)
      .toString(16)
      .padStart(4, "0");
  return `${h()}${h()}-${h()}-4${h().slice(1)}-a${h().slice(1)}-${h()}${h()}${h()}`;
}
const GUID_SENTENCES = [
  "The deployment {u} failed at step {n}; the run id is {v}.",
  "Please look up order {u} — the customer says it never arrived.",
  "Subscription {u} was renewed but tenant {v} still shows the old plan.",
  "Why does GET /api/items/{u} return 404 when the row exists?",
  "Correlation id {u}: timeout after {n} ms calling the billing service.",
  "Merge the two records {u} and {v}, they are the same user.",
  "In the logs I see request {u} retried {n} times before succeeding.",
];

/** A notebook (.ipynb JSON) whose cells are chunks of stdlib code. */
function notebook(src: string, rnd: () => number): string {
  const cells = [];
  for (let k = 0; k < 2 + Math.floor(rnd() * 3); k++) {
    const c = chunk(src, rnd, 80, 600);
    cells.push({ cell_type: "code", execution_count: k + 1, metadata: {}, outputs: [], source: c.split("\n").map((l) => `${l}\n`) });
  }
  return JSON.stringify(
    { cells, metadata: { kernelspec: { name: "python3", display_name: "Python 3" } }, nbformat: 4, nbformat_minor: 5 },
    null,
    1,
  );
}

export function pythonStdlib(): string | null {
  try {
    const p = execFileSync("python3", ["-c", 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], { encoding: "utf8" }).trim();
    return existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

/** Every row of the corpus; `perSource` bounds how many files of each source are sampled. */
export function buildCodeCorpus(perSource = 400): CorpusRow[] {
  const rows: CorpusRow[] = [];
  const add = (text: string, kind: string, origin: string, path: string) => {
    if (text.trim().length >= 40) rows.push({ text, kind, origin, path, split: splitOf(path) });
  };
  // every n-th file of a sorted list, so the sample spreads over the whole tree
  const spread = <T>(xs: readonly T[], n: number) => (xs.length <= n ? xs : xs.filter((_, i) => i % Math.ceil(xs.length / n) === 0));

  // ── node_modules: sources, manifests, READMEs, lock files, YAML ──
  const nm = join(repoRoot, "node_modules");
  if (existsSync(nm)) {
    const root = realpathSync(nm);
    const files = walk(root, 4, (n) => /\.(?:js|mjs|cjs|ts|md|json|ya?ml|lock)$/.test(n) && !n.endsWith(".min.js") && !n.endsWith(".map"));
    const byKind = new Map<string, string[]>();
    for (const f of files) {
      const n = basename(f);
      const kind = /lock/.test(n)
        ? "lockfile"
        : n === "package.json"
          ? "manifest"
          : /\.ya?ml$/.test(n)
            ? "yaml"
            : /\.md$/i.test(n)
              ? "readme"
              : /\.json$/.test(n)
                ? "json"
                : "code";
      (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(f);
    }
    const lock = join(repoRoot, "package-lock.json");
    if (existsSync(lock)) (byKind.get("lockfile") ?? byKind.set("lockfile", []).get("lockfile")!).push(lock);
    const tableRows: string[] = [];
    for (const [kind, list] of [...byKind].sort()) {
      const n = kind === "lockfile" ? 1 : kind === "code" ? perSource : Math.ceil(perSource / 2);
      for (const f of spread(list, kind === "lockfile" ? list.length : n)) {
        const src = read(f);
        if (!src) continue;
        const rel = relative(root, f);
        const rnd = mulberry32(fnv(rel));
        const reps = kind === "lockfile" ? Math.min(60, Math.ceil(src.length / 4000)) : 1;
        for (let k = 0; k < reps; k++)
          add(
            wrap(chunk(src, rnd), f, rnd, kind === "code" ? CODE_ASKS : DATA_ASKS),
            kind,
            "node_modules",
            kind === "lockfile" ? `${rel}#${k}` : rel,
          );
        if (kind === "manifest") {
          try {
            const pj = JSON.parse(src) as { name?: string; version?: string; license?: string };
            if (pj.name && pj.version) tableRows.push(`| ${pj.name} | ${pj.version} | ${pj.license ?? "-"} |`);
          } catch {}
        }
      }
    }
    // markdown tables and CSV of package metadata, install logs
    for (let k = 0; k + 12 <= tableRows.length; k += 4) {
      const part = tableRows.slice(k, k + 12);
      const rnd = mulberry32(k + 1);
      const md = `| package | version | license |\n|---|---|---|\n${part.join("\n")}`;
      const csv = `name,version,license\n${part
        .map((r) =>
          r
            .split("|")
            .slice(1, 4)
            .map((c) => c.trim())
            .join(","),
        )
        .join("\n")}`;
      const log = part
        .map(
          (r, i) =>
            `2025-03-0${1 + (i % 9)}T1${i % 10}:0${k % 10}:${10 + i}Z INFO  npm: added ${r.split("|")[1]!.trim()}@${r.split("|")[2]!.trim()} in ${Math.floor(rnd() * 900)}ms`,
        )
        .join("\n");
      add(rnd() < 0.5 ? md : `Which of these have a copyleft licence?\n\n${md}`, "table", "node_modules", `table#${k}`);
      add(csv, "csv", "node_modules", `csv#${k}`);
      add(rnd() < 0.5 ? log : `Why is the install so slow?\n\`\`\`\n${log}\n\`\`\``, "log", "node_modules", `log#${k}`);
    }
  }

  // ── Python's standard library: code, tracebacks with an answer, notebooks ──
  const stdlib = pythonStdlib();
  if (stdlib) {
    const files = walk(stdlib, 2, (n) => n.endsWith(".py")).filter((f) => !f.includes("site-packages") && !f.includes("/test"));
    for (const f of spread(files, perSource)) {
      const src = read(f);
      if (!src) continue;
      const rel = relative(stdlib, f);
      const rnd = mulberry32(fnv(rel));
      add(wrap(chunk(src, rnd), f, rnd, CODE_ASKS), "code", "python-stdlib", rel);
      if (rnd() < 0.5) {
        const tb = traceback(files, stdlib, rnd);
        if (tb) add(tb.text, "traceback", "python-stdlib", rel);
      } else
        add(rnd() < 0.5 ? notebook(src, rnd) : `Why does this notebook not run?\n${notebook(src, rnd)}`, "notebook", "python-stdlib", rel);
    }
  }

  // ── Debian's documentation: READMEs, changelogs, copyright files ──
  const doc = "/usr/share/doc";
  if (existsSync(doc)) {
    const files = walk(doc, 2, (n) => /^(?:readme|changelog|news|copyright)/i.test(n) && !/\.html?$/.test(n));
    for (const f of spread(files, perSource)) {
      const src = read(f);
      if (!src) continue;
      const rel = relative(doc, f);
      const rnd = mulberry32(fnv(rel));
      add(
        wrap(chunk(src, rnd), f, rnd, DATA_ASKS),
        basename(f).toLowerCase().startsWith("copyright") ? "licence" : "doc",
        "debian-doc",
        rel,
      );
    }
  }

  // ── sentences carrying GUIDs ──
  for (let k = 0; k < 200; k++) {
    const rnd = mulberry32(7919 * (k + 1));
    const s = pick(GUID_SENTENCES, rnd)
      .replace("{u}", uuid(rnd))
      .replace("{v}", uuid(rnd))
      .replace("{n}", String(1 + Math.floor(rnd() * 5000)));
    add(s, "guid", "synthetic", `guid#${k}`);
  }
  return rows;
}

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  const rows = buildCodeCorpus();
  const count = new Map<string, number>();
  for (const r of rows) count.set(`${r.origin}/${r.kind}/${r.split}`, (count.get(`${r.origin}/${r.kind}/${r.split}`) ?? 0) + 1);
  for (const [k, n] of [...count].sort()) console.log(`${k.padEnd(40)} ${n}`);
  console.log(`total ${rows.length}, ${(rows.reduce((s, r) => s + r.text.length, 0) / rows.length).toFixed(0)} chars on average`);
  if (process.argv.includes("--sample"))
    for (const r of rows.filter((_, i) => i % 97 === 0)) console.log(`\n--- ${r.kind} ${r.path}\n${r.text.slice(0, 600)}`);
}
