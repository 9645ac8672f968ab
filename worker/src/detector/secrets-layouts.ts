// Provider layouts from the vendors' published formats that the pinned gitleaks rules miss, tie to
// the vendor's name nearby, or match only unescaped: each layout is distinctive enough to stand
// alone, and its random part is checked (randomBody, entropy, a checksum where the format has one).
import { hasFiller, shannonEntropy } from "./checksums";
import type { SecretRule } from "./types";

const hasDigit = (s: string) => /\d/.test(s);
export const UUID_BODY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A token body that looks generated: mixed case and digits (or 32+ hex), not words joined by _ or -. */
export function randomBody(body: string): boolean {
  if (body.length < 20 || UUID_BODY.test(body) || hasFiller(body) || /(.)\1{3,}/.test(body)) return false;
  if (/^[0-9a-f]+$/.test(body) || /^[0-9A-F]+$/.test(body)) return body.length >= 32 && shannonEntropy(body) >= 3.3;
  if (!/\d/.test(body) || !/[a-z]/.test(body) || !/[A-Z]/.test(body) || shannonEntropy(body) < 3.8) {
    // all-one-case bodies (Docker swarm keys, Postman) need length and entropy instead
    if (!(body.length >= 24 && /\d/.test(body) && shannonEntropy(body) >= 4)) return false;
  }
  // identifiers and slugs: most of the body is words (CamelCase or lower) joined by _ or -
  let wordy = 0;
  for (const part of body.split(/[_-]/)) if (/^[A-Z]?[a-z]{3,}\d{0,2}$|^[A-Z]{3,}$/.test(part)) wordy += part.length;
  return wordy * 2 < body.length;
}

/** RFC 4648 base32 (no padding) to bytes; null on a character outside the alphabet. */
function fromBase32(s: string): Uint8Array | null {
  const out = new Uint8Array(Math.floor((s.length * 5) / 8));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    const v = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(s[i]!);
    if (v === -1) return null;
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** CRC-16/XMODEM, the checksum NATS nkeys end with (little-endian). */
function crc16(bytes: Uint8Array, end: number): number {
  let crc = 0;
  for (let i = 0; i < end; i++) {
    crc ^= bytes[i]! << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** A NATS nkey seed: base32 of two prefix bytes, a 32-byte seed and its CRC-16. */
export function nkeySeedChecks(seed: string): boolean {
  const b = fromBase32(seed);
  if (!b || b.length < 36) return false;
  if (shannonEntropy(seed.slice(3)) < 4) return false;
  // the prefix bytes put an "A" third; made-up seeds in docs and tests rarely get the CRC right
  return crc16(b, 34) === (b[34]! | (b[35]! << 8)) || (seed[2] === "A" && /\d/.test(seed) && shannonEntropy(seed.slice(3)) >= 4.3);
}

/** Base64 (standard or URL alphabet) to a byte string; null when it does not decode. */
export function fromBase64(run: string): string | null {
  const body = run.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (body.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(body)) return null;
  try {
    return atob(body + "=".repeat((4 - (body.length % 4)) % 4));
  } catch {
    return null;
  }
}

/** Rules whose layout holds a fixed repeated run, so the whole match looks like filler: validate checks the random part. */
export const FIXED_RUN_LAYOUTS = new Set([
  "secret.dropbox_long_lived_api_token",
  // the org id in a session token is mostly zeros (00D5g000004…); validate checks the secret after "!"
  "secret.salesforce_access_token",
  "secret.twitter_bearer_token",
]);

export const LAYOUT_RULES: readonly SecretRule[] = [
  {
    // New Relic license (ingest) keys: 40 characters ending NRAL, 36 hex digits or an EU region
    // prefix (eu01x) and 31 hex digits
    id: "secret.new_relic_license_key",
    gate: ["NRAL"],
    re: /(?<![\w-])(?:eu01x[a-f0-9]{31}|[a-f0-9]{36})NRAL(?![\w-])/g,
    validate: (s) => shannonEntropy(s.slice(-35, -4)) >= 3,
  },
  {
    // New Relic browser keys: NRBR- and 19 hex digits
    id: "secret.new_relic_browser_api_token",
    gate: ["NRBR-"],
    re: /(?<![\w-])NRBR-[a-f0-9]{19}(?![\w-])/g,
    validate: (s) => shannonEntropy(s.slice(5)) >= 3,
  },
  {
    // Akamai EdgeGrid client tokens and secrets: akab- and two groups of 16 base-36 characters
    id: "secret.akamai_edgegrid_token",
    gate: ["akab-"],
    re: /(?<![\w-])akab-[a-z0-9]{16}-[a-z0-9]{16}(?![\w-])/g,
    validate: (s) => hasDigit(s.slice(5)) && shannonEntropy(s.slice(5)) >= 3.5,
  },
  {
    // NuGet API keys: oy2 and 43 lower-case base-36 characters
    id: "secret.nuget_api_key",
    gate: ["oy2"],
    re: /(?<![\w-])oy2[a-z0-9]{43}(?![\w-])/g,
    validate: (s) => hasDigit(s.slice(3)) && shannonEntropy(s.slice(3)) >= 3.8,
  },
  {
    // Bitbucket Data Center HTTP access tokens: BBDC- and 44 base64 characters
    id: "secret.bitbucket_access_token",
    gate: ["BBDC-"],
    re: /(?<![\w-])BBDC-[A-Za-z0-9+/_-]{44}(?![\w+/-])/g,
    validate: (s) => randomBody(s.slice(5)),
  },
  {
    // Dropbox long-lived access tokens: 11 characters, ten A's, 43 more (the A's are the layout,
    // so the random parts around them carry the entropy check)
    id: "secret.dropbox_long_lived_api_token",
    gate: ["AAAAAAAAAA"],
    re: /(?<![\w-])[A-Za-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_=-]{43}(?![\w=-])/g,
    validate: (s) => randomBody(s.slice(0, 11) + s.slice(21)),
  },
  {
    // Braintree (PayPal) access tokens: access_token$<environment>$<merchant id>$<32 hex>
    id: "secret.braintree_access_token",
    gate: ["access_token$"],
    re: /access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}(?![\w$])/g,
    validate: (s) => shannonEntropy(s.slice(-32)) >= 3,
  },
  {
    // Atlassian API tokens: ATATT3, a base64url body, "=" and an 8-hex checksum; the "=" is often
    // escaped in configs and URLs (\=, %3D), which gitleaks' fixed-length pattern does not allow
    id: "secret.atlassian_api_token",
    gate: ["ATATT3"],
    re: /(?<![\w-])ATATT3[A-Za-z0-9_-]{150,220}(?:=|\\=|%3[Dd])[A-F0-9]{8}(?![\w-])/g,
    validate: (s) => randomBody(s.slice(6, s.search(/\\?=|%3[Dd]/))),
  },
  {
    // 1Password service-account tokens: ops_ and a base64 JSON document, in either base64 alphabet
    // (gitleaks' rule knows the standard one only)
    id: "secret.1password_service_account_token",
    gate: ["ops_eyJ"],
    re: /(?<![\w-])ops_eyJ[A-Za-z0-9+/_-]{200,4000}={0,3}/g,
    validate: (s) => shannonEntropy(s) >= 4.5,
  },
  {
    // Sentry organization tokens: sntrys_, base64 of a JSON document ({"iat":…, "url":…}) and a
    // 43-character secret, with or without the "_" gitleaks' rule requires between them
    id: "secret.sentry_org_token",
    gate: ["sntrys_eyJ"],
    re: /(?<![\w-])sntrys_eyJ[A-Za-z0-9+/=_-]{60,800}/g,
    validate: (s) => /"(?:iat|url|org)"/.test(fromBase64(s.slice(7, 7 + 40)) ?? "") && shannonEntropy(s.slice(-43)) >= 4,
  },
  {
    // Alibaba Cloud AccessKey ids: LTAI and 12 (older keys) or 20 characters; gitleaks knows the 24-character form only
    id: "secret.alibaba_access_key_id",
    gate: ["LTAI"],
    re: /(?<![\w-])LTAI[A-Za-z0-9]{12}(?:[A-Za-z0-9]{8})?(?![\w-])/g,
    validate: (s) => hasDigit(s.slice(4)) && /[a-z]/.test(s.slice(4)) && /[A-Z]/.test(s.slice(4)) && shannonEntropy(s.slice(4)) >= 3,
  },
  {
    // ... and the AccessKey secret written after the id (30 characters), unnamed: write(id, secret),
    // "id / secret", a CSV row
    id: "secret.alibaba_secret_key",
    gate: ["LTAI"],
    re: /(?<![\w-])LTAI[A-Za-z0-9]{12,20}\b[^\n]{1,60}?(?<![A-Za-z0-9])([A-Za-z0-9]{30})(?![A-Za-z0-9])/dg,
    group: 1,
    validate: (s) => hasDigit(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && shannonEntropy(s) >= 3.8,
  },
  {
    // Discord webhook URLs: the id and the token in the path post to the channel as the webhook
    id: "secret.discord_webhook_url",
    gate: ["discord"],
    re: /https?:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/(?:v\d{1,2}\/)?webhooks\/\d{17,20}\/([A-Za-z0-9_-]{60,68})(?![\w-])/dg,
    validate: (_s, m) => randomBody((m[1] ?? "").replace(/[_-]/g, "")),
  },
  {
    // Salesforce access (session) tokens: the 15- or 18-character org id (00D…), "!" and the session secret
    id: "secret.salesforce_access_token",
    gate: ["00D"],
    re: /(?<![\w!])00D[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?![A-Za-z0-9._]{60,200}/g,
    validate: (s) => randomBody(s.slice(s.indexOf("!") + 1).replace(/[._]/g, "")),
  },
  {
    // Twitter/X app-only bearer tokens: a run of A's, then URL-encoded base64 (gitleaks' rule needs
    // the word "twitter" beside it and exactly 22 A's)
    id: "secret.twitter_bearer_token",
    gate: ["AAAAAAAAAAAAAAAAAAAA"],
    re: /(?<![A-Za-z0-9%])A{20,24}[A-Za-z0-9%]{60,120}(?![A-Za-z0-9%])/g,
    // the token holds more runs of A's (zero bytes of its encoded ids): the rest must be random
    validate: (s) => randomBody(s.replace(/%[0-9A-F]{2}/g, "").replace(/A{4,}/g, "")),
  },
  {
    // JFrog reference tokens: base64 of "reftkn:01:<expiry>:<secret>"
    id: "secret.jfrog_reference_token",
    gate: ["cmVmdGtuOjAxOj"],
    re: /(?<![A-Za-z0-9+/])cmVmdGtuOjAxOj[A-Za-z0-9+/]{40,200}={0,2}/g,
    validate: (s) => {
      const secret = (fromBase64(s) ?? "").split(":")[3] ?? "";
      return secret.length >= 20 && shannonEntropy(secret) >= 3.5 && !hasFiller(secret);
    },
  },
];
