// Public DNS services whose names resolve to whatever address the name spells (10.0.0.1.nip.io →
// 10.0.0.1), always to loopback (*.localtest.me → 127.0.0.1), or alternate between two addresses
// on purpose (DNS rebinding test services). A URL under one of them is a private address in
// disguise, so the outbound URL policy refuses them outright (docs/outbound-urls.md). The list is
// of well-known services; a private name on an unknown domain is the runtime's to stop.
export const REBINDING_DNS_SUFFIXES: readonly string[] = [
  // Wildcard DNS that embeds an IP address in the name.
  "nip.io",
  "sslip.io",
  "xip.io",
  "xip.name",
  "traefik.me",
  // Names (and every subdomain) that resolve to loopback.
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "localhost.direct",
  "localho.st",
  "localh.st",
  "colasloth.com",
  "fuf.me",
  // DNS rebinding services (answers alternate between two addresses).
  "rbndr.us",
  "1u.ms",
  "rebind.it",
  "rebind.network",
];
