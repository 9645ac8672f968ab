// Credentials: cloud keys, provider API keys, private keys, JWTs, passwords in URLs / commands.
// Every rule has a cheap case-sensitive gate (substring) so a text without e.g. "AKIA" never runs
// the AWS regex. Candidates are validated (shape, entropy, placeholder words) before reporting.
import { hasFiller, looksLikePlaceholder, shannonEntropy } from "./checksums";
import { KNOWN_EXAMPLE_CREDENTIALS } from "./examples";
import { gatedRules, literalGate } from "./gate";
import { GITLEAKS_SECRET_RULES } from "./secrets-gitleaks";
import { VENDOR_NAME_RULE } from "./secrets-vendor-name";
import { FIXED_RUN_LAYOUTS, LAYOUT_RULES, nkeySeedChecks, randomBody, UUID_BODY } from "./secrets-layouts";
import { forEachRun, TOKEN_CHARS } from "./runs";
import { scanBase64Wrapped } from "./secrets-decoded";
import { KEYWORD_RULES, TEST_VALUE } from "./secrets-keyword";
import { lowerSameLength } from "./text";
import type { RawHit, SecretRule } from "./types";

const hasDigit = (s: string) => /\d/.test(s);

/** Values that are variables, templates or filler rather than a literal secret. */
const VALUE_PLACEHOLDER =
  /^(?:\$|%|<|\[|\{\{|\*+$)|\$\{|\$\(|\{\{|<[^>]*>|^(?:pass(?:word)?|passwd|pwd|secret|token|key|apikey|api_key|changeme|change_me|example|sample|dummy|test|testing|admin|root|user(?:name)?|null|none|undefined|true|false|empty|redacted|hidden|x+|y+|\.+|\*+|[a-z]+_?(?:password|pass|token|secret|key))$|your|placeholder|replace|insert|enter|xxxx|\*\*\*/i;

/** A literal password: not a placeholder, not a bare dictionary word (needs a digit or symbol). */
function passwordLooksReal(pw: string): boolean {
  if (pw.length < 6 || pw.length > 128) return false;
  if (VALUE_PLACEHOLDER.test(pw) || TEST_VALUE.test(pw)) return false;
  if (!/[A-Za-z]/.test(pw)) return false;
  if (!/[\d!@#%^&*~+=?_.-]/.test(pw)) return false;
  if (/(.)\1{4,}/.test(pw)) return false;
  return true;
}

/** URL credentials (scheme://user:pass@host): looser, a URL with an inline password is a leak. */
function urlPasswordLooksReal(pw: string, user: string): boolean {
  if (pw.length < 3) return false;
  // a CVSROOT (cvs://:pserver:anoncvs@host:/cvs) names an access method and a user, no password
  if (user === "" && pw.includes(":")) return false;
  if (pw === user) return false;
  if (VALUE_PLACEHOLDER.test(pw) || TEST_VALUE.test(pw)) return false;
  if (/^(?:pw|pwd|pass|password|secret|s3cr3t|p@ssw0rd|passw0rd|mypassword|mysecretpassword|yourpassword|changeit)$/i.test(pw))
    return false;
  return true;
}

const HEADER_VALUE_OK = (v: string): boolean => {
  if (v.length < 8) return false;
  if (VALUE_PLACEHOLDER.test(v) || /\.\.\.|x{4,}|X{4,}|\(|\{|base64/i.test(v)) return false;
  if (!/\d/.test(v) || !/[A-Za-z]/.test(v)) return false;
  return shannonEntropy(v) >= 2.5;
};

/**
 * Token prefixes of providers that gitleaks' pinned rule set has no rule for (LLM and developer
 * platforms): Groq, xAI, LlamaCloud, Together, PostHog, Stripe webhooks, Supabase, Vercel, Netlify,
 * Figma, Cloudflare, Docker, GitLab runner/workspace, Google OAuth, Postman, Tavily, JFrog,
 * Instagram, Anthropic, and the `sk-` keys of OpenAI-compatible APIs. Each is [prefix, provider].
 */
const VENDOR_TOKENS: ReadonlyArray<[prefix: string, provider: string]> = [
  ["gsk_", "groq_api_key"],
  ["xai-", "xai_api_key"],
  ["llx-", "llamacloud_api_key"],
  ["tgp_v1_", "together_api_key"],
  ["phc_", "posthog_token"],
  ["phs_", "posthog_token"],
  ["phr_", "posthog_token"],
  ["pha_", "posthog_token"],
  ["phx_", "posthog_token"],
  ["whsec_", "stripe_webhook_secret"],
  ["sbp_", "supabase_token"],
  ["sbp_v0_", "supabase_token"],
  ["sb_secret_", "supabase_secret_key"],
  ["vcp_", "vercel_token"],
  ["vci_", "vercel_token"],
  ["vca_", "vercel_token"],
  ["vck_", "vercel_token"],
  ["vcr_", "vercel_token"],
  ["nfp_", "netlify_token"],
  ["figd_", "figma_token"],
  ["cfat_", "cloudflare_token"],
  ["cfut_", "cloudflare_token"],
  ["cfk_", "cloudflare_token"],
  ["dckr_pat_", "docker_token"],
  ["dckr_oat_", "docker_token"],
  ["SWMTKN-1-", "docker_swarm_token"],
  ["SWMKEY-1-", "docker_swarm_token"],
  ["glrtr-", "gitlab_token"],
  ["glwt-", "gitlab_token"],
  ["GOCSPX-", "google_oauth_secret"],
  ["PMAT-", "postman_token"],
  ["tvly-", "tavily_api_key"],
  ["AKCp", "jfrog_api_key"],
  ["IGQV", "instagram_token"],
  ["ya29.", "google_oauth_token"],
  ["1//0", "google_refresh_token"],
  ["sk-ant-", "anthropic_api_key"],
  ["sk-", "openai_api_key"],
  ["ATBB", "bitbucket_app_password"],
  ["r8_", "replicate_api_token"],
  ["lsv2_pt_", "langsmith_api_key"],
  ["lsv2_sk_", "langsmith_api_key"],
  ["pcsk_", "pinecone_api_key"],
  ["HRKU-", "heroku_api_key"],
];
/** Vendors whose token body may be a UUID (Heroku's `HRKU-` + the account's API key). */
const UUID_BODY_OK = new Set(["HRKU-"]);
/**
 * Base64-bodied tokens: Amazon Bedrock API keys, long-term (`ABSK` + base64 of "BedrockAPIKey-…")
 * and short-term (`bedrock-api-key-` + base64 of a presigned URL).
 */
const VENDOR_B64_TOKENS: ReadonlyArray<[prefix: string, provider: string, body: RegExp]> = [
  ["ABSK", "aws_bedrock_api_key", /^QmVkcm9ja0FQSUtleS[A-Za-z0-9+/]{24,}|^[A-Za-z0-9+/]{100,}/],
  ["bedrock-api-key-", "aws_bedrock_api_key", /^[A-Za-z0-9+/]{24,}/],
];
const VENDOR_PREFIXES = VENDOR_TOKENS.map(([p]) => p);
/** The provider of a vendor token: the longest prefix it starts with (sk-ant- before sk-). */
const vendorOf = (s: string) => VENDOR_TOKENS.filter(([p]) => s.startsWith(p)).sort((x, y) => y[0].length - x[0].length)[0];

/**
 * A documentation example token: its claims are filler (jwt.io's "sub": "1234567890", "name":
 * "John Doe"; "example.com" issuers; "test" subjects), whatever key signed it.
 */
function jwtLooksExample(token: string): boolean {
  const payload = token.split(".")[1] ?? "";
  let claims: string;
  try {
    claims = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
  } catch {
    return false;
  }
  return hasFiller(claims) || /\b(?:john|jane) doe\b|"(?:sub|name|user(?:name)?)"\s*:\s*"(?:test|user|demo|foo|bar)"/i.test(claims);
}

export const SECRET_RULES: readonly SecretRule[] = [
  {
    id: "secret.private_key",
    gate: ["PRIVATE KEY"],
    // the key body may follow escaped newlines, string concatenation or log-line prefixes
    re: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,120}?[A-Za-z0-9+/]{32}/g,
  },
  {
    // a PEM private key, base64-encoded once more ("-----BEGIN" → "LS0tLS1CRUdJTi")
    id: "secret.private_key",
    gate: ["LS0tLS1CRUdJTi"],
    re: /LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2}/g,
    validate: (s) => /UFJJVkFURSBLRV|BSSVZBVEUgS0V|QUklWQVRFIEtFW/.test(s) || s.length > 60,
  },
  {
    id: "secret.aws_secret_key",
    gate: ["secret", "SECRET", "Secret"],
    re: /(?:aws|AWS)?_?(?:secret_?access_?key|SECRET_?ACCESS_?KEY|SecretAccessKey|secretAccessKey)["']?\s*(?:[:=]|=>)\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/dg,
    group: 1,
    validate: (s) => hasDigit(s) && shannonEntropy(s) >= 3.5,
  },
  {
    id: "secret.azure_storage_key",
    gate: ["AccountKey", "SharedAccessKey"],
    re: /(?:AccountKey|SharedAccessKey)\s*=\s*([A-Za-z0-9+/]{40,88}={0,2})/dg,
    group: 1,
    validate: (s) => shannonEntropy(s) >= 4,
  },
  {
    // gitleaks' rule needs the word "telegram" nearby; the token's own shape (bot id, colon, a
    // 35-character secret that starts AA) is distinctive enough to stand alone
    id: "secret.telegram_bot_token",
    gate: [":AA"],
    re: /(?<![\w:])\d{8,10}:AA[A-Za-z0-9_-]{33}(?![\w-])/g,
    validate: (s) => shannonEntropy(s) >= 3.5 && !looksLikePlaceholder(s.slice(s.indexOf(":") + 3), 3),
  },
  {
    // Mailchimp keys: 32 hex digits and the data-centre suffix (-us1 … -us21); gitleaks' rule needs
    // the word "mailchimp" nearby, the suffix alone is specific enough
    id: "secret.mailchimp_api_key",
    gate: ["-us"],
    re: /(?<![\w-])[a-f0-9]{32}-us\d{1,2}(?![\w-])/g,
    validate: (s) => shannonEntropy(s.slice(0, 32)) >= 3.3,
  },
  {
    id: "secret.jwt",
    gate: ["eyJ"],
    re: /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{16,}(?![\w-])/g,
    validate: (s) => !hasFiller(s.slice(s.lastIndexOf(".") + 1)),
  },
  {
    // a private key's DER body without its PEM armour: RSA (SEQUENCE, INTEGER 0, INTEGER n…) and
    // PKCS#8 (SEQUENCE, INTEGER 0, AlgorithmIdentifier) always encode to these base64 openings
    id: "secret.private_key",
    gate: ["MII"],
    re: /(?<![A-Za-z0-9+/])MII[A-Za-z0-9+/]{1,3}(?:IBAA[JK]|IBADAN)[A-Za-z0-9+/=\s]{40,}/g,
  },
  {
    // scheme://user:password@host (the user may be an e-mail address) — postgres, mysql, mongodb, redis, amqp, https, ...
    id: "secret.url_credentials",
    gate: ["://"],
    re: /:\/\/([^\s:/'"`<>]{0,128}):([^\s/@'"`<>]{1,256})@[A-Za-z0-9[\]_.-]{2,}/dg,
    group: 2,
    validate: (pw, m) => urlPasswordLooksReal(pw, m[1] ?? ""),
  },
  {
    // curl -u user:password / --user "user:password"
    id: "secret.curl_user",
    gate: ["-u", "--user"],
    re: /(?:^|\s)(?:-u|--user)\s+((?:"[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s"']{1,200})(?::?(?:"[^"\n]{1,200}"|'[^'\n]{1,200}'))?)/dg,
    group: 1,
    validate: (cred) => {
      const plain = cred.replace(/["']/g, "");
      if (/\$|\{\{|<|\[/.test(plain.replace(/^[^:]*:/, "").slice(0, 1)) || /\$\{|\$\(|\{\{|<[^>]*>|^\$/.test(plain)) return false;
      const i = plain.indexOf(":");
      if (i === -1) return false;
      const user = plain.slice(0, i);
      const pw = plain.slice(i + 1);
      // curl -u ":secret" or "secret:" (token as user): the non-empty side is the secret
      const secret = pw.length > 0 ? pw : user;
      if (pw.length > 0 && pw === user) return false;
      return passwordLooksReal(secret.replace(/^\{|\}$/g, "")) || (secret.length >= 8 && passwordLooksReal(secret));
    },
  },
  {
    // Authorization: Bearer/Basic/Token <value> (a header line, or quoted in a headers object) and
    // -H "X-Api-Key: <value>"-style headers; the value ends at HTTP's list and parameter
    // separators (, ;), never inside one token: a keyword table in code (`AUTHORIZATION:!0,AVG:!0`)
    // has no value of its own
    id: "secret.auth_header",
    gate: ["uthorization", "UTHORIZATION", "oken:", "OKEN:", "ey:", "EY:"],
    re: /(?:\b[Aa]uthorization|AUTHORIZATION|(?:-H|--header)\s+["']?[\w-]*(?:[Tt]oken|TOKEN|[Kk]ey|KEY|[Ss]ecret|SECRET))["']?\s*:\s*["']?(?:(?:Bearer|bearer|Basic|basic|Token|token|Api-Token|Digest|Bot|NTLM|Negotiate)\s+)?([^\s"'\\,;]{8,2048})/dg,
    group: 1,
    validate: HEADER_VALUE_OK,
  },
  ...LAYOUT_RULES,
  // provider formats before the keyword rules: on the same span the provider's name wins
  ...GITLEAKS_SECRET_RULES,
  {
    // vendor-prefixed tokens of providers the pinned gitleaks rules do not list yet: the prefix is
    // the gate, the body must look random (randomBody)
    id: "secret.vendor_token",
    gate: VENDOR_PREFIXES,
    re: new RegExp(
      `(?<![\\w-])(?:${VENDOR_PREFIXES.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})[\\w-]{20,200}(?![\\w-])`,
      "g",
    ),
    validate: (s) => {
      const v = vendorOf(s);
      // a body of hex parts joined by _ (lsv2_pt_<hex>_<hex>) is read without the joins
      if (v === undefined) return false;
      const body = s.slice(v[0].length);
      if (UUID_BODY_OK.has(v[0]) && UUID_BODY.test(body)) return true;
      return randomBody(body) || randomBody(body.replace(/[_-]/g, ""));
    },
    idFor: (m) => `secret.${vendorOf(m[0])?.[1] ?? "vendor_token"}`,
  },
  {
    id: "secret.aws_bedrock_api_key",
    gate: VENDOR_B64_TOKENS.map(([p]) => p),
    re: /(?<![\w-])(?:ABSK|bedrock-api-key-)[A-Za-z0-9+/]{24,2000}={0,2}/g,
    // the long-term key's body is base64 of "BedrockAPIKey-…"; any other body must be long and random
    validate: (s) =>
      VENDOR_B64_TOKENS.some(([p, , body]) => s.startsWith(p) && body.test(s.slice(p.length))) &&
      (s.includes("QmVkcm9ja0FQSUtleS") ||
        s.includes("YmVkcm9jay5hbWF6b25hd3MuY29t") ||
        shannonEntropy(s.replace(/^\w+-api-key-|^ABSK/, "")) >= 4.5),
  },
  ...KEYWORD_RULES,
  VENDOR_NAME_RULE,
];

// ── Tokens found by their shape alone ────────────────────────────────────────
// Most providers now issue tokens that scanners can find: a short lower-case prefix glued to a long
// random body (ghp_, r8_, pcsk_, lsv2_pt_, re_, dp.st.…), and Discord bot tokens are three
// dot-separated base64 parts. Both are read off the text's long runs of token characters, found in
// one pass over the character codes (a regex tried at every letter would cost more than all the
// gated rules together on ordinary text).

/** Prefixes of hashes, digests, encodings and public object ids: random bodies, not credentials. */
const NOT_TOKEN_PREFIX =
  /^(?:sha\d*|md5|sha[_-]?\d+|blake\d*|crc\d*|xxh\d*|hash|digest|checksum|integrity|base64|b64|data|img|image|icon|font|file|asset|chunk|build|commit|rev|ref|id|uuid|guid|key|cache|etag|tx|txid|block|addr|node|obj|blob|tree|hex|salt|nonce|iv|seed|trace|span|run|job|task|sess|session|cs|pi|ch|cus|txn|evt|price|prod|sub|in|seti|pm|src|acct|req|po|tr|pk|pub|public|v\d+)[_.-]$/i;
const PREFIXED_TOKEN = /^([a-z][a-z0-9]{1,7}(?:[_.][a-z0-9]{2,5}){0,2}[_.-])([A-Za-z0-9][A-Za-z0-9_-]{27,200})$/;
const DISCORD_BOT_TOKEN = /^[MNO][A-Za-z0-9]{15,}[A-Za-z0-9_-]{0,12}\.[A-Za-z0-9_-]{6}\.([A-Za-z0-9_-]{27,40})$/;
const NKEY_SEED = /^S[UAONCX][A-Z2-7]{56}$/;
const MAILGUN_SIGNING_KEY = /^[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8}$/;
const MIN_RUN = 30;

/** A run of token characters read as a prefixed vendor token or a Discord bot token. */
function tokenRunRule(run: string): string | null {
  // layouts with no literal to gate on, read off the runs: a NATS nkey seed (S, the key type and
  // base32 whose CRC-16 checks) and a Mailgun webhook signing key (32 hex, two groups of 8)
  if (NKEY_SEED.test(run)) return nkeySeedChecks(run) ? "secret.nats_nkey_seed" : null;
  if (MAILGUN_SIGNING_KEY.test(run))
    return shannonEntropy(run.slice(0, 32)) >= 3.3 && shannonEntropy(run.slice(33)) >= 2.5 ? "secret.mailgun_signing_key" : null;
  const p = PREFIXED_TOKEN.exec(run);
  if (p) {
    const body = p[2]!;
    // the vendor rules know these prefixes' formats; an identifier's prefix is not a vendor's
    if (NOT_TOKEN_PREFIX.test(p[1]!) || VENDOR_PREFIXES.some((v) => run.startsWith(v)) || /^(?:ABSK|bedrock-)/.test(run)) return null;
    // a generated body mixes case and digits, and has no words in it: none between its _ and -
    // joins, no CamelCase run of them, no hex digits written in mixed case (hex is one case)
    const plain = body.replace(/[_-]/g, "");
    // a hex body (sonar squ_, shopify shpat_, sentry sntryu_): a short vendor-style prefix ending
    // in "_", 32 or more lower-case hex digits; hex in mixed case is nobody's format
    if (/^[0-9a-f]+$/.test(body))
      return /^[a-z][a-z0-9]{1,6}_$/.test(p[1]!) && body.length >= 32 && shannonEntropy(body) >= 3.5 ? "secret.prefixed_token" : null;
    if (!/[A-Z]/.test(body) || !/[a-z]/.test(body) || !/\d/.test(body)) return null;
    if (body.split(/[_-]/).some((part) => /^(?:[a-z]{3,}|[A-Z][a-z]{2,})$/.test(part))) return null;
    if ((body.match(/[A-Z][a-z]{3,}/g) ?? []).join("").length * 3 >= body.length) return null;
    if (/^[0-9a-fA-F]+$/.test(plain)) return null;
    return randomBody(plain) && shannonEntropy(body) >= 4.3 ? "secret.prefixed_token" : null;
  }
  const d = DISCORD_BOT_TOKEN.exec(run);
  if (d && randomBody(d[1]!.replace(/[_-]/g, "")) && shannonEntropy(run) >= 4.2) return "secret.discord_bot_token";
  return null;
}

function scanTokenRuns(text: string, out: RawHit[]): void {
  forEachRun(text, MIN_RUN, TOKEN_CHARS, (i, j) => {
    // the run's last piece after = or / ("--x=value", a URL's last segment): neither token shape
    // has those characters; a piece followed by + / = is part of a base64 blob or a path
    for (let a = i; a < j; ) {
      let b = a;
      while (b < j && !/[=+/]/.test(text[b]!)) b++;
      if (b < j || (a > i && text[a - 1] === "+")) {
        a = b + 1;
        continue;
      }
      // a sentence's full stop is not part of the token
      let e = b;
      while (e > a && text.charCodeAt(e - 1) === 46) e--;
      if (e - a >= MIN_RUN) {
        const run = text.slice(a, e);
        const rule = tokenRunRule(run);
        if (rule && !hasFiller(run) && !KNOWN_EXAMPLE_CREDENTIALS.has(run)) out.push({ rule, start: a, end: e });
      }
      a = b + 1;
    }
  });
}

/** How deep base64 inside base64 is decoded, and how deep the scan is now. */
const MAX_DECODE_DEPTH = 2;
let decodeDepth = 0;

/** Every rule's gate literals, lower-cased: the detector checks them in one pass over lower-cased text. */
export const SECRET_GATE_LITERALS: readonly string[] = SECRET_RULES.flatMap((r) => r.gate.map((g) => g.toLowerCase()));
const activeRules = gatedRules(SECRET_RULES.map((r) => r.gate.map((g) => g.toLowerCase())));
const GATE = literalGate(SECRET_GATE_LITERALS);

/** The first capture group that matched a non-empty string (0, the whole match, when none did). */
function firstGroup(m: RegExpExecArray): number {
  for (let i = 1; i < m.length; i++) if (m[i]) return i;
  return 0;
}

/** Positions in `text` where one of `anchors` (lower-case) occurs, ascending. */
function anchorPositions(lower: string, anchors: readonly string[], present: ReadonlySet<string>): number[] {
  const at: number[] = [];
  for (const a of anchors) {
    if (!present.has(a)) continue;
    for (let i = lower.indexOf(a); i !== -1; i = lower.indexOf(a, i + 1)) at.push(i);
  }
  return at.sort((x, y) => x - y);
}

/**
 * Matches of one rule: a global scan, or sticky tries at the rule's anchors (never overlapping).
 * `anchorsAt`: the positions of a list of anchors in the lower-cased text (anchorPositions).
 */
function* matches(rule: SecretRule, text: string, anchorsAt: (anchors: readonly string[]) => number[]): Generator<RegExpExecArray> {
  const re = rule.re;
  if (rule.literal !== undefined && !text.includes(rule.literal)) return;
  if (rule.anchors) {
    // overlapping tries are kept (a rejected "auth" in "oauth2-bearer" must not hide "bearer");
    // the detector drops a finding contained in an earlier one
    for (const p of anchorsAt(rule.anchors)) {
      re.lastIndex = p;
      const m = re.exec(text);
      if (m && m[0].length > 0) yield m;
    }
    return;
  }
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m[0].length === 0) re.lastIndex++;
    else yield m;
  }
}

/**
 * Scan `text` for credentials. `present`: gate literals found in the lower-cased text, when the
 * caller already scanned for them (the detector does, once for all families); `lowered`: that
 * text (lowerSameLength), so the anchored rules do not lower-case it again each.
 */
export function scanSecrets(
  text: string,
  out: RawHit[],
  present: ReadonlySet<string> = GATE.scan(text.toLowerCase()),
  lowered?: string,
): void {
  scanNamedRules(text, out, present, lowered);
  // after the named rules: on the same span the provider's or the variable's name wins
  scanTokenRuns(text, out);
  // base64 that decodes to text is read again (a Kubernetes Secret's data, an encoded .env); twice
  // at most, for a value encoded inside an encoded file
  if (decodeDepth < MAX_DECODE_DEPTH) {
    decodeDepth++;
    try {
      scanBase64Wrapped(text, out, scanDecoded);
    } finally {
      decodeDepth--;
    }
  }
}

/** The decoded text of a base64 run, read like any other (no gate finds passed: it is new text). */
const scanDecoded = (decoded: string, hits: RawHit[]) => scanSecrets(decoded, hits);

function scanNamedRules(text: string, out: RawHit[], present: ReadonlySet<string>, lowered: string | undefined): void {
  if (present.size === 0) return;
  let lowerText = lowered;
  // the keyword rules share one list of anchors ("key", "token", "secret", …): found once for all
  let positions: Map<readonly string[], number[]> | undefined;
  const anchorsAt = (anchors: readonly string[]) => {
    let at = (positions ??= new Map()).get(anchors);
    if (at === undefined) {
      at = anchorPositions((lowerText ??= lowerSameLength(text)), anchors, present);
      positions.set(anchors, at);
    }
    return at;
  };
  for (const r of activeRules(present)) {
    const rule = SECRET_RULES[r]!;
    for (const m of matches(rule, text, anchorsAt)) {
      let start = m.index;
      let end = m.index + m[0].length;
      let secret = m[0];
      if (rule.group !== undefined) {
        const gi = rule.group === "first" ? firstGroup(m) : rule.group;
        const idx = m.indices?.[gi];
        const g = m[gi];
        if (!idx || g === undefined) continue;
        [start, end] = idx;
        secret = g;
      } else if (rule.id === "secret.private_key") {
        // report the whole PEM block when its END line is present
        const endAt = text.indexOf("-----END", end);
        if (endAt !== -1 && endAt - end < 16384) {
          const close = text.indexOf("-----", endAt + 8);
          if (close !== -1) end = close + 5;
        }
      }
      if (KNOWN_EXAMPLE_CREDENTIALS.has(secret) || (secret.startsWith("eyJ") && jwtLooksExample(secret))) continue;
      // a layout with a fixed run in it (Dropbox's ten A's) checks its random parts in validate
      if (rule.id !== "secret.private_key" && !FIXED_RUN_LAYOUTS.has(rule.id) && hasFiller(secret)) continue;
      if (rule.validate && !rule.validate(secret, m, text)) continue;
      out.push({ rule: rule.idFor?.(m, text) ?? rule.id, start, end });
    }
  }
}
