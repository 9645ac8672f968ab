import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every relative link in the docs must reach a file of the repository, and every `#anchor` a heading
// of the Markdown file it names (as GitHub renders them): docs move sections between files
// (docs/perf-log/) and a broken link is otherwise found only by a reader.

const root = path.resolve(import.meta.dirname, "..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith(".md") ? [file] : [];
  });
}

const sdkReadmes = readdirSync(path.join(root, "sdk"))
  .map((name) => path.join(root, "sdk", name, "README.md"))
  .filter((file) => existsSync(file));
const files = [
  path.join(root, "README.md"),
  path.join(root, "scripts/README.md"),
  ...sdkReadmes,
  ...markdownFiles(path.join(root, "docs")),
];

/** The text outside fenced code blocks and inline code spans, where links and headings are Markdown. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`[^`]*`/g, (code) => (code.includes("](") ? "" : code));
  });
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingIds(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const ids = new Set<string>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n ? `${base}-${n}` : base);
  }
  return ids;
}

/** Every `[text](target)` of a file's prose with its line number. */
function links(markdown: string): { target: string; line: number }[] {
  return prose(markdown).flatMap((line, i) =>
    [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ target: m[1], line: i + 1 })),
  );
}

describe("relative links in the docs", () => {
  it("finds the docs", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("reach an existing file and, with an anchor, an existing heading", () => {
    const broken: string[] = [];
    for (const file of files) {
      const markdown = readFileSync(file, "utf8");
      for (const { target, line } of links(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
        const [pathPart, anchor] = target.split("#", 2);
        const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
        const where = `${path.relative(root, file)}:${line} → ${target}`;
        if (!resolved.startsWith(root) || !existsSync(resolved)) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (anchor === undefined || !resolved.endsWith(".md")) continue;
        if (!headingIds(readFileSync(resolved, "utf8")).has(decodeURIComponent(anchor))) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("slug headings as GitHub does", () => {
    const ids = headingIds(
      "# A\n## Reading the `npm run bench` table: 1,000,000 logs (2026-11-23)\n## Row 9: other tenants' data\n## A\n```\n# not a heading\n```",
    );
    expect([...ids]).toEqual(["a", "reading-the-npm-run-bench-table-1000000-logs-2026-11-23", "row-9-other-tenants-data", "a-1"]);
  });
});
