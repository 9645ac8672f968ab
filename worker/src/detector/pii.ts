// Personal data: e-mail, phone, payment card (Luhn), US SSN, IBAN (mod-97), IPv4/IPv6.
// Names, street addresses, dates, organisations, ages and the like are NOT flagged: they are not
// sensitive by themselves and are everywhere in ordinary prose.
import { IBAN_LENGTHS, ibanValid, luhnValid } from "./checksums";
import { KNOWN_TEST_CARD_NUMBERS } from "./examples";
import { lowerSameLength } from "./text";
import type { RawHit } from "./types";

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

// ── E-mail ───────────────────────────────────────────────────────────────────
// Found by locating '@' and expanding both ways (linear, no backtracking).
const LOCAL_CHARS = /[A-Za-z0-9._%+-]/;
const DOMAIN_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,24})/;
/** Reserved / documentation domains (RFC 2606, RFC 6761) are placeholders, not personal data. */
const PLACEHOLDER_DOMAIN =
  /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost|domain\.com|email\.com|yourdomain\.com|company\.com|acme\.com)$/i;
/** "TLDs" that are really file extensions (logo@2x.png, foo@bar.js). */
const FILE_EXT_TLD =
  /^(?:png|jpe?g|gif|svg|webp|ico|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|java|kt|css|scss|html?|json|ya?ml|toml|md|txt|lock|sh|exe|dll|so|zip|gz|tar|pdf)$/i;
const PLACEHOLDER_LOCAL =
  /^(?:user(?:name)?|name|email|e-mail|you|your\.?name|someone|somebody|foo|bar|test|john\.?doe|jane\.?doe|me|noreply|no-reply|xxx+)$/i;

function scanEmails(text: string, out: RawHit[]): void {
  let at = text.indexOf("@");
  while (at !== -1) {
    let s = at;
    while (s > 0 && at - s < 64 && LOCAL_CHARS.test(text[s - 1]!)) s--;
    // do not start on punctuation
    while (s < at && /[._%+-]/.test(text[s]!)) s++;
    const m = s < at ? DOMAIN_RE.exec(text.slice(at + 1, at + 256)) : null;
    if (m) {
      const local = text.slice(s, at);
      const domain = m[0];
      const end = at + 1 + domain.length;
      const before = s > 0 ? text.charCodeAt(s - 1) : 32;
      const prevIsScheme = s >= 3 && text.slice(Math.max(0, s - 3), s) === "://"; // user@host in URLs
      if (
        !PLACEHOLDER_DOMAIN.test(domain) &&
        !FILE_EXT_TLD.test(m[1]!) &&
        !PLACEHOLDER_LOCAL.test(local) &&
        !prevIsScheme &&
        before !== 47 /* '/' path segment e.g. npm scopes */ &&
        !(local === "git" && text[end] === ":") // git@github.com:org/repo
      ) {
        out.push({ rule: "pii.email", start: s, end });
      }
      at = text.indexOf("@", end);
    } else {
      at = text.indexOf("@", at + 1);
    }
  }
}

// ── Payment cards ───────────────────────────────────────────────────────────
// 12–19 digits, optionally grouped by single spaces or dashes, Luhn-valid, with a known IIN prefix.
const CARD_RE = /(?<![\w.\-+])(?:\d[ -]?){11,18}\d(?![\w]|[.-]\d)/g;
const CARD_CONTEXT =
  /\b(?:card|cc|credit|debit|visa|master ?card|amex|american express|maestro|discover|diners|jcb|payment|pay|billing|cvv|expir)/i;

function cardPrefixOk(d: string): boolean {
  // legacy 15-digit JCB (1800, 2131) and old Maestro UK (0604) ranges
  if (d.length === 15 && (d.startsWith("1800") || d.startsWith("2131"))) return true;
  if (d.startsWith("0604")) return true;
  const c0 = d.charCodeAt(0) - 48;
  // 2 (Mastercard 2-series, Mir), 3 (Amex/Diners/JCB), 4 (Visa), 5 (Mastercard/Maestro), 6 (Discover/Maestro/UnionPay)
  if (c0 < 2 || c0 > 6) return false;
  if (c0 === 2) {
    const p = Number(d.slice(0, 4));
    return (p >= 2221 && p <= 2720) || (p >= 2200 && p <= 2204);
  }
  return true;
}

function scanCards(text: string, out: RawHit[]): void {
  CARD_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CARD_RE.exec(text))) {
    const raw = m[0];
    // mixed separators (e.g. "12-34 56") are not how cards are written
    if (raw.includes(" ") && raw.includes("-")) continue;
    const digits = raw.replace(/[ -]/g, "");
    if (digits.length < 12 || digits.length > 19) continue;
    if (!cardPrefixOk(digits) || /^(\d)\1+$/.test(digits)) continue;
    if (!luhnValid(digits) || KNOWN_TEST_CARD_NUMBERS.has(digits)) continue;
    // the digits of a spaced IBAN ("DE89 3704 …") are not a card
    if (/[A-Za-z]{2}\d{2}[ ]$/.test(text.slice(Math.max(0, m.index - 5), m.index))) continue;
    // short (12–13 digit) numbers collide with ids/timestamps: require card wording nearby
    if (digits.length < 14 && !CARD_CONTEXT.test(text.slice(Math.max(0, m.index - 60), m.index))) continue;
    // dashed groups like 2023-01-15 are dates/ids unless card-like grouping (4-4-4-4, 4-6-5)
    if (/[ -]/.test(raw) && !/^(?:\d{4}[ -]){2,4}\d{1,4}$|^\d{4}[ -]\d{6}[ -]\d{4,5}$/.test(raw)) continue;
    out.push({ rule: "pii.credit_card", start: m.index, end: m.index + raw.length });
  }
}

// ── US SSN ──────────────────────────────────────────────────────────────────
const SSN_RE = /(?<![\w\-.])(\d{3})-(\d{2})-(\d{4})(?![\w]|-\d)/g;
const SSN_BARE_RE = /\b(?:ssn|social security(?: number| no\.?| #)?)\s*(?:is|:|#|number)?\s*(?:is\s*)?(\d{3}[ ]?\d{2}[ ]?\d{4})\b/gi;

function ssnPartsOk(a: string, g: string, s: string): boolean {
  if (a === "000" || a === "666" || a[0] === "9") return false;
  if (g === "00" || s === "0000") return false;
  if (a === "123" && g === "45" && s === "6789") return false; // the textbook example
  return true;
}

function scanSsn(text: string, lower: string, out: RawHit[]): void {
  SSN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SSN_RE.exec(text))) {
    if (ssnPartsOk(m[1]!, m[2]!, m[3]!)) out.push({ rule: "pii.ssn", start: m.index, end: m.index + m[0].length });
  }
  // the labelled form needs its label: skip the case-insensitive scan when neither word occurs
  if (!lower.includes("ssn") && !lower.includes("social security")) return;
  SSN_BARE_RE.lastIndex = 0;
  while ((m = SSN_BARE_RE.exec(text))) {
    const v = m[1]!;
    const d = v.replace(/ /g, "");
    if (!ssnPartsOk(d.slice(0, 3), d.slice(3, 5), d.slice(5))) continue;
    const start = m.index + m[0].lastIndexOf(v);
    out.push({ rule: "pii.ssn", start, end: start + v.length });
  }
}

// ── IBAN ────────────────────────────────────────────────────────────────────
const IBAN_RE = /\b[A-Za-z]{2}\d{2}(?:[ ]?[A-Za-z0-9]){11,32}/g;

function scanIbans(text: string, out: RawHit[]): void {
  IBAN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = IBAN_RE.exec(text))) {
    const raw = m[0];
    const cc = raw.slice(0, 2).toUpperCase();
    const want = IBAN_LENGTHS[cc];
    if (!want) continue;
    // walk the raw text collecting `want` alphanumerics
    let n = 0;
    let i = 0;
    let compact = "";
    for (; i < raw.length && n < want; i++) {
      const ch = raw[i]!;
      if (ch !== " ") {
        compact += ch;
        n++;
      }
    }
    if (n !== want) continue;
    const next = text.charCodeAt(m.index + i);
    if (isAlnum(next)) continue; // longer token: not this IBAN
    // mixed-case candidates are identifiers, not IBANs (IBANs are written all upper or all lower)
    if (compact !== compact.toUpperCase() && compact !== compact.toLowerCase()) continue;
    if (!ibanValid(compact)) continue;
    out.push({ rule: "pii.iban", start: m.index, end: m.index + i });
    IBAN_RE.lastIndex = m.index + i;
  }
}

// ── IP addresses ────────────────────────────────────────────────────────────
const IPV4_RE = /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\w]|\.\d)/g;
const VERSION_BEFORE = /(?:\bv|version|ver\.?|release|build|rev)\s*[:=]?\s*$/i;

/** Loopback, private, link-local, CGNAT, multicast/reserved, documentation and netmask addresses are not personal. */
function ipv4IsPersonal(ip: string): boolean {
  const o = ip.split(".").map(Number) as [number, number, number, number];
  const [a, b] = o;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if ((a === 192 && b === 0 && o[2] === 2) || (a === 198 && b === 51 && o[2] === 100) || (a === 203 && b === 0 && o[2] === 113))
    return false;
  if (a === 192 && b === 0 && o[2] === 0) return false;
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 255) return false; // masks
  return true;
}

const IPV6_RE = /(?<![\w:.])(?:[0-9A-Fa-f]{1,4}:){1,7}(?::|(?::[0-9A-Fa-f]{1,4}){1,7}|[0-9A-Fa-f]{1,4})(?![\w:])/g;

/**
 * Whether `n` colons occur each at most 5 characters after the previous one, as the seven colons
 * of a full eight-group IPv6 address do (groups are 1–4 hex digits); code and prose rarely have that.
 */
function closeColons(text: string, n: number): boolean {
  let run = 0;
  let last = -Infinity;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    run = i - last <= 5 ? run + 1 : 1;
    if (run >= n) return true;
    last = i;
  }
  return false;
}

function ipv6IsPersonal(raw: string): boolean {
  const lower = raw.toLowerCase();
  const dbl = lower.indexOf("::");
  if (dbl !== -1 && lower.indexOf("::", dbl + 1) !== -1) return false; // invalid: two '::'
  const groups = lower.split(":").filter((g) => g.length > 0);
  if (dbl === -1 && groups.length !== 8) return false; // times (12:30:45), MACs (6 groups)
  if (dbl !== -1 && groups.length < 3) return false; // "a::b", C++ "ab::cd"
  if (groups.some((g) => g.length > 4)) return false;
  const first = parseInt(groups[0] ?? "0", 16);
  if (dbl === 0) return false; // ::1, ::ffff:… etc.
  if ((first & 0xffc0) === 0xfe80) return false; // link-local
  if ((first & 0xfe00) === 0xfc00) return false; // unique local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (lower.startsWith("2001:db8:") || lower.startsWith("2001:0db8:")) return false; // documentation
  // needs at least one hex letter or a 3–4 digit group to look like an address, not a ratio/time
  if (!groups.some((g) => g.length >= 3 || /[a-f]/.test(g))) return false;
  return true;
}

function scanIps(text: string, out: RawHit[]): void {
  if (text.indexOf(".") !== -1) {
    IPV4_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = IPV4_RE.exec(text))) {
      if (!ipv4IsPersonal(m[0])) continue;
      if (VERSION_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
      out.push({ rule: "pii.ip_address", start: m.index, end: m.index + m[0].length });
    }
  }
  // a reportable IPv6 address has "::" or all eight groups (seven close colons): skip texts with neither
  if (text.indexOf("::") !== -1 || closeColons(text, 7)) {
    IPV6_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = IPV6_RE.exec(text))) {
      if (ipv6IsPersonal(m[0])) out.push({ rule: "pii.ip_address", start: m.index, end: m.index + m[0].length });
    }
  }
}

// ── Phone numbers ───────────────────────────────────────────────────────────
// Candidates: digit groups joined by single separators (space, '.', '-', '/'), optional +CC and
// (area) parts and an extension. A candidate counts as a phone number when it is unambiguous by
// itself (international +CC form, (area) form, North-American 3-3-4) or when phone wording is
// near it (phone, call, mobile, fax, desk, office, tel, sms, whatsapp, …). Bare digit runs
// (order numbers, ids) need such wording too, so "order 1234567890" stays safe.
const PHONE_RE =
  /(?<![\w+\-./])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,12}(?:[ .\-/]\d{1,8}){0,5}(?:\s?(?:x|ext\.?)\s?\d{1,5})?(?![\w]|[.\-/]\d)/g;
const PHONE_WORDS_BEFORE =
  /(?:(?:phone|tel|telephone|mobile|cell|cellphone|fax|desk|office|landline|hotline|whatsapp|sms|contact)(?:\s+(?:number|no\.?|nr\.?|#))?(?:\s+(?:is|was|are))?|(?:call(?:ed)?|ring|dial|text|reach)(?:\s+(?:me|us|him|her|them))?(?:\s+(?:on|at))?|(?:answering|messages?|registered)(?:\s+(?:at|to|on))?)\s*[:.\-#]?\s*$/i;
const PHONE_WORDS_AFTER = /^\s*[-(]?\s*(?:office|mobile|cell|fax|phone|tel|home|work|desk)\b/i;
const PHONE_LINE_LABEL = /(?:phone|mobile|cell|fax|desk|tel|telephone|contact)\s*:?\s*\n\s*$/i;
const DATE_LIKE = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
const NANP = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}(?:\s?(?:x|ext\.?)\s?\d{1,5})?$/;

function scanPhones(text: string, out: RawHit[]): void {
  PHONE_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PHONE_RE.exec(text))) {
    const raw = m[0];
    let digits = 0;
    for (let i = 0; i < raw.length; i++) if (isDigit(raw.charCodeAt(i))) digits++;
    if (digits < 7 || digits > 15) continue;
    if (DATE_LIKE.test(raw)) continue;
    if (/^\d+\.\d+(?:\.\d+)*$/.test(raw) && !/^\d{2,4}(?:\.\d{2,4}){2,4}$/.test(raw)) continue; // decimals / versions
    const hasSep = /[ .\-/()]/.test(raw.replace(/^\+\d{1,3}/, ""));
    const intl = raw[0] === "+";
    const paren = raw.includes("(");
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const after = text.slice(m.index + raw.length, m.index + raw.length + 12);
    const context = PHONE_WORDS_BEFORE.test(before) || PHONE_WORDS_AFTER.test(after) || PHONE_LINE_LABEL.test(before);
    let ok: boolean;
    if (context) ok = true;
    else if (NANP.test(raw)) ok = true;
    else if ((intl || paren) && hasSep && digits >= 8) ok = true;
    else ok = false;
    if (!ok) continue;
    // ISO dates followed by a time etc. never reach here; reject '/'-joined unless context
    if (raw.includes("/") && !context) continue;
    out.push({ rule: "pii.phone", start: m.index, end: m.index + raw.length });
  }
}

/**
 * Scan one text for personal data. Cheap pre-checks skip scanners whose indicator is absent.
 * `lower`: the text lower-cased by lowerSameLength, when the caller already has it.
 */
export function scanPii(text: string, out: RawHit[], lower?: string): void {
  if (text.indexOf("@") !== -1) scanEmails(text, out);
  if (!/\d/.test(text)) return;
  const before = out.length;
  scanCards(text, out);
  scanSsn(text, lower ?? lowerSameLength(text), out);
  scanIbans(text, out);
  scanIps(text, out);
  const taken = out.slice(before);
  const phones: RawHit[] = [];
  scanPhones(text, phones);
  for (const p of phones) {
    // a card / SSN / IBAN / IP already covers these digits
    if (!taken.some((t) => t.start < p.end && p.start < t.end)) out.push(p);
  }
}
