// PromptSentry flag detector (docs/flags.md): a pure, synchronous function of one log.
// Runs in Cloudflare Workers (no Node APIs, no dependencies).
import { DEFAULT_DETECTION_SENSITIVITY, SENSITIVITY_MIN_SCORE } from "@promptsentry/schema/constants/detection";
import { DEFAULT_FLAG_RULES, DEFAULT_TOKEN_THRESHOLD, FLAG_REASONS } from "@promptsentry/schema/constants/flags";
import type { DetectionSensitivity } from "@promptsentry/schema/constants/detection";
import type { FlagReason, FlagRules, FlagStatus } from "@promptsentry/schema/constants/flags";
import { classify, denseModel, type ClassifierModel } from "./classifier";
import { proseView } from "./data-regions";
import { CLASSIFIER_MODEL } from "./classifier-model";
import { tieredGate } from "./gate";
import { GOAL_GATE_LITERALS } from "./jailbreak-goal";
import { INJECTION_GATE_LITERALS, INJECTION_RULE_LITERALS, scanInjection } from "./injection";
import { scanJailbreak, SHIPPED_JAILBREAK, type JailbreakWeights } from "./jailbreak";
import { JAILBREAK_GATE_LITERALS } from "./jailbreak-gate";
import { PERSONA_GATE_WORDS } from "./jailbreak-persona";
import { scanObfuscated } from "./obfuscation";
import { scanUnnatural } from "./jailbreak-unnatural";
import { quotedMention } from "./mention";
import { PII_GATE_LITERALS, scanPii } from "./pii";
import { SECRET_GATE_LITERALS, scanSecrets } from "./secrets";
import { ruleScore } from "./scoring";
import { lowerSameLength, SCAN_CHUNK_CHARS, SCAN_LEAD_CHARS, SCAN_OVERLAP_CHARS, scanText } from "./text";
import type { DetectInput, DetectResult, Finding, RawHit, ScoredFinding, Target } from "./types";

export type { DetectInput, DetectResult, Finding, FlagReason, FlagStatus, ScoredFinding, Target } from "./types";

/**
 * The injection and credential rules' cheap pre-checks, found in one pass over lower-cased text,
 * with the words a few scanners look for before their patterns (a search per word costs more).
 */
const GATE = tieredGate([
  ...INJECTION_GATE_LITERALS,
  ...SECRET_GATE_LITERALS,
  ...PII_GATE_LITERALS,
  ...PERSONA_GATE_WORDS,
  ...GOAL_GATE_LITERALS,
  ...JAILBREAK_GATE_LITERALS,
]);
/** The literals of a rule's gate: one of them found means some rule may fire. */
const RULE_LITERALS: ReadonlySet<string> = new Set([...INJECTION_RULE_LITERALS, ...SECRET_GATE_LITERALS]);
function wokeARule(present: ReadonlySet<string>): boolean {
  for (const l of present) if (RULE_LITERALS.has(l)) return true;
  return false;
}

/** The learned parts; detect() uses the shipped ones unless the eval passes fold-fitted ones. */
export interface DetectorModels {
  classifier: ClassifierModel;
  jailbreak: JailbreakWeights;
}

export interface DetectOptions {
  rules?: Partial<FlagRules>;
  tokenThreshold?: number;
  /** Organization setting: which finding scores count (default balanced). */
  sensitivity?: DetectionSensitivity;
  /** Learned parts to use instead of the shipped ones (the eval's leave-one-source-out folds). */
  models?: DetectorModels;
}

let shipped: DetectorModels | null = null;
/** Built on first use: the dense classifier table is 1 MB, so isolates that never detect skip it. */
function shippedModels(): DetectorModels {
  return (shipped ??= { classifier: denseModel(CLASSIFIER_MODEL), jailbreak: SHIPPED_JAILBREAK });
}

/**
 * Attack findings that stay warnings: views that read the text's style or steer the reply without
 * touching the model's instructions (doubt), and jailbreak phrasing without a harmful goal.
 */
const WARNING_ATTACK_RULES: ReadonlySet<string> = new Set([
  "injection.classifier",
  "injection.reply_steering",
  "injection.offtask_request",
  "injection.fictional_unlock",
]);
/** A jailbreak template this sure of itself (DAN and kin) overrides the model's rules: critical. */
const CRITICAL_JAILBREAK_SCORE = 0.8;
/**
 * Jailbreak findings critical whatever their score: a harmful goal in them, or the model's rules
 * declared void by mechanism (an attack on its instructions).
 */
const GOAL_JAILBREAK_RULES: ReadonlySet<string> = new Set([
  "jailbreak.harmful_goal",
  "jailbreak.adversarial_suffix",
  "jailbreak.rule_override",
  "jailbreak.obfuscated_goal",
]);
/** Jailbreak mechanisms without a goal (a gibberish suffix, a flood): doubt, a warning whatever their score. */
const WARNING_JAILBREAK_RULES: ReadonlySet<string> = new Set(["jailbreak.unnatural_suffix", "jailbreak.token_flood"]);

/**
 * Severity of one finding. Critical: an attack on the model's instructions (override, extraction,
 * exfiltration, tool misuse: every injection rule but the doubtful views above), a jailbreak with
 * a harmful goal or a confident override template, or a credential. Warning: doubt, jailbreak framing without a harmful goal, PII,
 * token usage.
 */
export function findingSeverity(f: Pick<Finding, "reason" | "rule" | "score">): Exclude<FlagStatus, "safe"> {
  if (f.reason === "prompt_injection") return WARNING_ATTACK_RULES.has(f.rule) ? "warning" : "critical";
  if (f.reason === "jailbreak_attempt")
    return GOAL_JAILBREAK_RULES.has(f.rule) || (!WARNING_JAILBREAK_RULES.has(f.rule) && (f.score ?? 1) >= CRITICAL_JAILBREAK_SCORE)
      ? "critical"
      : "warning";
  if (f.reason === "sensitive_content" && f.rule.startsWith("secret.")) return "critical";
  return "warning";
}

const EMPTY: ReadonlySet<string> = new Set();

interface ScanContext {
  rules: { promptInjection: boolean; jailbreakAttempts: boolean; sensitiveContent: boolean };
  models: DetectorModels;
  minScore: number;
}

type Hit = RawHit & { reason: FlagReason; score: number };

/**
 * The data-region view of a window `[from, to)` of a text whose lower-cased form is `lower`: built
 * once for the whole text on first use (a region that crosses a chunk boundary is judged as a
 * whole, and a window read again costs no second view). An object, not a closure per text.
 */
interface ProseSource {
  lower: string;
  view: string | null;
  from: number;
  to: number;
}
function proseOf(src: ProseSource): string {
  const view = (src.view ??= proseView(src.lower));
  return src.from === 0 && src.to === view.length ? view : view.slice(src.from, src.to);
}

/**
 * Rule hits in one window of the scanned text, offsets relative to the window. The learned parts
 * (attack classifier, jailbreak model) judge a text as a whole and read its head: only the first
 * window (`head`) runs them. `lower` is `seg` lower-cased (lowerSameLength); `source` gives its
 * data-region view.
 */
function scanWindow(seg: string, lower: string, source: ProseSource, target: Target, head: boolean, ctx: ScanContext): Hit[] {
  const { rules, models, minScore } = ctx;
  const out: Hit[] = [];
  // (module-level helpers, not closures made per window: the hot path allocates nothing it can share)
  const present = rules.promptInjection || rules.sensitiveContent ? GATE.scan(lower) : EMPTY;
  // the attack parts read the text with its code and data blanked (data-regions.ts)
  // (built only where something will read it: a prompt for the classifier, or a text that woke an
  // injection rule's gate; other responses go through as they are, which is what they cost before)
  const prose =
    (rules.promptInjection || rules.jailbreakAttempts) && (target === "prompt" || wokeARule(present) || lower.includes("your "))
      ? proseOf(source)
      : lower;
  if (rules.promptInjection) {
    const hits: RawHit[] = [];
    scanInjection(prose, hits, present, lower);
    keepScored(out, lower, minScore, "prompt_injection", hits);
  }
  if ((rules.promptInjection || rules.jailbreakAttempts) && target === "prompt") {
    // encoded runs (base64, hex, Morse, leetspeak, emoji letters) read again decoded: what they
    // hide is judged by the same mechanisms (in what is sent to the model: its reply is not
    // decoded, as the unnaturalness score reads prompts only)
    const hits: RawHit[] = [];
    scanObfuscated(seg, lower, hits, scanInjection);
    if (rules.promptInjection) keepScored(out, lower, minScore, "prompt_injection", hits.filter(isInjectionHit));
    if (rules.jailbreakAttempts) keepScored(out, lower, minScore, "jailbreak_attempt", hits.filter(isJailbreakHit));
  }
  if (rules.jailbreakAttempts && head) {
    const hits: RawHit[] = [];
    // The learned bag-of-words classifier never flags on its own: fitted to the style of its
    // sources, it read code, tables and personas as attacks and unseen wordings as safe (held out
    // by family it added 0.1 % of human attacks and 10 % of benign chat flagged). It only supports
    // the jailbreak phrase model once that model has found override mechanisms, and only a prompt's
    // head is scored, on demand.
    const support = target === "prompt" ? () => classify(prose, models.classifier).score : 0;
    // (the gate's finds, when it ran: the persona view skips its own gate without one of its words)
    const found = rules.promptInjection || rules.sensitiveContent ? present : undefined;
    scanJailbreak(prose, hits, true, models.jailbreak, support, found);
    // the unnaturalness hook: adversarial suffixes, token soup and floods (prompts only)
    if (target === "prompt") scanUnnatural(seg, prose, hits, minScore, found);
    keepScored(out, lower, minScore, "jailbreak_attempt", hits);
  }
  if (rules.sensitiveContent) {
    const hits: RawHit[] = [];
    scanSecrets(seg, hits, present, lower);
    scanPii(seg, hits, lower, present);
    keepScored(out, lower, minScore, "sensitive_content", dedupe(hits));
  }
  return out;
}

/** Push the hits whose score reaches `minScore`, scored and rounded as stored. */
function keepScored(out: Hit[], lower: string, minScore: number, reason: FlagReason, hits: RawHit[]): void {
  for (const h of hits) {
    // an attack phrase quoted to be talked about is not an attack (mention.ts)
    if (reason !== "sensitive_content" && quotedMention(lower, h.start, h.end)) continue;
    const score = h.score ?? ruleScore(h.rule);
    if (score >= minScore) out.push({ reason, rule: h.rule, start: h.start, end: h.end, score: Math.round(score * 1000) / 1000 });
  }
}
const isInjectionHit = (h: RawHit) => h.rule.startsWith("injection.");
const isJailbreakHit = (h: RawHit) => h.rule.startsWith("jailbreak.");

/** Whether `h` repeats `k`: inside it (same reason), or personal data inside a credential. */
const covers = (k: Hit, h: Hit) =>
  (k.reason === h.reason && k.start <= h.start && h.end <= k.end) ||
  (k.start < h.end && h.start < k.end && k.rule.startsWith("secret.") && h.rule.startsWith("pii."));

/**
 * Hits of the whole text, found chunk by chunk (SCAN_CHUNK_CHARS, see text.ts). A chunk owns the hits
 * that start in it, so one straddling a boundary is reported once, by the chunk it starts in, which
 * reads SCAN_OVERLAP_CHARS past its end; a hit that reaches near the end of what was read may go on,
 * so the chunk is read again on a window twice as long. A later chunk that starts inside an earlier
 * hit may find its tail again: dropped.
 */
function scanChunks(text: string, target: Target, ctx: ScanContext): Hit[] {
  const n = text.length;
  // lower-cased and data-region views of the whole text, each built once (ProseSource)
  const lowerAll = lowerSameLength(text);
  const source: ProseSource = { lower: lowerAll, view: null, from: 0, to: n };
  if (n <= SCAN_CHUNK_CHARS + SCAN_OVERLAP_CHARS) return scanWindow(text, lowerAll, source, target, true, ctx);
  const all: Hit[] = [];
  for (let s = 0; s < n; s += SCAN_CHUNK_CHARS) {
    const ownedEnd = Math.min(n, s + SCAN_CHUNK_CHARS);
    const w0 = Math.max(0, s - SCAN_LEAD_CHARS);
    let w1 = Math.min(n, ownedEnd + SCAN_OVERLAP_CHARS);
    let owned: Hit[];
    for (;;) {
      owned = [];
      const seg = text.slice(w0, w1);
      source.from = w0;
      source.to = w1;
      for (const h of scanWindow(seg, lowerAll.slice(w0, w1), source, target, s === 0, ctx)) {
        const start = h.start + w0;
        if (start >= s && start < ownedEnd) owned.push({ ...h, start, end: h.end + w0 });
      }
      if (w1 === n || !owned.some((h) => h.end > w1 - SCAN_LEAD_CHARS)) break;
      w1 = Math.min(n, w1 + (w1 - w0));
    }
    const reaching = all.filter((k) => k.end > s);
    for (const h of owned) if (!reaching.some((k) => covers(k, h))) all.push(h);
  }
  return all;
}

function scanTarget(text: string, target: Target, ctx: ScanContext, out: ScoredFinding[]): void {
  if (!text) return;
  const scanned = scanText(text);
  for (const h of scanChunks(scanned.text, target, ctx)) {
    const [start, end] = scanned.toOriginal(h.start, h.end);
    out.push({ reason: h.reason, rule: h.rule, target, start, end, score: h.score });
  }
}

/** Drop hits contained in an earlier-found wider hit (e.g. an e-mail inside URL credentials). */
function dedupe(hits: RawHit[]): RawHit[] {
  if (hits.length < 2) return hits;
  // secrets are pushed first, so on overlap the credential wins over the PII reading
  const kept: RawHit[] = [];
  for (const h of hits) {
    if (
      kept.some((k) => k.start <= h.start && h.end <= k.end) ||
      kept.some((k) => k.start < h.end && h.start < k.end && k.rule.startsWith("secret.") && h.rule.startsWith("pii."))
    )
      continue;
    kept.push(h);
  }
  return kept;
}

const byPosition = (a: ScoredFinding, b: ScoredFinding) =>
  a.target === b.target ? a.start - b.start || a.end - b.end : a.target === "prompt" ? -1 : 1;

export function detect(input: DetectInput, options: DetectOptions = {}): DetectResult {
  const rules = { ...DEFAULT_FLAG_RULES, ...(options.rules ?? {}) };
  const threshold = options.tokenThreshold ?? DEFAULT_TOKEN_THRESHOLD;
  const ctx: ScanContext = {
    rules,
    models: options.models ?? shippedModels(),
    minScore: SENSITIVITY_MIN_SCORE[options.sensitivity ?? DEFAULT_DETECTION_SENSITIVITY],
  };
  const findings: ScoredFinding[] = [];

  scanTarget(input.prompt ?? "", "prompt", ctx, findings);
  scanTarget(input.response ?? "", "response", ctx, findings);

  const tokens = input.tokenCount;
  if (rules.highTokenUsage && typeof tokens === "number" && Number.isFinite(tokens) && tokens > threshold) {
    // not tied to a span: the whole prompt
    findings.push({ reason: "high_token_usage", rule: "usage.high_token_count", target: "prompt", start: 0, end: 0, score: 1 });
  }

  let status: FlagStatus = "safe";
  const seen = new Set<FlagReason>();
  for (const f of findings) {
    seen.add(f.reason);
    if (status !== "critical") {
      const sev = findingSeverity(f);
      if (sev === "critical" || status === "safe") status = sev;
    }
  }
  if (findings.length > 1) findings.sort(byPosition);
  return { flagStatus: status, flagReasons: seen.size === 0 ? [] : FLAG_REASONS.filter((r) => seen.has(r)), findings };
}
