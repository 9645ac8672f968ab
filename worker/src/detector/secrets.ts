// Credentials: cloud keys, provider API keys, private keys, JWTs, passwords in URLs / commands.
// Every rule has a cheap case-sensitive gate (substring) so a text without e.g. "AKIA" never runs
// the AWS regex. Candidates are validated (shape, entropy, placeholder words) before reporting.
import { hasFiller, looksLikePlaceholder, shannonEntropy } from "./checksums";
import { KNOWN_EXAMPLE_CREDENTIALS } from "./examples";
import { gatedRules, literalGate } from "./gate";
import { GITLEAKS_SECRET_RULES } from "./secrets-gitleaks";
import { KEYWORD_RULES } from "./secrets-keyword";
import { lowerSameLength } from "./text";
import type { RawHit, SecretRule } from "./types";

const hasDigit = (s: string) => /\d/.test(s);

/** Values that are variables, templates or filler rather than a literal secret. */
const VALUE_PLACEHOLDER =
  /^(?:\$|%|<|\[|\{\{|\*+$)|\$\{|\$\(|\{\{|<[^>]*>|^(?:pass(?:word)?|passwd|pwd|secret|token|key|apikey|api_key|changeme|change_me|example|sample|dummy|test|testing|admin|root|user(?:name)?|null|none|undefined|true|false|empty|redacted|hidden|x+|y+|\.+|\*+|[a-z]+_?(?:password|pass|token|secret|key))$|your|placeholder|replace|insert|enter|xxxx|\*\*\*/i;

/** A literal password: not a placeholder, not a bare dictionary word (needs a digit or symbol). */
function passwordLooksReal(pw: string): boolean {
  if (pw.length < 6 || pw.length > 128) return false;
  if (VALUE_PLACEHOLDER.test(pw)) return false;
  if (!/[A-Za-z]/.test(pw)) return false;
  if (!/[\d!@#%^&*~+=?_.-]/.test(pw)) return false;
  if (/(.)\1{4,}/.test(pw)) return false;
  return true;
}

/** URL credentials (scheme://user:pass@host): looser, a URL with an inline password is a leak. */
function urlPasswordLooksReal(pw: string, user: string): boolean {
  if (pw.length < 3) return false;
  if (pw === user) return false;
  if (VALUE_PLACEHOLDER.test(pw)) return false;
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
];
const VENDOR_PREFIXES = VENDOR_TOKENS.map(([p]) => p);
/** The provider of a vendor token: the longest prefix it starts with (sk-ant- before sk-). */
const vendorOf = (s: string) => VENDOR_TOKENS.filter(([p]) => s.startsWith(p)).sort((x, y) => y[0].length - x[0].length)[0];
const UUID_BODY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    // Authorization: Bearer/Basic/Token <value>, and -H "X-Api-Key: <value>"-style headers
    id: "secret.auth_header",
    gate: ["uthorization", "UTHORIZATION", "oken:", "OKEN:", "ey:", "EY:"],
    re: /(?:\b[Aa]uthorization|AUTHORIZATION|(?:-H|--header)\s+["']?[\w-]*(?:[Tt]oken|TOKEN|[Kk]ey|KEY|[Ss]ecret|SECRET))["']?\s*:\s*(?:(?:Bearer|bearer|Basic|basic|Token|token|Api-Token|Digest|Bot|NTLM|Negotiate)\s+)?([^\s"'\\]{8,2048})/dg,
    group: 1,
    validate: HEADER_VALUE_OK,
  },
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
      return v !== undefined && randomBody(s.slice(v[0].length));
    },
    idFor: (m) => `secret.${vendorOf(m[0])?.[1] ?? "vendor_token"}`,
  },
  ...KEYWORD_RULES,
];

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

/** Matches of one rule: a global scan, or sticky tries at the rule's anchors (never overlapping). */
function* matches(rule: SecretRule, text: string, lower: () => string, present: ReadonlySet<string>): Generator<RegExpExecArray> {
  const re = rule.re;
  if (rule.anchors) {
    // overlapping tries are kept (a rejected "auth" in "oauth2-bearer" must not hide "bearer");
    // the detector drops a finding contained in an earlier one
    for (const p of anchorPositions(lower(), rule.anchors, present)) {
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
  if (present.size === 0) return;
  let lowerText = lowered;
  const lower = () => (lowerText ??= lowerSameLength(text));
  const active = activeRules(present);
  for (let r = 0; r < SECRET_RULES.length; r++) {
    if (active[r] === 0) continue;
    const rule = SECRET_RULES[r]!;
    for (const m of matches(rule, text, lower, present)) {
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
      if (KNOWN_EXAMPLE_CREDENTIALS.has(secret)) continue;
      if (rule.id !== "secret.private_key" && hasFiller(secret)) continue;
      if (rule.validate && !rule.validate(secret, m, text)) continue;
      out.push({ rule: rule.idFor?.(m, text) ?? rule.id, start, end });
    }
  }
}
