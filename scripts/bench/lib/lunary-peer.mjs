// The Lunary backend kept beside the repository (`../shared/peers/lunary`: setup, start, stop and
// reset scripts, PostgreSQL from apt, Bun from npm) as bench:peer's default peer, so every
// performance claim can be read against it without starting anything by hand.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const LUNARY_DIR = process.env.LUNARY_DIR ?? "/tmp/lunary-peer";
// The seeded organization's keys (fixed by setup.sh; see the peer's README).
const PUBLIC_KEY = "8f3e2a10-6b4c-4d5e-8f70-1a2b3c4d5e02";
const PRIVATE_KEY = "d7a91c44-2e6b-4f18-a3c5-9e0f1b2c3d03";

/** The folder of the peer's scripts: LUNARY_PEER_SCRIPTS, else `../shared/peers/lunary` beside the repository. */
export function lunaryScripts() {
  const dir = process.env.LUNARY_PEER_SCRIPTS ?? path.resolve(repoRoot, "../shared/peers/lunary");
  return existsSync(path.join(dir, "start.sh")) ? dir : undefined;
}

const run = (dir, script) => execFileSync("bash", [path.join(dir, script)], { stdio: ["ignore", "inherit", "inherit"], env: process.env });

/**
 * Installs the peer on first use (apt PostgreSQL and `bun install`: minutes, once), starts it unless
 * it already runs, and empties its runs so the fill starts from zero as ours does. `stop` stops it
 * again only when this run started it.
 */
export async function startLunary(dir) {
  if (!existsSync(path.join(LUNARY_DIR, "env"))) {
    console.log(`› installing the Lunary peer into ${LUNARY_DIR} (once; setup.sh)`);
    run(dir, "setup.sh");
  }
  const port =
    process.env.LUNARY_PORT ??
    execFileSync("bash", ["-c", `. "${path.join(LUNARY_DIR, "env")}"; echo "$PORT"`], { encoding: "utf8" }).trim();
  const base = `http://127.0.0.1:${port || 3333}`;
  const wasRunning = await fetch(`${base}/v1/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!wasRunning) {
    console.log("› starting the Lunary peer (start.sh)");
    run(dir, "start.sh");
  }
  run(dir, "reset.sh");
  return {
    base,
    key: PUBLIC_KEY,
    searchKey: PRIVATE_KEY,
    stop: () => {
      if (!wasRunning) run(dir, "stop.sh");
    },
  };
}
