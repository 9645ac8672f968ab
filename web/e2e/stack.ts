// Starts the product as `npm start` does, on spare ports and a fresh database directory, so the
// browser tests see exactly what a user sees: built SPA, migrations, demo data, live socket.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
let child: ChildProcess | undefined;
let stateDir = "";

export async function setup(project: TestProject) {
  const port = 18_700 + Math.floor(Math.random() * 200);
  const partyPort = port + 1_000;
  stateDir = mkdtempSync(path.join(tmpdir(), "promptsentry-e2e-"));
  let output = "";
  child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PARTY_PORT: String(partyPort), PERSIST_DIR: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`stack exited early:\n${output}`);
    if (output.includes("PromptSentry is running")) break;
    if (Date.now() > deadline) throw new Error(`stack did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide("baseURL", baseURL);
  project.provide("demoKey", readFileSync(path.join(stateDir, "demo-api-key"), "utf8").trim());
}

export async function teardown() {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await new Promise((r) => setTimeout(r, 1_000));
  }
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    demoKey: string;
  }
}
