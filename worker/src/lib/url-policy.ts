import { badRequest } from "../errors";

// Where the server may send webhooks (DESIGN §7): http(s) only; private and loopback targets only
// when the deployment allows them; link-local and cloud metadata addresses never.

function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

type Verdict = { ok: true } | { ok: false; reason: string };

function classifyV4([a, b]: number[]): "public" | "private" | "forbidden" {
  if (a === 169 && b === 254) return "forbidden"; // link-local, cloud metadata
  if (a === 0) return "forbidden";
  if (a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "private"; // carrier-grade NAT
  if (a >= 224) return "forbidden"; // multicast, reserved, broadcast
  return "public";
}

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96) or NAT64
 * (64:ff9b::/96) address. The URL parser writes them in hex (`[::ffff:127.0.0.1]` → `::ffff:7f00:1`).
 */
function embeddedV4(h: string): number[] | null {
  const m = /^(?:::ffff:|::|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(h);
  if (!m) return null;
  if (m[1]) return ipv4(m[1]);
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255];
}

function classifyV6(host: string): "public" | "private" | "forbidden" {
  const h = host.toLowerCase();
  if (h === "::1") return "private";
  if (h === "::") return "forbidden";
  if (/^fe[89ab]/.test(h)) return "forbidden"; // fe80::/10 link-local
  if (/^f[cd]/.test(h)) return "private"; // unique local
  const v4 = embeddedV4(h);
  if (v4) return classifyV4(v4);
  if (/^::ffff:/.test(h)) return "forbidden";
  return "public";
}

export function checkOutboundUrl(raw: string, allowPrivate: boolean): Verdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "Valid URL required" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "Only http and https URLs are allowed" };
  if (url.username || url.password) return { ok: false, reason: "URLs with credentials are not allowed" };
  // A trailing dot names the same host ("localhost." is localhost).
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  const v4 = ipv4(host);
  let kind: "public" | "private" | "forbidden";
  if (v4) kind = classifyV4(v4);
  else if (host.includes(":")) kind = classifyV6(host);
  else if (host === "metadata.google.internal" || host === "metadata") kind = "forbidden";
  else if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) kind = "private";
  else kind = "public";
  if (kind === "forbidden") return { ok: false, reason: "This address can never receive webhooks" };
  if (kind === "private" && !allowPrivate) return { ok: false, reason: "Private and loopback addresses are not allowed" };
  return { ok: true };
}

export const allowsPrivate = (env: { ALLOW_PRIVATE_WEBHOOKS?: string }) => env.ALLOW_PRIVATE_WEBHOOKS === "true";

/** 400 with the reason under `field` when the server must not send to this URL. */
export function assertDeliverable(url: string, env: { ALLOW_PRIVATE_WEBHOOKS?: string }, field = "url") {
  const verdict = checkOutboundUrl(url, allowsPrivate(env));
  if (!verdict.ok) throw badRequest(verdict.reason, { [field]: [verdict.reason] });
}
