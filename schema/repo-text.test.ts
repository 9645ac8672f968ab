import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Two ways a comment or doc stops being true without any test noticing: it sends the reader to the
// issue tracker, which is not in the repository (the explanation, or the doc section that holds it,
// belongs next to the code instead), or it names a script that has moved (scripts/ is grouped into
// bench/, detector/ and dev/; scripts/README.md lists them).

const root = path.resolve(import.meta.dirname, "..");
const TEXT = /\.(ts|tsx|mts|mjs|js|md|py|sql|toml|jsonc|json|sh|css|html|ya?ml)$/;
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file && (TEXT.test(file) || file === ".ci/run") && !file.endsWith("package-lock.json"))
  .filter((file) => existsSync(path.join(root, file)));
const texts = tracked.map((file) => ({ file, lines: readFileSync(path.join(root, file), "utf8").split("\n") }));

/** `file:line: text` for each line of a tracked text file where `find` yields something `keep` keeps. */
function offending(find: (line: string) => string[], keep: (found: string) => boolean = () => true): string[] {
  return texts.flatMap(({ file, lines }) =>
    lines.flatMap((line, i) =>
      find(line)
        .filter(keep)
        .map((found) => `${file}:${i + 1}: ${found}`),
    ),
  );
}

describe("tracked source and docs", () => {
  it("have no tracker references (issue, number) in place of an explanation", () => {
    const refs = offending((line) => [...line.matchAll(/\bissues? ?#?\d+/gi)].map((m) => m[0]));
    expect(refs).toEqual([]);
  });

  it("name only scripts/ paths that exist", () => {
    // A path starting at the repository root (not web/scripts/…, not ../scripts); globs are patterns.
    const named = (line: string) => [...line.matchAll(/(?<![\w./-])scripts\/[\w./-]*[\w/]/g)].map((m) => m[0]);
    const missing = offending(named, (p) => !/[*{]/.test(p) && !existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });
});
