// Starts the product as `npm start` does, on spare ports and a fresh database directory, so the
// browser tests see exactly what a user sees: built SPA, migrations, demo data, live socket.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
let child: ChildProcess | undefined;
let runDir = "";

export async function setup(project: TestProject) {
  // Development shortcut: reuse a stack that is already running (`npm start` in another shell).
  if (process.env.E2E_BASE_URL) {
    const key = process.env.E2E_DEMO_KEY ?? readFileSync(path.join(root, ".wrangler/demo-api-key"), "utf8").trim();
    project.provide("baseURL", process.env.E2E_BASE_URL.replace(/\/+$/, ""));
    project.provide("demoKey", key);
    project.provide("webDist", process.env.E2E_WEB_DIST ?? path.join(root, "web/dist"));
    // npm start persists to .wrangler/state (wrangler's default); the demo key file sits beside it.
    project.provide("stateDir", process.env.E2E_STATE_DIR ?? path.join(root, ".wrangler/state"));
    return;
  }
  const port = 18_700 + Math.floor(Math.random() * 200);
  const partyPort = port + 1_000;
  // One throwaway directory: the stack's state (database, party storage) in state/, the demo key
  // beside it rather than inside (secrets-at-rest.e2e.ts proves state/ never holds a key), the build.
  runDir = mkdtempSync(path.join(tmpdir(), "promptsentry-e2e-"));
  const stateDir = path.join(runDir, "state");
  const keyFile = path.join(runDir, "demo-api-key");
  const webDist = path.join(runDir, "web-dist");
  let output = "";
  child = spawn(process.execPath, [path.join(root, "scripts/dev/start.mjs")], {
    cwd: root,
    // No NODE_ENV: vitest sets it to 'test', which would make `vite build` ship React's development
    // build (jsx-dev-runtime, ~60 KB more) instead of what `npm start` serves. WEB_DIST: a private
    // build, so a concurrent `vite build` (another run, a developer) never swaps files under the tests.
    env: {
      ...withoutNodeEnv(process.env),
      PORT: String(port),
      PARTY_PORT: String(partyPort),
      PERSIST_DIR: stateDir,
      DEMO_KEY_FILE: keyFile,
      WEB_DIST: webDist,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  // A shared machine under load can take minutes to build and start the stack; E2E_STACK_TIMEOUT_S
  // lets such a run wait longer without slowing the failure of a broken stack elsewhere.
  const deadline = Date.now() + stackTimeoutSeconds() * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`stack exited early:\n${output}`);
    if (output.includes("PromptSentry is running")) break;
    if (Date.now() > deadline) throw new Error(`stack did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide("baseURL", baseURL);
  project.provide("demoKey", readFileSync(keyFile, "utf8").trim());
  project.provide("webDist", webDist);
  project.provide("stateDir", stateDir);
}

function withoutNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _drop, ...rest } = env;
  return rest;
}

export async function teardown() {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await new Promise((r) => setTimeout(r, 1_000));
  }
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    demoKey: string;
    /** Directory of the SPA build the stack serves (for the bundle-size check). */
    webDist: string;
    /** The stack's state directory (`--persist-to`: local D1, traces, party storage). */
    stateDir: string;
  }
}

export function stackTimeoutSeconds(): number {
  const fromEnv = Number(process.env.E2E_STACK_TIMEOUT_S);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 300;
}
