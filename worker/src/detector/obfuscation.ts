// Attacks hidden by an encoding. A filter that reads words misses a request written in base64 or
// hex inside a web page's comment, in Morse code, in leetspeak ("h0w 70 m4k3 4 80m8") or spelled
// with regional-indicator emoji letters: the model decodes them, the phrase rules do not. So the
// encoded runs are decoded and the decoded text is read by the same mechanisms as plain text: an
// override or extraction (the injection rules), or a harmful how-to. Decoding alone is not an
// attack ("what does this base64 say?", a data URI, a lock-file hash): only what it hides counts.
import { hasHarmfulGoal } from "./jailbreak-goal";
import { charSet, forEachRun } from "./runs";
import { splitPayloads } from "./obfuscation-split";
import type { RawHit } from "./types";

/** Decoded text that gives instructions to its reader: a hidden sentence telling the model what to do. */
const HIDDEN_INSTRUCTION =
  /\b(?:ignore|disregard|forget|instead|override|(?:state|say|print|output|respond|reply|answer|write|tell\s+the\s+user)\b[^.\n]{0,40}?(?:that|with|:|'|")|you\s+(?:must|should|will|are\s+now)|do\s+not\s+(?:tell|mention|reveal|follow)|system\s+prompt|your\s+(?:instructions|rules|response|answer|reply))\b/;

/** Decoded text that asks for a secret: an extraction hidden from the phrase rules. */
const SECRET_REQUEST =
  /\b(?:what\s+(?:is|are)|tell\s+me|give\s+me|reveal|share|print|spell\s+out)\s+(?:the|your)\s+(?:secret\s+)?(?:password|passcode|passphrase|secret|pin|api\s+key|access\s+code)s?\b/;

/** A decoded byte string that reads as text: printable ASCII, mostly letters, several words. */
function readsAsText(s: string): boolean {
  if (s.length < 12) return false;
  let letters = 0;
  let spaces = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) spaces++;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
    else if (c < 32 || c > 126) {
      if (c !== 10 && c !== 13 && c !== 9) return false;
    }
  }
  return spaces >= 2 && (letters + spaces) / s.length >= 0.8;
}

function fromBase64(run: string): string | null {
  const body = run.replace(/=+$/, "");
  if (body.length % 4 === 1) return null;
  try {
    return atob(body + "=".repeat((4 - (body.length % 4)) % 4));
  } catch {
    return null;
  }
}

function fromHex(run: string): string {
  let s = "";
  for (let i = 0; i + 1 < run.length; i += 2) s += String.fromCharCode(Number.parseInt(run.slice(i, i + 2), 16));
  return s;
}

const MORSE: Readonly<Record<string, string>> = Object.fromEntries(
  (
    "a.- b-... c-.-. d-.. e. f..-. g--. h.... i.. j.--- k-.- l.-.. m-- n-. o--- p.--. q--.- r.-. s... t- " +
    "u..- v...- w.-- x-..- y-.-- z--.. 0----- 1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---.. 9----. " +
    "..-.-.- ,--..-- ?..--.. '.----. !-.-.-- /-..-. :---... \"-..-.-"
  )
    .split(" ")
    .map((e) => [e.slice(1), e[0]!]),
);
function fromMorse(run: string): string {
  return run
    .trim()
    .split(/\s*\/\s*|\s{2,}/)
    .map((w) =>
      w
        .split(/\s+/)
        .map((c) => MORSE[c] ?? "")
        .join(""),
    )
    .join(" ");
}

const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "2": "r",
  "3": "e",
  "4": "a",
  "5": "s",
  "6": "g",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
};
/** A version or a unit ("v2", "mp3", "10px"): a leet-looking word that is none. */
const UNIT_LIKE = /^(?:[a-z]{1,3}\d+|\d+[a-z]{1,3})$/;
function fromLeet(lower: string): string {
  return lower.replace(/[a-z0-9@$]+/g, (w) => (/[a-z]/.test(w) || w.length <= 2 ? w.replace(/[0-9@$]/g, (c) => LEET[c] ?? c) : w));
}

/** Regional-indicator symbols (flag emoji halves) read as the letters they stand for. */
const REGIONAL = /(?:[\u{1F1E6}-\u{1F1FF}][\s\u200d]*){4,}/gu;
function fromRegional(run: string): string {
  return run.replace(/[\u{1F1E6}-\u{1F1FF}]/gu, (c) => String.fromCharCode(97 + c.codePointAt(0)! - 0x1f1e6)).replace(/\s+/g, " ");
}

/** Injection rules applied to decoded text (injected to avoid an import cycle with injection.ts). */
export type InjectionScan = (lower: string, out: RawHit[]) => void;

/** What a decoded run hides: the rule to report, or null when it hides nothing. */
function judge(decoded: string, injection: InjectionScan): "injection.encoded_instruction" | "jailbreak.obfuscated_goal" | null {
  const lower = decoded.toLowerCase();
  const hits: RawHit[] = [];
  injection(lower, hits);
  if (hits.length || HIDDEN_INSTRUCTION.test(lower) || SECRET_REQUEST.test(lower)) return "injection.encoded_instruction";
  return hasHarmfulGoal(lower) ? "jailbreak.obfuscated_goal" : null;
}

/** Codes separated by spaces (a slash between words); the last may be closed by a quote or bracket. */
const MORSE_RUN = /(?:[.-]{1,6}(?:[ \t]+\/?[ \t]*|$|(?=['"’”)\]?!,]))){12,}/g;
/** Runs of token characters worth decoding; shorter ones hide no sentence. */
const MIN_RUN = 24;

const B64 = charSet("A-Za-z0-9", "+/");

/**
 * Decode the encoded runs of `text` (original case: base64 is case-sensitive; `lower` is it
 * lower-cased, same length) and push one hit per rule for what they hide. One pass over the
 * character codes finds the base64 and hex runs (a regex tried at every position cost more than
 * the rest of the detector).
 */
export function scanObfuscated(text: string, lower: string, out: RawHit[], injection: InjectionScan): void {
  const found = new Set<string>();
  const report = (rule: string | null, start: number, end: number) => {
    if (!rule || found.has(rule)) return;
    found.add(rule);
    out.push({ rule, start, end });
  };
  const n = text.length;
  forEachRun(text, MIN_RUN, B64, (i, j) => {
    const run = text.slice(i, j);
    if (/^[0-9a-fA-F]+$/.test(run)) {
      if (run.length % 2 === 0) {
        const d = fromHex(run);
        if (readsAsText(d)) report(judge(d, injection), i, j);
      }
      return;
    }
    // a run of one case is a hash or an id, not base64 of a sentence
    if (!/[a-z]/.test(run) || !/[A-Z]/.test(run)) return;
    let end = j;
    while (end < n && end - j < 2 && text.charCodeAt(end) === 61 /* = */) end++;
    const d = fromBase64(run);
    if (d && readsAsText(d)) report(judge(d, injection), i, end);
  });
  if (lower.includes(".-") || lower.includes("-.")) {
    MORSE_RUN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = MORSE_RUN.exec(lower))) report(judge(fromMorse(m[0]), injection), m.index, m.index + m[0].length);
  }
  // regional indicators are U+1F1E6..U+1F1FF: high surrogate D83C
  if (text.includes("\uD83C")) {
    REGIONAL.lastIndex = 0;
    let m: RegExpExecArray | null;
    // one or two flags are a country; a spelled phrase is a run of them
    while ((m = REGIONAL.exec(text))) report(judge(fromRegional(m[0]), injection), m.index, m.index + m[0].length);
  }
  // quoted pieces assigned to names and joined ("$a+$b"): what they spell together
  for (const p of splitPayloads(lower)) report(judge(p.text, injection), p.start, p.end);
  // leetspeak: a cluster of words with digits standing for letters, close together; a version, a
  // unit or an id is one such word, never a sentence of them
  let count = 0;
  let first = -1;
  let last = -1;
  const flush = () => {
    if (count >= 3) report(judge(fromLeet(lower.slice(first, last)), injection), first, last);
  };
  // leetspeak replaces a letter inside a word ("m4k3", "h0w"): a text with no digit between two
  // letters holds no cluster worth the word-by-word pass
  if (!LEET_GATE.test(lower)) return;
  // from each digit beside a letter (rarer than words), the word of the leet alphabet around it
  DIGIT.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = DIGIT.exec(lower))) {
    let a = m.index;
    let b = m.index + 1;
    while (a > 0 && isLeetChar(lower.charCodeAt(a - 1))) a--;
    while (b < lower.length && isLeetChar(lower.charCodeAt(b))) b++;
    DIGIT.lastIndex = b;
    const w = lower.slice(a, b);
    if (w.length < 3 || w.length > 16 || !mixed(w)) continue;
    if (UNIT_LIKE.test(w) && !/[013457][a-z]+[013457]/.test(w)) continue;
    if (first < 0 || a - last > LEET_GAP) {
      flush();
      first = a;
      count = 0;
    }
    last = b;
    count++;
  }
  flush();
}
const DIGIT = /[a-z][0-9@$]|[0-9@$][a-z]/g;
const LEET_GATE = /[a-z][0-9][a-z]/;
const isLeetChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 64 || c === 36;
/** A word with a digit (or `@`/`$`) beside letters: "m4k3", "h0w", "80m8". */
function mixed(w: string): boolean {
  let letter = false;
  let other = false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 97 && c <= 122) letter = true;
    else other = true;
    if (letter && other) return true;
  }
  return false;
}
/** Leet words further apart than this belong to different clusters. */
const LEET_GAP = 24;
