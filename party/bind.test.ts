// `partykit dev` (npm start, npm run dev) must listen on loopback only, like the worker: partykit
// 0.0.115 hard-codes 0.0.0.0 and starts its devtools inspector proxy on every interface, which
// patches/partykit+0.0.115.patch (applied by the postinstall) changes. Linux only: reads /proc.
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";

const [, port] = inject("partyOrigin").split(":");
const pid = inject("partyPid");

/** The process and all its descendants (partykit's node process runs workerd as a child). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so cut after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {} // the process ended meanwhile
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** Socket inodes the processes hold open. */
function socketInodes(pids: number[]): Set<string> {
  const inodes = new Set<string>();
  for (const p of pids) {
    try {
      for (const fd of readdirSync(`/proc/${p}/fd`)) {
        const target = (() => {
          try {
            return readlinkSync(`/proc/${p}/fd/${fd}`);
          } catch {
            return "";
          }
        })();
        const m = /^socket:\[(\d+)\]$/.exec(target);
        if (m) inodes.add(m[1]);
      }
    } catch {}
  }
  return inodes;
}

/** Listening TCP sockets as "ADDR:PORT" in /proc/net/tcp{,6} form (hex, ADDR in host byte order). */
function listeners(inodes: Set<string>): string[] {
  const found: string[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode; st 0A = LISTEN
      if (cols.length > 9 && cols[3] === "0A" && inodes.has(cols[9])) found.push(cols[1]);
    }
  }
  return found;
}

describe.skipIf(!existsSync("/proc/net/tcp"))("partykit dev listening addresses", () => {
  it("listens on 127.0.0.1 only: the party port, Miniflare's loopback server and the inspector proxy", () => {
    const addresses = listeners(socketInodes(processTree(pid)));
    const partyPort = Number(port).toString(16).toUpperCase().padStart(4, "0");
    // 0100007F is 127.0.0.1; 00000000 (0.0.0.0) or any tcp6 entry (::) would reach other interfaces.
    expect(addresses).toContain(`0100007F:${partyPort}`);
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    for (const address of addresses) expect(address).toMatch(/^0100007F:[0-9A-F]{4}$/);
  });
});
