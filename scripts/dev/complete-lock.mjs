// `npm run lock:complete`: adds package-lock entries for platform builds (darwin, win32, android, …)
// of native tools that the lock names as optional dependencies but lacks. npm leaves them out when the
// registry it resolved against had no build of that exact version for that platform (the registry
// mirror this project is developed against carries only the Linux builds of recent releases), and then
// `npm ci` refuses the lock on every machine. npm skips the entries whose os/cpu do not match, so on
// Linux nothing more is fetched; on macOS or Windows npm fetches the right build from the registry.
import { readFileSync, writeFileSync } from "node:fs";

const OS = [
  [/darwin|macos/, "darwin"],
  [/win32|windows/, "win32"],
  [/android/, "android"],
  [/freebsd/, "freebsd"],
  [/openbsd/, "openbsd"],
  [/netbsd/, "netbsd"],
  [/sunos/, "sunos"],
  [/aix/, "aix"],
  [/openharmony/, "openharmony"],
  [/linux/, "linux"],
];
const CPU = [
  [/arm64|aarch64/, "arm64"],
  [/x64|x86_64|amd64|-64\b/, "x64"],
  [/ia32|x86\b/, "ia32"],
  [/armv7|arm\b|gnueabihf/, "arm"],
  [/riscv64/, "riscv64"],
  [/ppc64/, "ppc64"],
  [/s390x/, "s390x"],
  [/loong64/, "loong64"],
  [/wasm32/, "wasm32"],
];
const first = (table, name) => table.find(([re]) => re.test(name))?.[1];

const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));

/** Where Node would find `name` from the package at `key`: its own node_modules, then each ancestor's. */
function resolve(key, name) {
  for (let dir = key; ; ) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut < 0 ? "" : dir.slice(0, cut);
  }
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const os = first(OS, name);
    if (!os || !/^\d+\.\d+\.\d+/.test(version)) continue; // only pinned platform builds
    const existing = resolve(key, name);
    if (existing && lock.packages[existing].version === version) continue;
    // At the root if free, else beside the package that needs it.
    const where = existing ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    const cpu = first(CPU, name);
    const libc = /musl/.test(name) ? "musl" : /gnu/.test(name) ? "glibc" : null;
    lock.packages[where] = {
      version,
      os: [os],
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      dev: entry.dev,
      optional: true,
    };
    added++;
    console.log(`+ ${where}@${version}`);
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform entries added`);
