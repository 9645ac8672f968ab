import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { allowsPrivate, assertDeliverable, checkOutboundUrl } from "./url-policy";

const PRIVATE = "Private and loopback addresses are not allowed";
const NEVER = "This address can never receive webhooks";

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
      "http://printer.local/",
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
      expect(checkOutboundUrl("https://user:pw@example.com/", allow)).toEqual({ ok: false, reason: "URLs with credentials are not allowed" });
      expect(checkOutboundUrl("not a url", allow)).toEqual({ ok: false, reason: "Valid URL required" });
    }
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
  });
});
