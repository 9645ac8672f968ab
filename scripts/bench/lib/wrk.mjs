// wrk (https://github.com/wg/wrk) from Node: the load generator for the HTTP benchmarks, written in
// C so the client never becomes the bottleneck it would be in Node. Installed from Debian if missing.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function ensureWrk() {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  console.log("› installing wrk (apt-get install -y wrk)");
  execFileSync("apt-get", ["install", "-y", "wrk"], { stdio: ["ignore", "ignore", "inherit"] });
}

const MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const toMs = (text) => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  return m ? Number(m[1]) * MS[m[2]] : NaN;
};

/**
 * Runs wrk against url with an optional Lua script (request shape) and returns req/s, p50/p99 in ms
 * and the count of non-2xx answers (which a healthy run must not have).
 * @param {{ url: string, lua?: string, seconds: number, connections: number, threads?: number }} options
 */
export function runWrk({ url, lua, seconds, connections, threads = 2 }) {
  const dir = mkdtempSync(path.join(tmpdir(), "wrk-"));
  try {
    const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
    if (lua) {
      writeFileSync(path.join(dir, "request.lua"), lua);
      args.push("-s", path.join(dir, "request.lua"));
    }
    const out = execFileSync("wrk", [...args, url], { encoding: "utf8" });
    const percentile = (p) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
    return {
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
      p50: percentile(50),
      p99: percentile(99),
      failed: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A wrk Lua script that POSTs `template` to `requestPath` with `headers`, each request with its own
 * values for the placeholders: `{{N}}` a number unique within the run, `{{U}}` one of 50 users, `{{UUID}}` a UUID unique
 * within the run (a per-thread prefix, so wrk's threads never collide), `{{TIME}}` the ISO time.
 * @param {{ requestPath: string, headers: Record<string, string>, template: string }} options
 */
export function postScript({ requestPath, headers, template }) {
  const lit = (text) => {
    if (text.includes("]==]")) throw new Error("template text may not contain ]==]");
    return `[==[${text}]==]`;
  };
  const pieces = template.split(/(\{\{(?:N|U|UUID|TIME)\}\})/);
  const run = Math.floor(Math.random() * 0xffffffff)
    .toString(16)
    .padStart(8, "0");
  const expr = pieces
    .map((piece) =>
      piece === "{{N}}" ? "n" : piece === "{{U}}" ? "u" : piece === "{{UUID}}" ? "uuid" : piece === "{{TIME}}" ? "now" : lit(piece),
    )
    .join(" .. ");
  return `local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
wrk.method = "POST"
wrk.path = ${lit(requestPath)}
${Object.entries(headers)
  .map(([k, v]) => `wrk.headers[ ${lit(k)} ] = ${lit(v)}`)
  .join("\n")}
local counter = 0
function request()
  counter = counter + 1
  local n = tostring(tid * 100000000 + counter)
  local u = tostring(counter % 50)
  local uuid = string.format("${run}-%04x-4000-8000-%012x", tid, counter)
  local now = os.date("!%Y-%m-%dT%H:%M:%SZ")
  return wrk.format(nil, nil, nil, ${expr})
end
`;
}
