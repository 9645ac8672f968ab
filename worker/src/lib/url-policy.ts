// Where the server may send webhooks, integration notifications and gateway calls (docs/delivery.md;
// docs/outbound-urls.md): http(s) only, on the web ports only; private and loopback targets, internal
// names (dotless, cluster and office suffixes) and names that spell a private address only when the
// deployment allows private targets; link-local, cloud metadata, documentation, multicast,
// translation and other special-purpose addresses never; names of wildcard/rebinding DNS services
// never. The check reads the URL only (no DNS lookup): what a name resolves to at send time is the
// runtime's to police (see the doc).
import ipaddr from "ipaddr.js";
import { badRequest } from "../errors";
import { REBINDING_DNS_SUFFIXES } from "./rebinding-dns";

type Kind = "public" | "private" | "internal" | "forbidden" | "rebinding";
type Verdict = { ok: true } | { ok: false; reason: string };

export const OUTBOUND_REFUSALS = {
  private: "Private and loopback addresses are not allowed",
  internal: "Internal host names (dotless, .internal, .local, .svc, .lan, .corp, …) are not allowed",
  forbidden: "This address can never receive webhooks",
  rebinding: "Wildcard and rebinding DNS names (nip.io, localtest.me, …) are not allowed",
} as const;

type Range = readonly [cidr: string, kind: "private" | "forbidden" | "embedded"];

/**
 * IANA IPv4 Special-Purpose Address Registry (plus multicast), checked in order, first match wins.
 * Entries the registry marks globally reachable (AS112 192.31.196/24, AMT 192.52.193/24,
 * 192.175.48/24) stay public.
 */
const IPV4_RANGES: readonly Range[] = [
  ["0.0.0.0/8", "forbidden"], // "this network"
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "private"], // shared address space (carrier-grade NAT)
  ["127.0.0.0/8", "private"], // loopback
  ["169.254.0.0/16", "forbidden"], // link-local, cloud metadata
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "forbidden"], // IETF protocol assignments (DS-Lite, NAT64 discovery, …)
  ["192.0.2.0/24", "forbidden"], // TEST-NET-1
  ["192.88.99.0/24", "forbidden"], // 6to4 relay anycast (deprecated)
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "forbidden"], // benchmarking
  ["198.51.100.0/24", "forbidden"], // TEST-NET-2
  ["203.0.113.0/24", "forbidden"], // TEST-NET-3
  ["224.0.0.0/4", "forbidden"], // multicast
  ["240.0.0.0/4", "forbidden"], // reserved, including 255.255.255.255 limited broadcast
];

/**
 * IANA IPv6 Special-Purpose Address Registry (plus multicast and site-local), in order. Anything
 * outside 2000::/3 (global unicast) and not listed is refused too: it is unassigned.
 */
const IPV6_RANGES: readonly Range[] = [
  ["::/128", "forbidden"], // unspecified
  ["::1/128", "private"], // loopback
  ["::ffff:0:0/96", "embedded"], // IPv4-mapped: the IPv4 address itself
  ["::/96", "forbidden"], // IPv4-compatible (deprecated)
  ["64:ff9b::/96", "forbidden"], // NAT64 well-known prefix: reaches any IPv4 address through a translator
  ["64:ff9b:1::/48", "forbidden"], // NAT64 local-use prefix
  ["100::/64", "forbidden"], // discard-only
  ["100:0:0:1::/64", "forbidden"], // dummy prefix
  ["2001::/23", "forbidden"], // IETF protocol assignments (Teredo, benchmarking, ORCHID, …)
  ["2001:db8::/32", "forbidden"], // documentation
  ["2002::/16", "forbidden"], // 6to4: embeds an IPv4 address, private ones included
  ["3fff::/20", "forbidden"], // documentation
  ["5f00::/16", "forbidden"], // segment routing SIDs
  ["fc00::/7", "private"], // unique local
  ["fe80::/10", "forbidden"], // link-local
  ["fec0::/10", "forbidden"], // site-local (deprecated)
  ["ff00::/8", "forbidden"], // multicast
];

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const parsedV4 = IPV4_RANGES.map(([cidr, kind]) => [ipaddr.parseCIDR(cidr), kind] as const);
const parsedV6 = IPV6_RANGES.map(([cidr, kind]) => [ipaddr.parseCIDR(cidr), kind] as const);

function classifyAddress(address: ipaddr.IPv4 | ipaddr.IPv6): Exclude<Kind, "rebinding"> {
  const ranges = address.kind() === "ipv4" ? parsedV4 : parsedV6;
  for (const [range, kind] of ranges) {
    if (range[0].kind() !== address.kind() || !address.match(range)) continue;
    if (kind === "embedded") return classifyAddress((address as ipaddr.IPv6).toIPv4Address());
    return kind;
  }
  if (address.kind() === "ipv6" && !address.match(GLOBAL_UNICAST_V6)) return "forbidden";
  return "public";
}

/**
 * Suffixes that only a resolver inside some network answers, never the public DNS: names there
 * reach a machine of the network the request leaves from.
 * - `localdomain` (the /etc/hosts convention; `localhost` itself is loopback, judged as private);
 * - local networks: `local` (mDNS, RFC 6762, and Kubernetes' `cluster.local`), `home.arpa` (RFC 8375),
 *   `internal` (reserved by ICANN for private use, 2024: `*.ec2.internal`, `host.docker.internal`);
 * - the suffixes RFC 6762 appendix G found in private use, which ICANN will not delegate (name
 *   collision): `intranet`, `private`, `corp`, `home`, `lan`, `mail`;
 * - service discovery: Kubernetes `svc` (`name.namespace.svc`) and the namespaces every cluster has
 *   (`kubernetes.default` resolves through the pod's search domains), Consul's `consul`;
 * - `test` (RFC 6761), which local development resolvers (dnsmasq, Valet) answer with loopback.
 * `example` and `invalid` are reserved too but answered by nobody, so nothing is reachable there.
 */
const INTERNAL_SUFFIXES = [
  "localdomain",
  "local",
  "home.arpa",
  "internal",
  "intranet",
  "private",
  "corp",
  "home",
  "lan",
  "mail",
  "svc",
  "default",
  "kube-system",
  "kube-public",
  "consul",
  "test",
];
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal"]);

const underSuffix = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

// Leading zeros allowed: the services read "010" as ten, not as octal.
const isOctet = (part: string) => /^\d{1,3}$/.test(part) && Number(part) <= 255;
const SEVERITY: Record<Kind, number> = { public: 0, internal: 1, private: 1, rebinding: 2, forbidden: 3 };

/**
 * An IPv4 address spelled inside a name, the way wildcard DNS services read it: four labels
 * (`10.0.0.1.example.net`) or four dash-separated parts of one label (`ip-10-0-0-1.example.net`).
 * The most dangerous one found, so a copy of nip.io the list below does not know is judged by the
 * address it promises to resolve to. Hex spellings (`0a000001`) are left alone: ordinary words
 * (`facade12`) read as addresses too often.
 */
function embeddedAddressKind(host: string): Kind {
  const labels = host.split(".");
  const runs = [labels, ...labels.map((label) => label.split("-"))];
  let worst: Kind = "public";
  for (const parts of runs) {
    for (let i = 0; i + 4 <= parts.length; i++) {
      const quad = parts.slice(i, i + 4);
      if (!quad.every(isOctet)) continue;
      const kind = classifyAddress(ipaddr.IPv4.parse(quad.map(Number).join(".")));
      if (SEVERITY[kind] > SEVERITY[worst]) worst = kind;
    }
  }
  return worst;
}

function classifyName(host: string): Kind {
  if (METADATA_NAMES.has(host)) return "forbidden";
  if (REBINDING_DNS_SUFFIXES.some((suffix) => underSuffix(host, suffix))) return "rebinding";
  const embedded = embeddedAddressKind(host);
  if (embedded !== "public") return embedded;
  // RFC 6761: localhost and every name under it are loopback.
  if (underSuffix(host, "localhost")) return "private";
  // A dotless name resolves through the resolver's search domains: an internal host.
  if (!host.includes(".") || INTERNAL_SUFFIXES.some((suffix) => underSuffix(host, suffix))) return "internal";
  return "public";
}

/**
 * Ports a public target may use: the web's own (80, 443) and their common alternates (8080, 8443),
 * which webhook receivers and self-hosted model servers behind a proxy use. Anything else is some
 * other protocol's port (22 SSH, 25 SMTP, 6379 Redis, 11211 memcached, …) that an HTTP request can
 * still talk to or probe. Private targets, allowed only in development, keep any port: local
 * receivers listen on random ones.
 */
export const OUTBOUND_PORTS: readonly number[] = [80, 443, 8080, 8443];
const PORT_REFUSAL = `Only ports ${OUTBOUND_PORTS.slice(0, -1).join(", ")} and ${OUTBOUND_PORTS.at(-1)} are allowed`;

/** The host as the URL parser normalized it (IPv4 shorthands become dotted quads), classified. */
function classifyHost(hostname: string): Kind {
  // A trailing dot names the same host ("localhost." is localhost).
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "")
    .toLowerCase();
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return classifyAddress(ipaddr.IPv4.parse(host));
  if (host.includes(":")) return ipaddr.IPv6.isValid(host) ? classifyAddress(ipaddr.IPv6.parse(host)) : "forbidden";
  return classifyName(host);
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
  const kind = classifyHost(url.hostname);
  if (kind === "public") {
    // The URL parser drops a scheme's default port, so "" is 443 for https and 80 for http.
    const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
    return OUTBOUND_PORTS.includes(port) ? { ok: true } : { ok: false, reason: PORT_REFUSAL };
  }
  if ((kind === "private" || kind === "internal") && allowPrivate) return { ok: true };
  return { ok: false, reason: OUTBOUND_REFUSALS[kind] };
}

export const allowsPrivate = (env: { ALLOW_PRIVATE_WEBHOOKS?: string }) => env.ALLOW_PRIVATE_WEBHOOKS === "true";

/** 400 with the reason under `field` when the server must not send to this URL. */
export function assertDeliverable(url: string, env: { ALLOW_PRIVATE_WEBHOOKS?: string }, field = "url") {
  const verdict = checkOutboundUrl(url, allowsPrivate(env));
  if (!verdict.ok) throw badRequest(verdict.reason, { [field]: [verdict.reason] });
}
