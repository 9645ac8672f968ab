// Another commit's detector loaded beside this tree's, for same-process comparisons (bench-ab.ts,
// same-ab.ts): its worker/src/detector and schema are extracted to a temp dir and imported there.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./data";

/** Runs `use` with the detector module of `ref`; the temp dir is removed afterwards. */
export async function withDetectorAt<M, R>(ref: string, use: (mod: M) => R | Promise<R>): Promise<R> {
  const dir = mkdtempSync(join(tmpdir(), "detector-ab-"));
  try {
    const tar = execFileSync("git", ["archive", ref, "worker/src/detector", "schema"], { cwd: repoRoot, maxBuffer: 1 << 28 });
    execFileSync("tar", ["-x", "-C", dir], { input: tar });
    // its imports of packages (ipaddr.js, libphonenumber-js, …) resolve from this checkout's install
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
    return await use((await import(pathToFileURL(join(dir, "worker/src/detector/index.ts")).href)) as M);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
