// Starts the real party server on a spare port for the party tests, and stops it afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

export const TEST_PARTY_SECRET = "party-test-secret";
const PORT = 19_990 + Math.floor(Math.random() * 9);
let child: ChildProcess | undefined;

async function waitForPort(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`party server did not start on ${url}`);
}

export async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../..");
  child = spawn(
    path.join(root, "node_modules/.bin/partykit"),
    [
      "dev",
      "--port",
      String(PORT),
      "--var",
      `PARTY_SECRET=${TEST_PARTY_SECRET}`,
      "--disable-request-cf-fetch",
      "--no-hotkeys",
      "--persist",
      mkdtempSync(path.join(tmpdir(), "party-")),
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  await waitForPort(`http://127.0.0.1:${PORT}/parties/main/health`, 45_000);
  project.provide("partyOrigin", `127.0.0.1:${PORT}`);
  project.provide("partySecret", TEST_PARTY_SECRET);
  // The listening-address test looks up the sockets of this process and its children (workerd).
  project.provide("partyPid", child.pid ?? 0);
}

export async function teardown() {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    partyOrigin: string;
    partySecret: string;
    partyPid: number;
  }
}
