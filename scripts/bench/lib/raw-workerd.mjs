// workerd with nothing in front of it: a hand-written capnp config (one service and one socket per
// worker), served by the same workerd binary Miniflare runs. The benchmarks' ceiling (docs/performance.md#the-local-runtime-npm-start):
// what any route can do on this machine at this moment, to read our own figures against.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/** The workerd binary of the installed Miniflare (the one `npm start` runs). */
export function workerdBinary() {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve("miniflare"))("workerd").default;
}

/**
 * Starts one workerd serving each worker on its own 127.0.0.1 port; resolves once all answer.
 * A module is `{ name, path }` (copied into the config's directory) or `{ name, contents }`; the
 * first one is the entry.
 * @param {{ workers: { name: string, port: number, modules: ({ name: string, path?: string, contents?: string })[], compatibilityDate: string, compatibilityFlags?: string[] }[] }} options
 */
export async function startRawWorkerd({ workers }) {
  const dir = mkdtempSync(path.join(tmpdir(), "raw-workerd-"));
  const str = (s) => JSON.stringify(s);
  const services = [];
  const sockets = [];
  const consts = [];
  for (const [i, w] of workers.entries()) {
    const modules = w.modules.map((m, j) => {
      const file = `w${i}-m${j}.js`;
      if (m.path) copyFileSync(m.path, path.join(dir, file));
      else writeFileSync(path.join(dir, file), m.contents);
      return `(name = ${str(m.name)}, esModule = embed ${str(file)})`;
    });
    services.push(`(name = ${str(w.name)}, worker = .w${i})`);
    sockets.push(`(name = ${str(`http-${i}`)}, address = ${str(`127.0.0.1:${w.port}`)}, http = (), service = ${str(w.name)})`);
    consts.push(
      `const w${i} :Workerd.Worker = (\n  modules = [${modules.join(", ")}],\n  compatibilityDate = ${str(w.compatibilityDate)},\n  compatibilityFlags = [${(w.compatibilityFlags ?? []).map(str).join(", ")}],\n);`,
    );
  }
  const config = `using Workerd = import "/workerd/workerd.capnp";\nconst config :Workerd.Config = (\n  services = [${services.join(", ")}],\n  sockets = [${sockets.join(", ")}],\n);\n${consts.join("\n")}\n`;
  writeFileSync(path.join(dir, "config.capnp"), config);
  const child = spawn(workerdBinary(), ["serve", "--experimental", path.join(dir, "config.capnp")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const urls = workers.map((w) => `http://127.0.0.1:${w.port}`);
  const deadline = Date.now() + 30_000;
  for (const url of urls) {
    for (;;) {
      if (child.exitCode !== null) throw (await stop(), new Error("workerd exited before serving"));
      try {
        await (await fetch(url)).arrayBuffer();
        break;
      } catch {}
      if (Date.now() > deadline) throw (await stop(), new Error(`workerd did not answer on ${url}`));
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { urls, stop, pid: child.pid };
}

/** The do-nothing worker every ceiling measures: one JSON answer, nothing read. */
export const DO_NOTHING_WORKER = "export default { fetch: () => Response.json({ ok: true }) };";

/** CPU time a process has used so far, in nanoseconds: the sum over its threads (Linux schedstat). */
export function processCpuNs(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {} // a thread that ended meanwhile
  }
  return ns;
}
