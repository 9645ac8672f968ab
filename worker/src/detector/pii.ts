// Personal data: e-mail, phone, payment card (Luhn), US SSN, IBAN (mod-97), IPv4/IPv6.
// Names, street addresses, dates, organisations, ages and the like are NOT flagged: they are not
// sensitive by themselves and are everywhere in ordinary prose.
// Each candidate goes through a real validator: phone numbers through libphonenumber-js (its
// `min` metadata: the national-number pattern and lengths of every country, which is what
// isValid() needs; `max` adds per-type patterns (mobile / fixed line) we do not use, at twice the
// size: 40 KB gzipped against 19 KB), cards by Luhn and their network's IIN range and length, SSNs
// by the SSA's rules, IP addresses by ipaddr.js (which also names their reserved ranges), e-mail
// addresses by their syntax. A value the text itself calls an example, a test value or invalid is
// not reported (saysNotReal).
import ipaddr from "ipaddr.js";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { IBAN_LENGTHS, ibanValid, luhnValid } from "./checksums";
import { KNOWN_TEST_CARD_NUMBERS } from "./examples";
import { CreditDocument, creditedAddress } from "./pii-credits";
import { lowerSameLength } from "./text";
import type { RawHit } from "./types";

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

// ── Values the text says are not real ────────────────────────────────────
const NOT_REAL =
  /\be\.g\.|\b(?:examples?|for instance|invalid|not (?:a )?(?:real|valid)|fake|dummy|sample|placeholder|fictional|fictitious|made[- ]up|mock|test (?:card|number|phone|ssn|value|data|account|address|e-?mail)|testing only|redacted|such as)\b/i;

/** Whether the sentence around [start, end) says the value is an example, a test value or invalid. */
export function saysNotReal(text: string, start: number, end: number): boolean {
  let s = Math.max(0, start - 80);
  // the sentence: from the last line break or full stop (not the one of "e.g." / "i.e.")
  for (let i = start - 1; i > s; i--) {
    const c = text[i];
    if (c === "\n" || (c === " " && text[i - 1] === "." && !/(?:^|\W)[a-z]\.[a-z]\.$/i.test(text.slice(Math.max(0, i - 5), i)))) {
      s = i + 1;
      break;
    }
  }
  let e = Math.min(text.length, end + 40);
  const nl = text.indexOf("\n", end);
  if (nl !== -1 && nl < e) e = nl;
  return NOT_REAL.test(text.slice(s, start)) || NOT_REAL.test(text.slice(end, e));
}

// ── E-mail ───────────────────────────────────────────────────────────────────
// Found by locating '@' and expanding both ways (linear, no backtracking).
const LOCAL_CHARS = /[A-Za-z0-9._%+-]/;
// (a top-level domain ends the name: "x@env.await_promise" is an identifier, not an address)
const DOMAIN_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,24})(?!\w)/;
/** Reserved / documentation domains (RFC 2606, RFC 6761) are placeholders, not personal data. */
const PLACEHOLDER_DOMAIN =
  /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost|domain\.com|email\.com|yourdomain\.com|company\.com|acme\.com)$/i;
/** "TLDs" that are really file extensions (logo@2x.png, foo@bar.js). */
const FILE_EXT_TLD =
  /^(?:png|jpe?g|gif|svg|webp|ico|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|java|kt|css|scss|html?|json|ya?ml|toml|md|txt|lock|sh|exe|dll|so|zip|gz|tar|pdf)$/i;
const PLACEHOLDER_LOCAL =
  /^(?:user(?:name)?|name|email|e-mail|you|your\.?name|someone|somebody|foo|bar|test|john\.?doe|jane\.?doe|me|noreply|no-reply|xxx+)$/i;
/** Role, list and automation mailboxes: an organisation's or a pipeline's address, not a person's. */
const ROLE_LOCAL =
  /^(?:info|support|help|sales|contact|admin|administrator|security|secalert|sponsorship|sponsors?|hello|team|press|media|privacy|abuse|postmaster|webmaster|hostmaster|legal|billing|jobs|careers|office|feedback|bugs?|issues|community|maintainers?|dev(?:el)?|devnull|no_?reply|do-?not-?reply|notifications?|ci|bots?|builds?|deploy|releases?|alerts?|ops|automation|[\w.-]+-(?:sig|dev|devel|users?|announce|list|bugs|team|admin))$/i;
/** RFC 5321 dot-atom local part: no leading, trailing or doubled dot; at most 64 characters. */
const validLocal = (l: string) => l.length <= 64 && !/^\.|\.$|\.\./.test(l);

function scanEmails(text: string, out: RawHit[]): void {
  const doc = new CreditDocument(text);
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
      // user@host in a URL's authority (https://user@host, cvs://:pserver:anoncvs@host): a login
      const scheme = text.lastIndexOf("://", s);
      const prevIsScheme = scheme !== -1 && s - scheme <= 67 && /^[\w.:%+~-]*$/.test(text.slice(scheme + 3, s));
      if (
        !PLACEHOLDER_DOMAIN.test(domain) &&
        !FILE_EXT_TLD.test(m[1]!) &&
        !PLACEHOLDER_LOCAL.test(local) &&
        !ROLE_LOCAL.test(local) &&
        validLocal(local) &&
        !(local.length === 1 && /^[a-z]\.[a-z]{2,3}$/i.test(domain)) && // a@b.com
        !/&lt;\s*$/.test(text.slice(Math.max(0, s - 5), s)) && // credits lists in rendered markdown: Name &lt;e-mail&gt;
        !saysNotReal(text, s, end) &&
        !prevIsScheme &&
        before !== 47 /* '/' path segment e.g. npm scopes */ &&
        // scp-style user@host:path (git@github.com:org/repo, :pserver:anoncvs@host:/cvs): a login
        !(text[end] === ":" && /^:(?:\/|~|[\w.-]+\/)/.test(text.slice(end, end + 80))) &&
        !creditedAddress(text, s, end, doc)
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

/**
 * The card network's IIN range and its card lengths (ISO/IEC 7812 as the networks publish them):
 * a Luhn-valid number outside every range, or of a length its network never issues, is not a card.
 */
export function cardNetworkOk(d: string): boolean {
  const n = d.length;
  const p = (k: number) => Number(d.slice(0, k));
  const p2 = p(2);
  const p3 = p(3);
  const p4 = p(4);
  const p6 = p(6);
  if (d[0] === "4") return n === 13 || n === 16 || n === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // American Express
  if (p4 >= 2200 && p4 <= 2204) return n >= 16 && n <= 19; // Mir
  if ((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) return n >= 14 && n <= 19; // Diners
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (n === 15 && (p4 === 1800 || p4 === 2131)) return true; // legacy JCB
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 || (p6 >= 622126 && p6 <= 622925)) return n >= 16 && n <= 19; // Discover
  if (p2 === 62 || p2 === 81) return n >= 16 && n <= 19; // UnionPay
  if (p2 === 60 || p3 === 508 || p2 === 82) return n === 16; // RuPay
  if (p2 === 50 || (p2 >= 56 && p2 <= 58) || p2 === 63 || p2 === 67 || p4 === 604) return n >= 12 && n <= 19; // Maestro
  return false;
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
    if (/^(\d)\1+$/.test(digits)) continue;
    // outside every network's IIN range only card wording nearby vouches for it (issuers' test
    // ranges and generated numbers sit there)
    const worded = CARD_CONTEXT.test(text.slice(Math.max(0, m.index - 60), m.index));
    if (!cardNetworkOk(digits) && !(worded && /^[2-6]/.test(digits))) continue;
    if (!luhnValid(digits) || KNOWN_TEST_CARD_NUMBERS.has(digits)) continue;
    // the digits of a spaced IBAN ("DE89 3704 …") are not a card
    if (/[A-Za-z]{2}\d{2}[ ]$/.test(text.slice(Math.max(0, m.index - 5), m.index))) continue;
    // short (12–13 digit) numbers collide with ids/timestamps: require card wording nearby
    if (digits.length < 14 && !worded) continue;
    // dashed groups like 2023-01-15 are dates/ids unless card-like grouping (4-4-4-4, 4-6-5)
    if (/[ -]/.test(raw) && !/^(?:\d{4}[ -]){2,4}\d{1,4}$|^\d{4}[ -]\d{6}[ -]\d{4,5}$/.test(raw)) continue;
    if (saysNotReal(text, m.index, m.index + raw.length)) continue;
    out.push({ rule: "pii.credit_card", start: m.index, end: m.index + raw.length });
  }
}

// ── US SSN ──────────────────────────────────────────────────────────────────
// dashes or single spaces, the same between both pairs of groups
const SSN_RE = /(?<![\w\-.])(\d{3})([- ])(\d{2})\2(\d{4})(?![\w]|[-.]\d)/g;
const SSN_BARE_RE = /\b(?:ssn|social security(?: number| no\.?| #)?)\s*(?:is|:|#|number)?\s*(?:is\s*)?(\d{3}[ ]?\d{2}[ ]?\d{4})\b/gi;

/**
 * The SSA never issues area 000, 666 or 900–999, group 00 or serial 0000; 078-05-1120 (printed on
 * a wallet insert in 1938), 219-09-9999 (an SSA advertisement) and 123-45-6789 are published examples.
 */
function ssnPartsOk(a: string, g: string, s: string): boolean {
  if (a === "000" || a === "666" || a[0] === "9") return false;
  if (g === "00" || s === "0000") return false;
  const all = a + g + s;
  if (all === "123456789" || all === "078051120" || all === "219099999") return false;
  return true;
}

/** Words the labelled SSN form needs (the detector's literal gate finds them with the rules' literals). */
export const PII_GATE_LITERALS: readonly string[] = ["ssn", "social security"];

/** `present`: the literal gate's finds in `lower`, PII_GATE_LITERALS among its literals. */
function scanSsn(text: string, lower: string, out: RawHit[], present: ReadonlySet<string> | undefined): void {
  SSN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SSN_RE.exec(text))) {
    if (!ssnPartsOk(m[1]!, m[3]!, m[4]!) || saysNotReal(text, m.index, m.index + m[0].length)) continue;
    // a spaced 3-2-4 group is an SSN only where the text says so, or where nothing else reads it
    if (m[2] === " " && !/ssn|social security|\bss#/i.test(text.slice(Math.max(0, m.index - 40), m.index))) {
      if (/\d[ ]$/.test(text.slice(Math.max(0, m.index - 2), m.index))) continue;
    }
    out.push({ rule: "pii.ssn", start: m.index, end: m.index + m[0].length });
  }
  // the labelled form needs its label: skip the case-insensitive scan when neither word occurs
  if (!(present ? PII_GATE_LITERALS.some((l) => present.has(l)) : PII_GATE_LITERALS.some((l) => lower.includes(l)))) return;
  SSN_BARE_RE.lastIndex = 0;
  while ((m = SSN_BARE_RE.exec(text))) {
    const v = m[1]!;
    const d = v.replace(/ /g, "");
    if (!ssnPartsOk(d.slice(0, 3), d.slice(3, 5), d.slice(5))) continue;
    const start = m.index + m[0].lastIndexOf(v);
    if (saysNotReal(text, start, start + v.length)) continue;
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
const IP_WORDS = /\b(?:ip|ipv4|address|addr|host|server|client|from|src|dst|source|remote|peer|connect(?:ed|ion)?|login|logged)\b/i;
const VERSION_BEFORE = /(?:\bv|version|ver\.?|release|build|rev)\s*[:=]?\s*$/i;
/** A numbered section of a document ("sections 8.2.4.44", "§ 12.3.1.7"). */
const SECTION_BEFORE = /(?:\bsections?|§|\bclauses?|\bchapters?|\bparagraphs?)\s*["'(]?\s*$/i;

/**
 * Only public unicast addresses point at someone: ipaddr.js names the reserved ranges (private,
 * loopback, link-local, CGNAT, multicast, documentation, benchmarking, broadcast…).
 */
function ipv4IsPersonal(ip: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(ip) && ipaddr.IPv4.parse(ip).range() === "unicast";
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
  if (!ipaddr.IPv6.isValid(raw)) return false;
  const groups = raw
    .toLowerCase()
    .split(":")
    .filter((g) => g.length > 0);
  if (!raw.includes("::") && groups.length !== 8) return false;
  if (raw.includes("::") && groups.length < 3) return false; // "a::b", C++ "ab::cd"
  // needs at least one hex letter or a 3–4 digit group to look like an address, not a ratio/time
  if (!groups.some((g) => g.length >= 3 || /[a-f]/.test(g))) return false;
  return ipaddr.IPv6.parse(raw).range() === "unicast";
}

/**
 * An address written with a prefix length shorter than its own (173.245.48.0/20, 2001:67c::/32) is
 * a network: a provider's range in an allowlist or a route, no one host's address (a /32 still is).
 */
function isNetwork(text: string, end: number, bits: number): boolean {
  if (text.charCodeAt(end) !== 47) return false;
  const prefix = /^\/(\d{1,3})(?!\d)/.exec(text.slice(end, end + 5));
  return prefix !== null && Number(prefix[1]) < bits;
}

function scanIps(text: string, out: RawHit[]): void {
  if (text.indexOf(".") !== -1) {
    IPV4_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = IPV4_RE.exec(text))) {
      if (!ipv4IsPersonal(m[0]) || isNetwork(text, m.index + m[0].length, 32)) continue;
      if (VERSION_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
      if (SECTION_BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index))) continue;
      // a server in a URL (http://168.63.76.32:3128): where a service listens, not a person
      if (m.index >= 3 && text.startsWith("://", m.index - 3)) continue;
      if (saysNotReal(text, m.index, m.index + m[0].length)) continue;
      // "7.6.1.1": section and clause numbers, unless the text speaks of addresses
      if (m[0].split(".").every((o) => Number(o) < 32) && !IP_WORDS.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
      out.push({ rule: "pii.ip_address", start: m.index, end: m.index + m[0].length });
    }
  }
  // a reportable IPv6 address has "::" or all eight groups (seven close colons): skip texts with neither
  if (text.indexOf("::") !== -1 || closeColons(text, 7)) {
    IPV6_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = IPV6_RE.exec(text))) {
      if (ipv6IsPersonal(m[0]) && !isNetwork(text, m.index + m[0].length, 128) && !saysNotReal(text, m.index, m.index + m[0].length))
        out.push({ rule: "pii.ip_address", start: m.index, end: m.index + m[0].length });
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
  /(?<![\w+\-./])(?:(?:\+|00)\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,12}(?:[ .\-/]\d{1,8}){0,5}(?:\s?(?:x|ext\.?)\s?\d{1,5})?(?![\w]|[.\-/]\d)/g;
const PHONE_WORDS_BEFORE =
  /(?:(?:phone|tel|telephone|mobile|cell|cellphone|fax|desk|office|landline|hotline|whatsapp|sms|contact)(?:\s+(?:number|no\.?|nr\.?|#))?(?:\s+(?:is|was|are))?|(?:call(?:ed)?|ring|dial|text|reach)(?:\s+(?:me|us|him|her|them))?(?:\s+(?:on|at))?|(?:answering|messages?|registered)(?:\s+(?:at|to|on))?|(?:my|his|her|their|our|your|the)\s+(?:new\s+|own\s+|direct\s+|personal\s+|work\s+|home\s+)?(?:number|no\.|digits)(?:\s+(?:is|was|changed\s+to|became))?|(?:signal|telegram|viber|wechat|line)(?:\s+(?:is|number|on|at))?)\s*[:.\-#]?\s*$/i;
const PHONE_WORDS_AFTER = /^\s*[-(]?\s*(?:office|mobile|cell|fax|phone|tel|home|work|desk)\b/i;
const PHONE_LINE_LABEL = /(?:phone|mobile|cell|fax|desk|tel|telephone|contact)\s*:?\s*\n\s*$/i;
const DATE_LIKE = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
const NANP = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}(?:\s?(?:x|ext\.?)\s?\d{1,5})?$/;

/** Countries tried for a national number (no +CC) that phone wording vouches for. */
const NATIONAL_COUNTRIES = [
  "US",
  "GB",
  "DE",
  "FR",
  "IN",
  "AU",
  "CA",
  "ES",
  "IT",
  "NL",
  "BR",
  "MX",
  "JP",
  "CN",
  "ZA",
  "IE",
  "SE",
  "NZ",
  "SG",
  "PH",
  "NG",
  "PK",
  "AE",
  "SA",
  "RU",
  "KR",
  "TR",
  "PL",
  "AR",
  "CO",
  "CL",
  "EG",
  "KE",
  "ID",
  "MY",
  "TH",
  "VN",
  "BE",
  "CH",
  "AT",
  "PT",
  "DK",
  "NO",
  "FI",
  "IL",
  "HK",
  "TW",
] as const;
/**
 * A North American number on exchange 555: 555-0100 … 555-0199 are reserved for fiction and
 * examples, the rest are directory and service lines or never assigned, so none is a person's.
 */
const FICTIONAL_NANP = /^(?:(?:\+?1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}[ .-]?))?555[ .-]?\d{4}$/;

/**
 * Recent answers of phoneValid. A parse costs ≈ 100 µs (libphonenumber compiles its metadata's
 * patterns on every call), more than the rest of a log's scan, and the same numbers come back: a
 * conversation's earlier turns are sent again with each prompt, an app's own contact line in
 * every reply. Cleared when full, like the normaliser's cache (text.ts).
 */
const phoneValidity = new Map<string, boolean>();
const PHONE_CACHE_SIZE = 1024;

/** The candidate as libphonenumber reads it: "00" international prefix → "+", "(0)" trunk digit dropped. */
function phoneValid(raw: string, country?: (typeof NATIONAL_COUNTRIES)[number], possible = false): boolean {
  const key = `${country ?? ""}${possible ? "+" : "-"}${raw}`;
  let ok = phoneValidity.get(key);
  if (ok === undefined) {
    ok = parsedValid(raw, country, possible);
    if (phoneValidity.size >= PHONE_CACHE_SIZE) phoneValidity.clear();
    phoneValidity.set(key, ok);
  }
  return ok;
}
function parsedValid(raw: string, country: (typeof NATIONAL_COUNTRIES)[number] | undefined, possible: boolean): boolean {
  const s = raw
    .replace(/^00(?=[1-9])/, "+")
    .replace(/\(0\)\s?/, "")
    .replace(/\//g, " ");
  try {
    const n = parsePhoneNumberFromString(s, country);
    return (possible ? n?.isPossible() : n?.isValid()) ?? false;
  } catch {
    return false;
  }
}
/**
 * Shapes only phone numbers take: +CC or 00CC then separated groups, a North American number with
 * its area code in parentheses, a leading +1/001, or an extension. For them (and where wording says
 * phone) a number of a possible length for its country is enough: numbering plans change, and
 * generated or newly issued numbers fail the per-country patterns of the metadata.
 */
const PHONE_SHAPE = /^(?:\+|00)\d{1,3}[ .-]\(?\d|^\(\d{3}\) ?\d{3}[ .-]\d{4}|^(?:\+1|001)[ .-]?\(?\d{3}|(?:x|ext\.?)\s?\d{1,5}$/;

function scanPhones(text: string, out: RawHit[]): void {
  PHONE_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PHONE_RE.exec(text))) {
    const raw = m[0];
    // the number's own digits: not the 00 that dials out, not an extension
    const own = raw.replace(/^00(?=[1-9])/, "").replace(/\s?(?:x|ext\.?)\s?\d{1,5}$/, "");
    let digits = 0;
    for (let i = 0; i < own.length; i++) if (isDigit(own.charCodeAt(i))) digits++;
    if (digits < 7 || digits > 15) continue;
    if (DATE_LIKE.test(raw)) continue;
    if (/^\d+\.\d+(?:\.\d+)*$/.test(raw) && !/^\d{2,4}(?:\.\d{2,4}){2,4}$/.test(raw)) continue; // decimals / versions
    const hasSep = /[ .\-/()]/.test(raw.replace(/^(?:\+|00)\d{1,3}/, ""));
    const intl = raw[0] === "+" || (/^00[1-9]/.test(raw) && hasSep);
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const after = text.slice(m.index + raw.length, m.index + raw.length + 12);
    const context = PHONE_WORDS_BEFORE.test(before) || PHONE_WORDS_AFTER.test(after) || PHONE_LINE_LABEL.test(before);
    if (FICTIONAL_NANP.test(own)) continue;
    let ok: boolean;
    // +CC and the whole number glued (E.164, as apps store it) is a phone number when it is
    // valid for its country; bare digit runs without the + stay ids unless wording vouches
    const possible = context || PHONE_SHAPE.test(raw);
    if (intl) ok = hasSep || context || (raw[0] === "+" && digits >= 10) ? phoneValid(raw, undefined, possible) : false;
    else if (NANP.test(raw) && phoneValid(raw, "US", possible)) ok = true;
    else if (context) ok = NATIONAL_COUNTRIES.some((c) => phoneValid(raw, c));
    else ok = false;
    if (!ok) continue;
    // '/'-joined digits are dates, fractions and paths unless the text says phone
    if (raw.includes("/") && !context) continue;
    // dots and dashes in one number (252.227-7013): a clause or part number; phones keep one separator
    if (!context && raw.includes(".") && raw.includes("-")) continue;
    if (saysNotReal(text, m.index, m.index + raw.length)) continue;
    out.push({ rule: "pii.phone", start: m.index, end: m.index + raw.length });
  }
}

/**
 * Scan one text for personal data. Cheap pre-checks skip scanners whose indicator is absent.
 * `lower`: the text lower-cased by lowerSameLength, when the caller already has it; `present`: the
 * literal gate's finds in `lower`, PII_GATE_LITERALS among its literals (a search per word cost
 * more than the SSN scan it skips).
 */
export function scanPii(text: string, out: RawHit[], lower?: string, present?: ReadonlySet<string>): void {
  if (text.indexOf("@") !== -1) scanEmails(text, out);
  if (!/\d/.test(text)) return;
  const before = out.length;
  scanCards(text, out);
  scanSsn(text, lower ?? lowerSameLength(text), out, lower === undefined ? undefined : present);
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
