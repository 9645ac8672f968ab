// `npm run deploy` runs this first: reads wrangler.toml as wrangler will deploy it (`--env NAME` for a
// named environment) and stops with every problem listed when it must not ship (scripts/dev/lib/deploy-config.ts),
// then asks each remote data and segment database whether migration 0024 may run on it yet
// (scripts/dev/lib/search-contract.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { DATA_SHARDS, SEGMENT_DBS } from "@promptsentry/schema/shards";
import { deployProblems } from "./lib/deploy-config";
import { type Answer, BEFORE_0021_QUERY, contractProblem, PENDING_QUERY, parseAnswer } from "./lib/search-contract";

const root = path.join(import.meta.dirname, "../..");
const envIndex = process.argv.indexOf("--env");
const envName = envIndex > 0 ? process.argv[envIndex + 1] : undefined;
const config = unstable_readConfig({ config: path.join(root, "wrangler.toml"), env: envName });
const problems = deployProblems(config);
if (problems.length) {
  console.error(`Not deploying: wrangler.toml is not ready for production.\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("wrangler.toml is ready for production.");

/** One statement on a remote database, through wrangler (its login and account). */
function remote(binding: string, command: string): Answer {
  const args = ["d1", "execute", binding, "--remote", "--json", "--command", command, ...(envName ? ["--env", envName] : [])];
  const run = spawnSync(path.join(root, "node_modules/.bin/wrangler"), args, { cwd: root, encoding: "utf8" });
  return parseAnswer(run.status, run.stdout ?? "", run.stderr ?? "");
}

const searchProblems: string[] = [];
for (const binding of [...DATA_SHARDS, ...SEGMENT_DBS]) {
  const problem = await contractProblem(binding, remote(binding, PENDING_QUERY), async () => remote(binding, BEFORE_0021_QUERY));
  if (problem) searchProblems.push(problem);
}
if (searchProblems.length) {
  console.error(`Not deploying: migration 0024 would not finish within D1's 30 s.\n${searchProblems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("Every data and segment database may run migration 0024.");
