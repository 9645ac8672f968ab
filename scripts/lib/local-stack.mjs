// Starts the product as `npm start` does (scripts/dev/start.mjs: workerd through Miniflare) on spare
// ports and the given persist directory, for scripts that need a throwaway stack of their own
// (benchmarks, byte checks); `dev: true` starts it as `npm run dev` does (wrangler dev) instead, for
// before/after comparisons. `root` starts another checkout's code (e.g. a `git archive` of the commit
// before a change) for a before/after in the same run. The demo organization's key is read from the
// directory; stop() ends the whole process group (`pid`).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** @param {{ dir: string, portBase: number, timeoutMs?: number, dev?: boolean, root?: string }} options */
export async function startLocalStack({ dir, portBase, timeoutMs = 240_000, dev = false, root = process.cwd() }) {
  const port = portBase + Math.floor(Math.random() * 100);
  const child = spawn(process.execPath, [path.join(root, "scripts/dev/start.mjs"), ...(dev ? ["--dev"] : [])], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PARTY_PORT: String(port + 1000), PERSIST_DIR: dir, SKIP_WEB_BUILD: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stopped = new Promise((r) => child.on("exit", r));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes("PromptSentry is running")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      // The stack is detached (its own process group): left running, its partykit and workerd
      // would outlive this script and hold their ports.
      await stop();
      throw new Error(`stack did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  async function stop() {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await Promise.race([stopped, new Promise((r) => setTimeout(r, 10_000))]);
    await new Promise((r) => setTimeout(r, 1_000)); // workerd children flush and exit after the parent
  }
  // pid: the stack's process group (scripts that kill one of its processes, e.g. a crash test).
  return { base: `http://127.0.0.1:${port}`, key: readFileSync(path.join(dir, "demo-api-key"), "utf8").trim(), stop, pid: child.pid };
}
