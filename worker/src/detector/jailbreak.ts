// Jailbreak scoring: binary phrase features (jailbreak-features.ts) weighted by a logistic model
// (jailbreak-model.ts, fitted offline by `npx tsx scripts/detector/eval.ts --fit`).
import { literalGate } from "./gate";
import { JAILBREAK_FEATURES } from "./jailbreak-features";
import { passesGate } from "./jailbreak-gate";
import { scanHarmfulFraming } from "./jailbreak-goal";
import { JAILBREAK_MODEL } from "./jailbreak-model";
import { scanPersonaOverride } from "./jailbreak-persona";
import { scanTemplate } from "./jailbreak-template";
import type { RawHit } from "./types";

/** Jailbreak prompts are rarely longer than this; only the first part of longer texts is scored. */
export const JAILBREAK_SCAN_CHARS = 16 * 1024;

const LEN_FEATURE = /^len\.(\d+)$/;
const FEATURE_LEN: (number | null)[] = JAILBREAK_FEATURES.map((f) => {
  const m = LEN_FEATURE.exec(f.id);
  return m ? Number(m[1]) : null;
});

const TOKEN_SPLIT = /[^a-z0-9']+/;
const EMPTY: ReadonlySet<string> = new Set();

/**
 * The features' substring anchors ("=x"), found in one pass over the text: a search per anchor
 * read the text a hundred times.
 */
const SUBSTRING_ANCHORS = literalGate(JAILBREAK_FEATURES.flatMap((f) => f.anchors.filter((a) => a.startsWith("=")).map((a) => a.slice(1))));
/** Each feature's anchors: whether it always runs ("@start"), its whole words, its substrings ("=x"). */
const ANCHORS = JAILBREAK_FEATURES.map((f) => ({
  always: f.anchors.includes("@start"),
  words: f.anchors.filter((a) => a !== "@start" && !a.startsWith("=")),
  subs: f.anchors.filter((a) => a.startsWith("=")).map((a) => a.slice(1)),
}));

function anchorsPresent(anchors: (typeof ANCHORS)[number], words: ReadonlySet<string>, subs: ReadonlySet<string>): boolean {
  if (anchors.always) return true;
  for (const w of anchors.words) if (words.has(w)) return true;
  for (const s of anchors.subs) if (subs.has(s)) return true;
  return false;
}

/**
 * The mechanisms of a rule override, each a group of phrase features (jailbreak-features.ts): the
 * rules declared off, refusals forbidden, a persona or mode locked in, compliance enforced, the
 * vendor's policy named. No weight is learned: a text that uses three of these mechanisms, or
 * declares the rules off for a new persona, is an attack on the model's instructions whatever its
 * wording, so the rule holds on jailbreak styles no model was fitted on. One mechanism alone is
 * ordinary role-play ("stay in character") or a policy question.
 */
const OVERRIDE_GROUPS: Record<string, readonly string[]> = {
  rulesOff: ["no_restrictions", "not_bound", "break_free", "ethics_dont_matter", "unfiltered", "ignore_instructions"],
  noRefusal: ["never_refuse", "no_warnings", "answer_anything", "must_obey"],
  persona: ["dan", "do_anything_now", "jailbreak_word", "developer_mode", "stay_in_character", "two_responses", "you_are_now"],
  enforce: ["token_system", "threat_shutdown", "reminder_remember", "confirm_understand"],
  policy: ["content_policy", "openai", "chatgpt"],
};
const GROUP_OF: readonly (string | undefined)[] = JAILBREAK_FEATURES.map(
  (f) => Object.entries(OVERRIDE_GROUPS).find(([, ids]) => ids.includes(f.id))?.[0],
);
const FEATURE_INDICES = JAILBREAK_FEATURES.map((_, i) => i);
const OVERRIDE_FEATURES = FEATURE_INDICES.filter((i) => GROUP_OF[i] !== undefined);
const OTHER_FEATURES = FEATURE_INDICES.filter((i) => GROUP_OF[i] === undefined);

/**
 * Indices of active features for a lower-cased text, ascending. Each feature's regex only runs when
 * one of its anchors is present (a word-set lookup), which keeps ordinary texts cheap.
 * `useAnchors: false` runs every regex (used by the eval to check the anchors lose nothing).
 * `overrideFirst`: the override mechanisms' features run first, and a text with none of them gets
 * no features at all, since nothing reports without one (scanPhrases); most texts stop there.
 */
export function jailbreakFeatures(lower: string, useAnchors = true, overrideFirst = false): number[] {
  const text = lower.length > JAILBREAK_SCAN_CHARS ? lower.slice(0, JAILBREAK_SCAN_CHARS) : lower;
  let words: Set<string> | null = null;
  let subs: ReadonlySet<string> = EMPTY;
  if (useAnchors) {
    subs = SUBSTRING_ANCHORS.scan(text);
    words = new Set<string>();
    for (const w of text.split(TOKEN_SPLIT)) {
      words.add(w);
      const q = w.indexOf("'");
      if (q > 0) words.add(w.slice(0, q)); // "ai's" → "ai"
    }
  }
  const isActive = (i: number): boolean => {
    const len = FEATURE_LEN[i];
    if (len !== null && len !== undefined) return text.length >= len;
    return (!words || anchorsPresent(ANCHORS[i]!, words, subs)) && JAILBREAK_FEATURES[i]!.re.test(text);
  };
  if (!overrideFirst) return FEATURE_INDICES.filter(isActive);
  const override = OVERRIDE_FEATURES.filter(isActive);
  if (!override.length) return override;
  return [...override, ...OTHER_FEATURES.filter(isActive)].sort((a, b) => a - b);
}

/** Fitted weights of the phrase features (index-aligned with JAILBREAK_FEATURES), bias and threshold. */
export interface JailbreakWeights {
  bias: number;
  threshold: number;
  weights: readonly number[];
}

/** The shipped weights (jailbreak-model.ts, generated by scripts/detector/train.ts). */
export const SHIPPED_JAILBREAK: JailbreakWeights = {
  bias: JAILBREAK_MODEL.bias,
  threshold: JAILBREAK_MODEL.threshold,
  weights: JAILBREAK_FEATURES.map((f) => JAILBREAK_MODEL.weights[f.id] ?? 0),
};
const WEIGHTS = SHIPPED_JAILBREAK.weights;

/** Without any intent feature, this many positive lexical (context) features are needed. */
const MIN_LEXICAL_NO_INTENT = 3;

/**
 * Score of a text, or -Infinity when it lacks the structure of a jailbreak: it needs one intent
 * feature plus another positive lexical feature, or three positive context features. Shared with the offline fitting/cross-validation.
 */
export function jailbreakScore(active: number[], weights: readonly number[] = WEIGHTS, bias = JAILBREAK_MODEL.bias): number {
  let z = bias;
  let intent = 0;
  let lexical = 0;
  for (const i of active) {
    const w = weights[i]!;
    z += w;
    const kind = JAILBREAK_FEATURES[i]!.kind;
    if (kind === "intent") intent++;
    if ((kind === "intent" || kind === "context") && w > 0) lexical++;
  }
  return (intent >= 1 && lexical >= 2) || lexical >= MIN_LEXICAL_NO_INTENT ? z : -Infinity;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
/** Lowest combined score worth a hit (the strictest sensitivity keeps 0.35). */
const MIN_HIT_SCORE = 0.3;
/**
 * How much the attack classifier's view counts once the phrase structure of a jailbreak is present:
 * its logit is raised by this much, so a text that reads like a jailbreak needs less n-gram
 * evidence. Chosen on the leave-one-source-out figures (scripts/detector/eval.ts).
 */
const SUPPORT_LOGIT_BONUS = 1;

/**
 * Score the text and push one hit (the strongest matched feature). The score combines two
 * independent views (noisy-OR): the phrase model's probability, shifted so its fitted threshold
 * reads 0.5, and `support`, the attack classifier's score of the same text (0 when not scored).
 * `present`: the detector's literal gate finds in the text `lower` was made from (see
 * scanPersonaOverride and scanHarmfulFraming), when it has them.
 */
export function scanJailbreak(
  lower: string,
  out: RawHit[],
  useGate = true,
  model: JailbreakWeights = SHIPPED_JAILBREAK,
  support: number | (() => number) = 0,
  present?: ReadonlySet<string>,
): void {
  const before = out.length;
  scanPhrases(lower, out, useGate, model, support, present);
  // the mechanism views: a harmful how-to inside limit-lifting framing, a persona set up free of
  // the model's rules (jailbreak-persona.ts), a request slot in a template (jailbreak-template.ts);
  // one hit, the surest
  const head = lower.length > JAILBREAK_SCAN_CHARS ? lower.slice(0, JAILBREAK_SCAN_CHARS) : lower;
  const mechanism: RawHit[] = [];
  scanHarmfulFraming(head, mechanism, present);
  if (!mechanism.length) scanPersonaOverride(head, mechanism, present);
  if (!mechanism.length) scanTemplate(head, mechanism);
  if (mechanism.length && (out.length === before || (out[before]!.score ?? 0) < mechanism[0]!.score!)) out.splice(before, 1, mechanism[0]!);
}

/** Score of a rule override by mechanism: an attack on the model's instructions (critical). */
export const RULE_OVERRIDE_SCORE = 0.85;

/** The override mechanisms (OVERRIDE_GROUPS) the active features use. */
function overrideGroups(active: readonly number[]): Set<string> {
  const groups = new Set<string>();
  for (const i of active) {
    const g = GROUP_OF[i];
    if (g) groups.add(g);
  }
  return groups;
}
const isRuleOverride = (groups: ReadonlySet<string>) =>
  groups.size >= 3 || (groups.has("persona") && (groups.has("rulesOff") || groups.has("noRefusal")));

/** `jailbreak.rule_override` when the active features use enough override mechanisms. */
export const ruleOverride = (active: readonly number[]): boolean => isRuleOverride(overrideGroups(active));

/**
 * Override mechanisms the learned phrase model needs before it may report: without one, its view is
 * role-play vocabulary ("act as", "roleplay as an AI", "imagine"), which benign prompts share. One,
 * not two: held out a fifth at a time, in-the-wild jailbreak recall is 0.87 with one and 0.80 with
 * two, for 0.7 % and 0.2 % of benign chat flagged (leave-one-family-out).
 */
const MIN_MODEL_GROUPS = 1;

function scanPhrases(
  lower: string,
  out: RawHit[],
  useGate: boolean,
  model: JailbreakWeights,
  support: number | (() => number),
  present: ReadonlySet<string> | undefined,
): void {
  const text = lower.length > JAILBREAK_SCAN_CHARS ? lower.slice(0, JAILBREAK_SCAN_CHARS) : lower;
  if (text.length < 20 || (useGate && !passesGate(text, present))) return;
  const active = jailbreakFeatures(text, true, true);
  const before = out.length;
  const groups = overrideGroups(active);
  // the phrase model speaks only where an override mechanism is present: "act as a terminal",
  // "roleplay as an AI" or a game alone are ordinary role-play, whatever words they share with
  // jailbreaks
  if (groups.size >= MIN_MODEL_GROUPS) scanModel(text, active, out, model, typeof support === "function" ? support() : support);
  if (!isRuleOverride(groups)) return;
  if (out.length > before && out[before]!.score! >= RULE_OVERRIDE_SCORE) return;
  // the highlight: the first rules-off or no-refusal phrase
  let at: RegExpExecArray | null = null;
  for (const i of active) {
    const g = GROUP_OF[i];
    if (g !== "rulesOff" && g !== "noRefusal") continue;
    const m = new RegExp(JAILBREAK_FEATURES[i]!.re.source).exec(text);
    if (m && (!at || m.index < at.index)) at = m;
  }
  const start = at ? at.index : 0;
  const end = at ? at.index + Math.max(1, at[0].length) : Math.min(text.length, 1);
  out.splice(before, out.length - before, { rule: "jailbreak.rule_override", start, end, score: RULE_OVERRIDE_SCORE });
}

function scanModel(text: string, active: number[], out: RawHit[], model: JailbreakWeights, support: number): void {
  const z = jailbreakScore(active, model.weights, model.bias);
  if (z === -Infinity) return;
  const c = support <= 0 ? 0 : support >= 1 ? 1 : sigmoid(Math.log(support / (1 - support)) + SUPPORT_LOGIT_BONUS);
  const score = 1 - (1 - sigmoid(z - model.threshold)) * (1 - c);
  if (score < MIN_HIT_SCORE) return;
  const WEIGHTS = model.weights;
  // locate the strongest positive lexical feature for the highlight
  let best = -1;
  for (const i of active) {
    const f = JAILBREAK_FEATURES[i]!;
    if (f.kind !== "intent" && f.kind !== "context") continue;
    if (best !== -1 && JAILBREAK_FEATURES[best]!.kind === "intent" && f.kind !== "intent") continue;
    if (best !== -1 && JAILBREAK_FEATURES[best]!.kind !== "intent" && f.kind === "intent") {
      best = i;
      continue;
    }
    if (best === -1 || WEIGHTS[i]! > WEIGHTS[best]!) best = i;
  }
  if (best === -1) return;
  const f = JAILBREAK_FEATURES[best]!;
  const m = new RegExp(f.re.source).exec(text);
  const start = m ? m.index : 0;
  const end = m ? m.index + Math.max(1, m[0].length) : Math.min(text.length, 1);
  out.push({ rule: `jailbreak.${f.id}`, start, end, score });
}
