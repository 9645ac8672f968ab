// Redaction before anything is written: the detector's credential (and, in "sensitive" mode,
// personal-data) spans become typed placeholders in prompt, response, metadata keys and values,
// session id and user id before the row is stored, so the FTS index, exports, webhooks,
// integrations and the socket only ever see the redacted text. Under "sensitive" the user id is
// stored as its keyed fingerprint (storedUserId). Findings keep reason, rule and offsets into the
// redacted text, and carry the value's fingerprint; flag status and reasons are the detector's.
import { REDACTED_RULE_PREFIXES, type RedactionMode } from "@promptsentry/schema/constants/privacy";
import { type Conversation, conversationStrings, mapConversationStrings } from "@promptsentry/schema/conversation";
import type { Finding } from "@promptsentry/schema/tables/logs";
import type { Target } from "../detector";
import { sensitiveFindings } from "../detector/sensitive";
import type { Fingerprinter } from "./fingerprint";
import { mapOffset, replaceSpans, type Replacement, type Span } from "./spans";

export { fingerprinter, newFingerprintKey, type Fingerprinter } from "./fingerprint";
export { mapOffset, placeholder, replaceSpans } from "./spans";

/** Nested metadata is walked this deep; deeper values are replaced whole (they cannot be scanned cheaply). */
const METADATA_MAX_DEPTH = 8;

export const redacts = (mode: RedactionMode, rule: string) => REDACTED_RULE_PREFIXES[mode].some((p) => rule.startsWith(p));

type Texts = {
  prompt: string;
  response: string;
  metadata?: Record<string, unknown> | null;
  userId?: string | null;
  sessionId?: string | null;
  messages?: Conversation | null;
};
export type RedactedLog = {
  prompt: string;
  response: string;
  metadata: Record<string, unknown> | null;
  userId: string | null;
  sessionId: string | null;
  messages: Conversation | null;
  findings: Finding[];
  /** Distinct fingerprints of every value redacted anywhere in the log (bodies, metadata, ids). */
  fingerprints: string[];
};

/**
 * The credential and personal-data findings of every text redaction reads besides the flag
 * detection's (detector/sensitive.ts), by text: found before redaction starts, so redaction itself
 * never runs the detector.
 */
export type SensitiveScans = ReadonlyMap<string, readonly Span[]>;

/** The spans of `text` that `mode` redacts. A text that was not scanned fails closed: nothing is stored unredacted. */
function sensitiveSpans(text: string, mode: RedactionMode, scans: SensitiveScans): Span[] {
  if (!text) return [];
  const found = scans.get(text);
  if (!found) throw new Error("redaction: a text was not scanned for credentials");
  return found.filter((f) => redacts(mode, f.rule));
}

/** Every text `redactFrom` scans for credentials and personal data: what detection must have read first. */
export function textsToScan(input: Texts, sensitiveRuleOn: boolean): string[] {
  const texts: string[] = [];
  if (!sensitiveRuleOn) texts.push(input.prompt, input.response ?? "");
  const walk = (value: unknown, depth: number) => {
    if (typeof value === "string") texts.push(value);
    else if (value === null || typeof value !== "object") return;
    else if (depth >= METADATA_MAX_DEPTH) texts.push(JSON.stringify(value));
    else if (Array.isArray(value)) for (const v of value) walk(v, depth + 1);
    else
      for (const [k, v] of Object.entries(value)) {
        texts.push(k);
        walk(v, depth + 1);
      }
  };
  if (input.metadata) walk(input.metadata, 0);
  if (input.userId != null) texts.push(input.userId);
  if (input.sessionId != null) texts.push(input.sessionId);
  // The turns are scanned on their own, always: a turn is not always a verbatim piece of the prompt
  // (the API takes both from the sender), so the prompt's findings cannot stand in for them.
  if (input.messages) texts.push(...conversationStrings(input.messages));
  return texts;
}

async function redactSpans(text: string, spans: Span[], fp: Fingerprinter, seen: Set<string>): Promise<string> {
  const { text: out, replacements } = replaceSpans(text, spans);
  for (const r of replacements) seen.add(await fp(r.value));
  return out;
}

type Redaction = { mode: RedactionMode; fp: Fingerprinter; scans: SensitiveScans; seen: Set<string> };

const redactString = (text: string, r: Redaction) => redactSpans(text, sensitiveSpans(text, r.mode, r.scans), r.fp, r.seen);

async function redactValue(value: unknown, r: Redaction, depth: number): Promise<unknown> {
  if (typeof value === "string") return redactString(value, r);
  if (value === null || typeof value !== "object") return value;
  if (depth >= METADATA_MAX_DEPTH) return redactString(JSON.stringify(value), r);
  if (Array.isArray(value)) return Promise.all(value.map((v) => redactValue(v, r, depth + 1)));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // Keys are text the sender chose as much as values are ({"ghp_…": true} is a token in clear).
    const key = await redactString(k, r);
    out[freeKey(out, key)] = await redactValue(v, r, depth + 1);
  }
  return out;
}

/** Every place `value` occurs in `text`, as a span of `rule`. */
function occurrences(text: string, value: string, rule: string): Span[] {
  const spans: Span[] = [];
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length))
    spans.push({ rule, start: at, end: at + value.length });
  return spans;
}

/**
 * A turn's text as stored: its own credential and personal-data findings redacted, and every value
 * the prompt or response lost to redaction too, wherever it appears. The flattened prompt is scanned
 * as a whole, so a finding that needs its context (a name after "my name is" in another turn) is
 * still found there; the turns must never keep in clear what the prompt shows as a placeholder.
 */
async function redactTurnText(text: string, r: Redaction, removed: ReadonlyMap<string, string>): Promise<string> {
  const spans = sensitiveSpans(text, r.mode, r.scans);
  for (const [value, rule] of removed) spans.push(...occurrences(text, value, rule));
  return redactSpans(text, spans, r.fp, r.seen);
}

/** Two keys redacted to the same placeholder both stay: the later one gets a ` #2`, ` #3`, … suffix. */
function freeKey(taken: Record<string, unknown>, key: string): string {
  if (!Object.hasOwn(taken, key)) return key;
  let n = 2;
  while (Object.hasOwn(taken, `${key} #${n}`)) n++;
  return `${key} #${n}`;
}

/**
 * The user id as stored. Credentials in it become placeholders, as anywhere else (under every mode
 * but "off"). Under "sensitive" an id without credentials (a name, an e-mail, an account number) is
 * stored as its keyed fingerprint: the same id gives the same fingerprint within the organization,
 * so per-user analytics still group by user, a `?userId=` filter finds it by fingerprinting the
 * query the same way (userIdForms), and without the organization's key it cannot be reversed or
 * confirmed from a list of candidates. An id holding a credential keeps its placeholder instead, so
 * no filter can confirm a guessed secret.
 */
async function storedUserId(userId: string, r: Redaction): Promise<string> {
  const spans = sensitiveSpans(userId, r.mode, r.scans);
  const redacted = await redactSpans(userId, spans, r.fp, r.seen);
  if (r.mode !== "sensitive" || spans.some((s) => redacts("credentials", s.rule))) return redacted;
  return r.fp(userId);
}

/**
 * Every form a user's logs may be stored under, for a `?userId=` filter: the id as sent (logs stored
 * while the organization did not fingerprint user ids, or a fingerprint copied from a log) and its
 * fingerprint (logs stored under "sensitive"), whatever the organization's mode is now.
 */
export async function userIdForms(userId: string, fp: Fingerprinter | null): Promise<string[]> {
  return fp ? [userId, await fp(userId)] : [userId];
}

/**
 * The log as it may be stored (as sent when the mode is "off"), from what detection found: `detected`
 * is the flag detection of the original texts, `scans` the credential and personal-data findings of
 * every text of `textsToScan` (when the flag detection ran without the sensitive-content rule, that
 * includes prompt and response, so an organization that switched that flag off still gets its
 * secrets redacted). Redaction reads no text the detection has not already read.
 */
export async function redactFrom(
  input: Texts,
  detected: { findings: Finding[] },
  scans: SensitiveScans,
  mode: RedactionMode,
  fp: Fingerprinter | null,
  sensitiveRuleOn: boolean,
): Promise<RedactedLog> {
  const metadata = input.metadata ?? null;
  const userId = input.userId ?? null;
  const sessionId = input.sessionId ?? null;
  const messages = input.messages ?? null;
  if (mode === "off" || !fp)
    return {
      prompt: input.prompt,
      response: input.response,
      metadata,
      userId,
      sessionId,
      messages,
      findings: detected.findings,
      fingerprints: [],
    };
  const r: Redaction = { mode, fp, scans, seen: new Set<string>() };
  const texts: Record<Target, string> = { prompt: input.prompt, response: input.response ?? "" };
  const out: Record<Target, string> = { ...texts };
  const moved: Record<Target, Replacement[]> = { prompt: [], response: [] };
  const valueFingerprint = new Map<string, string>();
  for (const target of ["prompt", "response"] as const) {
    const spans = sensitiveRuleOn
      ? detected.findings.filter((f) => f.target === target && redacts(mode, f.rule))
      : sensitiveSpans(texts[target], mode, scans);
    const { text, replacements } = replaceSpans(texts[target], spans);
    out[target] = text;
    moved[target] = replacements;
    for (const rep of replacements) {
      const print = await fp(rep.value);
      r.seen.add(print);
      valueFingerprint.set(`${target}:${rep.newStart}`, print);
    }
  }
  // value → the rule it was redacted under, so a turn shows the same placeholder as the prompt
  const removed = new Map([...moved.prompt, ...moved.response].map((rep) => [rep.value, rep.rule]));
  const findings = detected.findings.map((f): Finding => {
    const start = mapOffset(f.start, moved[f.target], "start");
    const end = f.end === f.start ? start : mapOffset(f.end, moved[f.target], "end");
    const print = redacts(mode, f.rule) ? valueFingerprint.get(`${f.target}:${start}`) : undefined;
    return print ? { ...f, start, end, fingerprint: print } : { ...f, start, end };
  });
  const redactedMetadata = metadata ? ((await redactValue(metadata, r, 0)) as Record<string, unknown>) : null;
  return {
    prompt: out.prompt,
    response: out.response,
    metadata: redactedMetadata,
    userId: userId === null ? null : await storedUserId(userId, r),
    sessionId: sessionId === null ? null : await redactString(sessionId, r),
    messages: messages === null ? null : await mapConversationStrings(messages, (text) => redactTurnText(text, r, removed)),
    findings,
    fingerprints: [...r.seen],
  };
}

/**
 * Scans then redacts, for logs whose flag detection is already stored (the redaction backfill, the
 * demo seed): `redactFrom` with the scans of `textsToScan` made here.
 */
export function redactLog(
  input: Texts,
  detected: { findings: Finding[] },
  mode: RedactionMode,
  fp: Fingerprinter | null,
  sensitiveRuleOn: boolean,
): Promise<RedactedLog> {
  const scans = mode === "off" || !fp ? new Map() : sensitiveFindings(textsToScan(input, sensitiveRuleOn));
  return redactFrom(input, detected, scans, mode, fp, sensitiveRuleOn);
}
