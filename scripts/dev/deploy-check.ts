// `npm run deploy` runs this first: reads wrangler.toml as wrangler will deploy it (`--env NAME` for a
// named environment) and stops with every problem listed when it must not ship (scripts/dev/lib/deploy-config.ts).
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { deployProblems } from "./lib/deploy-config";

const envIndex = process.argv.indexOf("--env");
const config = unstable_readConfig({
  config: path.join(import.meta.dirname, "../..", "wrangler.toml"),
  env: envIndex > 0 ? process.argv[envIndex + 1] : undefined,
});
const problems = deployProblems(config);
if (problems.length) {
  console.error(`Not deploying: wrangler.toml is not ready for production.\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("wrangler.toml is ready for production.");
