// Guard: no text from the labelled eval files may sit in the repository's source (rules, tests,
// hard cases, fixtures), or the figures would measure memorisation, not detection. Every
// WINDOW-character window of every eval row is looked up among the windows of every tracked text
// file (rolling hash, then an exact comparison), so a copied phrase of that length is found
// wherever it is. Run by eval.ts on every `npm run eval:detector`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, type EvalRow } from "./data";

export const WINDOW = 40;
const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|json|jsonl|md|sql|css|html|txt|yml|yaml|toml)$/;
/** Generated lock files share registry boilerplate with the lock-file look-alikes; not our text. */
const NOT_AUTHORED = /(?:^|\/)package-lock\.json$/;

/**
 * Windows that are not anyone's text: mostly whitespace, no word, filler such as "ghp_xxxx…"
 * (few distinct characters), or a counting run such as the alphabet.
 */
const trivial = (w: string) =>
  !/[A-Za-z\u00c0-\uffff]{4}/.test(w) || w.trim().length < WINDOW / 2 || new Set(w).size < 12 || /abcdefghij|ABCDEFGHIJ|0123456789/.test(w);

function windowHashes(text: string, visit: (h1: number, h2: number, at: number) => void): void {
  // two polynomial rolling hashes, both small integers (cheap Set/Map keys)
  const M1 = 1073741789,
    M2 = 2097143,
    B = 131;
  let p1 = 1,
    p2 = 1;
  for (let i = 0; i < WINDOW - 1; i++) {
    p1 = (p1 * B) % M1;
    p2 = (p2 * B) % M2;
  }
  let h1 = 0,
    h2 = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (i >= WINDOW) {
      const o = text.charCodeAt(i - WINDOW);
      h1 = (h1 - ((o * p1) % M1) + M1) % M1;
      h2 = (h2 - ((o * p2) % M2) + M2) % M2;
    }
    h1 = (h1 * B + c) % M1;
    h2 = (h2 * B + c) % M2;
    if (i >= WINDOW - 1) visit(h1, h2, i - WINDOW + 1);
  }
}

export interface Leak {
  file: string;
  text: string;
  evalFile: string;
}

/** Tracked text files of the repository (git ls-files), with their contents. */
function sourceFiles(): Array<[string, string]> {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8" })
    .split("\0")
    .filter((f) => TEXT_FILE.test(f) && !NOT_AUTHORED.test(f));
  const out: Array<[string, string]> = [];
  for (const f of files) {
    try {
      out.push([f, readFileSync(join(repoRoot, f), "utf8")]);
    } catch {
      // deleted in the working tree
    }
  }
  return out;
}

/**
 * Passages of eval rows found verbatim in the repository's tracked files: each is the longest
 * run of overlapping WINDOW-character windows of one row that all occur in one file.
 */
export function findEvalTextInSource(rows: readonly EvalRow[]): Leak[] {
  const files = sourceFiles();
  const hashes = new Map<number, number | number[]>(); // h1 → h2 (or several)
  for (const [, text] of files)
    windowHashes(text, (h1, h2) => {
      const had = hashes.get(h1);
      if (had === undefined) hashes.set(h1, h2);
      else if (typeof had === "number") had !== h2 && hashes.set(h1, [had, h2]);
      else if (!had.includes(h2)) had.push(h2);
    });
  const leaks: Leak[] = [];
  const reported = new Set<string>();
  for (const row of rows) {
    if (row.file === "hard-cases") continue;
    let runStart = -1,
      runEnd = -1,
      runFile = "";
    const flush = () => {
      if (runStart < 0) return;
      const text = row.text.slice(runStart, runEnd);
      if (!reported.has(text)) leaks.push({ file: runFile, text, evalFile: row.file });
      reported.add(text);
      runStart = -1;
    };
    windowHashes(row.text, (h1, h2, at) => {
      const had = hashes.get(h1);
      if (had === undefined || (typeof had === "number" ? had !== h2 : !had.includes(h2))) return;
      const w = row.text.slice(at, at + WINDOW);
      if (trivial(w)) return;
      const file = files.find(([, text]) => text.includes(w));
      if (!file) return;
      if (runStart >= 0 && at <= runEnd && file[0] === runFile) runEnd = at + WINDOW;
      else {
        flush();
        [runStart, runEnd, runFile] = [at, at + WINDOW, file[0]];
      }
    });
    flush();
  }
  return leaks;
}
