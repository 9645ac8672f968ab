import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { allowsPrivate, assertDeliverable, checkOutboundUrl } from "./url-policy";

const PRIVATE = "Private and loopback addresses are not allowed";
const INTERNAL = "Internal host names (dotless, .internal, .local, .svc, .lan, .corp, …) are not allowed";
const NEVER = "This address can never receive webhooks";
const PORTS = "Only ports 80, 443, 8080 and 8443 are allowed";

describe("checkOutboundUrl", () => {
  it("accepts public http(s) URLs in both modes", () => {
    for (const allow of [true, false]) {
      for (const url of [
        "https://hooks.slack.com/services/T000/B000/XXX",
        "http://example.com:8080/path?q=1",
        "https://8.8.8.8/hook",
        "https://[2606:4700:4700::1111]/hook",
        "https://172.32.0.1/", // just outside 172.16.0.0/12
        "https://192.169.0.1/",
      ]) {
        expect(checkOutboundUrl(url, allow), `${url} allowPrivate=${allow}`).toEqual({ ok: true });
      }
    }
  });

  it("refuses loopback and private targets unless the deployment allows them", () => {
    const urls = [
      "http://127.0.0.1/hook",
      "http://127.1/",
      "http://2130706433/", // 127.0.0.1 as one decimal number
      "http://0x7f.1/", // hex
      "http://017700000001/", // octal
      "http://10.1.2.3/",
      "http://172.16.0.1/",
      "http://172.31.255.255/",
      "http://192.168.1.10:8443/",
      "http://100.64.0.1/",
      "http://localhost:8787/",
      "http://LOCALHOST/",
      "http://localhost./",
      "http://app.localhost/",
      "http://[::1]/",
      "http://[0:0:0:0:0:0:0:1]/",
      "http://[fd12:3456::1]/",
      "http://[fc00::1]/",
    ];
    for (const url of urls) {
      expect(checkOutboundUrl(url, false), url).toEqual({ ok: false, reason: PRIVATE });
      expect(checkOutboundUrl(url, true), url).toEqual({ ok: true });
    }
  });

  it("always refuses link-local, cloud metadata and unspecified addresses", () => {
    const urls = [
      "http://169.254.169.254/latest/meta-data/",
      "http://169.254.0.1/",
      "http://[fe80::1]/",
      "http://[FE80::abcd]/",
      "http://[febf::1]/",
      "http://[::ffff:169.254.169.254]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://metadata.google.internal./computeMetadata/v1/",
      "http://0.0.0.0/",
      "http://[::]/",
      "http://224.0.0.1/",
      "http://255.255.255.255/",
    ];
    for (const url of urls) {
      for (const allow of [true, false]) {
        expect(checkOutboundUrl(url, allow), `${url} allowPrivate=${allow}`).toEqual({ ok: false, reason: NEVER });
      }
    }
  });

  it("looks through IPv6 forms that embed an IPv4 address", () => {
    for (const url of ["http://[::ffff:127.0.0.1]/", "http://[::127.0.0.1]/", "http://[64:ff9b::10.0.0.1]/"]) {
      expect(checkOutboundUrl(url, false).ok, url).toBe(false);
    }
    for (const url of ["http://[::169.254.169.254]/", "http://[64:ff9b::169.254.169.254]/"]) {
      expect(checkOutboundUrl(url, true), url).toEqual({ ok: false, reason: NEVER });
    }
  });

  it("refuses other schemes, credentials in the URL and non-URLs", () => {
    for (const allow of [true, false]) {
      expect(checkOutboundUrl("ftp://example.com/x", allow)).toEqual({ ok: false, reason: "Only http and https URLs are allowed" });
      expect(checkOutboundUrl("file:///etc/passwd", allow)).toEqual({ ok: false, reason: "Only http and https URLs are allowed" });
      expect(checkOutboundUrl("javascript:alert(1)", allow)).toEqual({ ok: false, reason: "Only http and https URLs are allowed" });
      expect(checkOutboundUrl("https://user:pw@example.com/", allow)).toEqual({
        ok: false,
        reason: "URLs with credentials are not allowed",
      });
      expect(checkOutboundUrl("not a url", allow)).toEqual({ ok: false, reason: "Valid URL required" });
    }
  });
});

// Every IANA special-purpose range, multicast, site-local, translation prefixes
// and wildcard/rebinding DNS names. Table: [url, verdict without private targets, verdict with].
const REBIND = "Wildcard and rebinding DNS names (nip.io, localtest.me, …) are not allowed";
const OK = { ok: true } as const;
const refused = (reason: string) => ({ ok: false, reason });
const always = (reason: string): [object, object] => [refused(reason), refused(reason)];
const privateOnly: [object, object] = [refused(PRIVATE), OK];
const internalOnly: [object, object] = [refused(INTERNAL), OK];

const SPECIAL_PURPOSE: [url: string, verdicts: [object, object]][] = [
  // IPv4 special-purpose registry
  ["http://0.1.2.3/", always(NEVER)],
  ["http://100.64.0.1/", privateOnly],
  ["http://100.127.255.254/", privateOnly],
  ["http://192.0.0.1/", always(NEVER)],
  ["http://192.0.0.170/", always(NEVER)],
  ["http://192.0.2.10/", always(NEVER)],
  ["http://192.88.99.1/", always(NEVER)],
  ["http://198.18.0.1/", always(NEVER)],
  ["http://198.19.255.254/", always(NEVER)],
  ["http://198.51.100.7/", always(NEVER)],
  ["http://203.0.113.9/", always(NEVER)],
  ["http://239.255.255.250/", always(NEVER)],
  ["http://240.0.0.1/", always(NEVER)],
  ["http://255.255.255.255/", always(NEVER)],
  // IPv6 special-purpose registry, multicast, site-local
  ["http://[ff02::1]/", always(NEVER)],
  ["http://[ff05::1:3]/", always(NEVER)],
  ["http://[fec0::1]/", always(NEVER)],
  ["http://[feff::1]/", always(NEVER)],
  ["http://[2002:7f00:1::]/", always(NEVER)], // 6to4 of 127.0.0.1
  ["http://[2002:a00:1::1]/", always(NEVER)], // 6to4 of 10.0.0.1
  ["http://[64:ff9b::7f00:1]/", always(NEVER)], // NAT64 of 127.0.0.1
  ["http://[64:ff9b::808:808]/", always(NEVER)], // NAT64 of 8.8.8.8: still through a translator
  ["http://[64:ff9b:1::a00:1]/", always(NEVER)],
  ["http://[100::1]/", always(NEVER)],
  ["http://[2001::1]/", always(NEVER)], // Teredo
  ["http://[2001:2::1]/", always(NEVER)], // benchmarking
  ["http://[2001:db8::1]/", always(NEVER)],
  ["http://[3fff::1]/", always(NEVER)],
  ["http://[5f00::1]/", always(NEVER)],
  ["http://[4000::1]/", always(NEVER)], // outside global unicast
  ["http://[::ffff:10.0.0.1]/", privateOnly], // IPv4-mapped is the IPv4 address
  ["http://[::ffff:8.8.8.8]/", [OK, OK]],
  ["http://[::ffff:198.18.0.1]/", always(NEVER)],
  ["http://[fd00::1]/", privateOnly],
  ["http://[fe80::1]/", always(NEVER)],
  // Names that resolve to private addresses
  ["http://127.0.0.1.nip.io/", always(REBIND)],
  ["http://10-0-0-1.sslip.io/", always(REBIND)],
  ["http://8.8.8.8.nip.io/", always(REBIND)],
  ["http://app.127.0.0.1.xip.io/", always(REBIND)],
  ["http://localtest.me/", always(REBIND)],
  ["http://api.localtest.me:8080/hook", always(REBIND)],
  ["http://LVH.ME./", always(REBIND)],
  ["http://x.lvh.me/", always(REBIND)],
  ["http://7f000001.0a000001.rbndr.us/", always(REBIND)],
  ["http://db/", internalOnly], // dotless: resolved through search domains
  ["http://router.home.arpa/", internalOnly],
  ["http://instance-data/", always(NEVER)],
  // Public look-alikes stay public
  ["https://nip.io.example.com/", [OK, OK]],
  ["https://notlocaltest.me/", [OK, OK]],
  ["https://192.31.196.1/", [OK, OK]], // AS112, globally reachable
  ["https://[2606:4700::6810:84e5]/", [OK, OK]],
];

describe("checkOutboundUrl: special-purpose ranges and rebinding names", () => {
  it.each(SPECIAL_PURPOSE)("%s", (url, [strict, lenient]) => {
    expect(checkOutboundUrl(url, false)).toEqual(strict);
    expect(checkOutboundUrl(url, true)).toEqual(lenient);
  });
});

// The policy read names only by a short suffix list and ignored ports: cluster and office names,
// loopback aliases and other protocols' ports on public hosts all passed in production.
const NAMES_AND_PORTS: [url: string, verdicts: [object, object]][] = [
  // Cluster-internal and office names: reachable only from inside a network.
  ["http://kubernetes.default.svc/api", internalOnly],
  ["https://kubernetes.default.svc.cluster.local/", internalOnly],
  ["http://kubernetes.default/", internalOnly], // through the pod's search domains
  ["http://redis.kube-system/", internalOnly],
  ["http://vault.service.consul:8200/", internalOnly],
  ["http://host.docker.internal:3000/", internalOnly],
  ["http://ip-10-0-0-5.ec2.internal/", privateOnly], // the name spells 10.0.0.5
  ["http://printer.local/", internalOnly],
  ["http://nas.lan/", internalOnly],
  ["http://wiki.corp/", internalOnly],
  ["http://wiki.intranet./", internalOnly],
  ["http://files.home/", internalOnly],
  ["http://db.private/", internalOnly],
  ["http://box.localdomain/", internalOnly],
  ["http://myapp.test/", internalOnly],
  ["http://MAILHOST/", internalOnly],
  // Loopback aliases: public domains whose every name resolves to 127.0.0.1.
  ["http://localh.st/", always(REBIND)],
  ["http://api.localh.st:8080/", always(REBIND)],
  ["http://app.localho.st/", always(REBIND)],
  ["http://readme.localtest.me/", always(REBIND)],
  // An IPv4 address spelled in the name, as wildcard DNS services read it, on any domain.
  ["http://127.0.0.1.example-wildcard.net/", privateOnly],
  ["http://app-10-1-2-3.wildcard.example.org/", privateOnly],
  ["http://010.000.000.001.wildcard.example.org/", privateOnly],
  ["http://192-168-0-1.myhost.example.com/", privateOnly],
  ["http://169.254.169.254.evil.example.com/", always(NEVER)],
  ["http://x-169-254-169-254.evil.example.com/", always(NEVER)],
  ["http://0.0.0.0.evil.example.com/", always(NEVER)],
  ["https://ec2-54-12-34-56.compute-1.amazonaws.com/", [OK, OK]], // embeds a public address
  ["https://v1.2.3.example.com/", [OK, OK]], // three numbers are not an address
  ["https://256.1.1.1.example.com/", [OK, OK]],
  // Ports: the web's own and their alternates only, for public targets in both modes.
  ["https://hooks.example.com/", [OK, OK]],
  ["http://hooks.example.com/", [OK, OK]],
  ["https://hooks.example.com:443/", [OK, OK]],
  ["http://hooks.example.com:80/", [OK, OK]],
  ["https://hooks.example.com:8443/", [OK, OK]],
  ["http://hooks.example.com:8080/", [OK, OK]],
  ["http://hooks.example.com:443/", [OK, OK]],
  ["https://hooks.example.com:6379/", always(PORTS)],
  ["http://hooks.example.com:22/", always(PORTS)],
  ["http://hooks.example.com:25/", always(PORTS)],
  ["http://8.8.8.8:11211/", always(PORTS)],
  ["http://[2606:4700:4700::1111]:5432/", always(PORTS)],
  ["https://api.example.com:1/", always(PORTS)],
  ["https://api.example.com:65535/", always(PORTS)],
  // Private targets keep any port where the deployment allows them (local receivers).
  ["http://127.0.0.1:6379/", privateOnly],
  ["http://127.0.0.1:54321/hook", privateOnly],
  ["http://localhost:22/", privateOnly],
  ["http://[::1]:9/", privateOnly],
  ["http://receiver:9000/", internalOnly],
];

describe("checkOutboundUrl: internal names, loopback aliases and ports", () => {
  it.each(NAMES_AND_PORTS)("%s", (url, [strict, lenient]) => {
    expect(checkOutboundUrl(url, false)).toEqual(strict);
    expect(checkOutboundUrl(url, true)).toEqual(lenient);
  });
});

describe("allowsPrivate / assertDeliverable", () => {
  it("allows private targets only when ALLOW_PRIVATE_WEBHOOKS is exactly 'true'", () => {
    expect(allowsPrivate({ ALLOW_PRIVATE_WEBHOOKS: "true" })).toBe(true);
    expect(allowsPrivate({ ALLOW_PRIVATE_WEBHOOKS: "false" })).toBe(false);
    expect(allowsPrivate({ ALLOW_PRIVATE_WEBHOOKS: "1" })).toBe(false);
    expect(allowsPrivate({})).toBe(false);
  });

  it("throws a 400 validation error naming the field", () => {
    let err: unknown;
    try {
      assertDeliverable("http://10.0.0.1/", { ALLOW_PRIVATE_WEBHOOKS: "false" }, "config.webhook_url");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    const api = err as ApiError;
    expect(api.status).toBe(400);
    expect(api.code).toBe("validation_failed");
    expect(api.issues).toEqual({ "config.webhook_url": [PRIVATE] });
    expect(() => assertDeliverable("http://10.0.0.1/", { ALLOW_PRIVATE_WEBHOOKS: "true" })).not.toThrow();
    expect(() => assertDeliverable("http://169.254.169.254/", { ALLOW_PRIVATE_WEBHOOKS: "true" })).toThrow(NEVER);
    expect(() => assertDeliverable("https://example.com:6379/", { ALLOW_PRIVATE_WEBHOOKS: "true" }, "gatewayUpstream")).toThrow(PORTS);
  });
});
