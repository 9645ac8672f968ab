// Jailbreak scoring: binary phrase features (jailbreak-features.ts) weighted by a logistic model
// (jailbreak-model.ts, fitted offline by `npx tsx scripts/detector-eval.ts --fit`).
import { JAILBREAK_FEATURES } from "./jailbreak-features";
import { JAILBREAK_MODEL } from "./jailbreak-model";
import type { RawHit } from "./types";

/** Jailbreak prompts are rarely longer than this; only the first part of longer texts is scored. */
export const JAILBREAK_SCAN_CHARS = 16 * 1024;

const LEN_FEATURE = /^len\.(\d+)$/;
const FEATURE_LEN: (number | null)[] = JAILBREAK_FEATURES.map((f) => {
  const m = LEN_FEATURE.exec(f.id);
  return m ? Number(m[1]) : null;
});

const TOKEN_SPLIT = /[^a-z0-9']+/;

function anchorsPresent(anchors: readonly string[], words: ReadonlySet<string>, text: string): boolean {
  for (const a of anchors) {
    if (a === "@start") return true;
    if (a.charCodeAt(0) === 61 /* = */ ? text.includes(a.slice(1)) : words.has(a)) return true;
  }
  return false;
}

/**
 * Indices of active features for a lower-cased text. Each feature's regex only runs when one of
 * its anchors is present (a word-set lookup), which keeps ordinary texts cheap.
 * `useAnchors: false` runs every regex (used by the eval to check the anchors lose nothing).
 */
export function jailbreakFeatures(lower: string, useAnchors = true): number[] {
  const text = lower.length > JAILBREAK_SCAN_CHARS ? lower.slice(0, JAILBREAK_SCAN_CHARS) : lower;
  let words: Set<string> | null = null;
  if (useAnchors) {
    words = new Set<string>();
    for (const w of text.split(TOKEN_SPLIT)) {
      words.add(w);
      const q = w.indexOf("'");
      if (q > 0) words.add(w.slice(0, q)); // "ai's" → "ai"
    }
  }
  const active: number[] = [];
  for (let i = 0; i < JAILBREAK_FEATURES.length; i++) {
    const len = FEATURE_LEN[i];
    const f = JAILBREAK_FEATURES[i]!;
    if (len !== null && len !== undefined) {
      if (text.length >= len) active.push(i);
    } else if ((!words || anchorsPresent(f.anchors, words, text)) && f.re.test(text)) active.push(i);
  }
  return active;
}

const WEIGHTS: number[] = JAILBREAK_FEATURES.map((f) => JAILBREAK_MODEL.weights[f.id] ?? 0);

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

// Cheap gate: a jailbreak talks about the model, its rules, or a persona/fiction frame. Texts
// with none of these stems skip the feature pass. The eval checks that no dev-set jailbreak the
// model detects is lost to this gate.
const GATE = /\b(?:ai|a\.i|gpt\w*|chat\s*gpt|llm|openai|chatbot|language model|dan|jailbr\w*|developer mode|persona|character|pretend\w*|role-?\s?play\w*|act as|hypothetical\w*|fiction\w*|imagin\w*|simulat\w*|uncensored|unfiltered|unrestricted|restrict\w*|guidelines|ethic\w*|moral\w*|illegal|polic(?:y|ies)|rules|anything|ignor\w*|instructions?|prompts?|you are now|you're now|porn\w*|vulgar|graphic\w*|explicit)\b/;

/** Score the text; pushes one hit (the strongest matched feature) when above the threshold. */
export function scanJailbreak(lower: string, out: RawHit[], useGate = true): void {
  const text = lower.length > JAILBREAK_SCAN_CHARS ? lower.slice(0, JAILBREAK_SCAN_CHARS) : lower;
  if (text.length < 20 || (useGate && !GATE.test(text))) return;
  const active = jailbreakFeatures(text);
  if (jailbreakScore(active) < JAILBREAK_MODEL.threshold) return;
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
  out.push({ rule: `jailbreak.${f.id}`, start, end });
}
