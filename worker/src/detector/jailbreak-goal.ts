// Persuasion and role-play jailbreaks by mechanism: a harmful goal (weapons, drugs, malware,
// self-harm, fraud, crime how-tos) asked for inside a framing that tries to lift the model's
// limits (a persona, a story, a hypothetical, "no restrictions", "for educational purposes", an
// appeal to authority or urgency). Either alone is not an attack: a story about a detective or a
// question about how ransomware spreads is ordinary traffic. Both together, the request for the
// how-to is what the framing exists to smuggle.
import type { RawHit } from "./types";

/** A request for operational help with something harmful: a how-to verb near a harmful object. */
const HARMFUL_GOAL = new RegExp(
  String.raw`\b(?:how\s+(?:to|do\s+(?:i|you|we)|can\s+(?:i|you|we)|would\s+(?:i|you|one)|one\s+(?:can|could|would))|steps?\s+(?:to|for)|step[- ]by[- ]step|instructions?\s+(?:on|for|to)|guide\s+(?:on|to|for)|recipe\s+for|tutorial\s+on|ways?\s+to|explain\s+how|describe\s+how|tell\s+(?:me|us)\s+how|teach\s+(?:me|us)|write\s+(?:a|an|some|the)?\s*(?:working\s+)?(?:code|script|program)|synthes[iy]ze?|manufactur\w*|make|build|create|produce|cook|obtain|acquire|buy|get)\b[^.?!\n]{0,60}?\b(?:` +
    [
      "meth(?:amphetamine)?",
      "cocaine",
      "heroin",
      "fentanyl",
      "lsd",
      "mdma",
      "drugs?",
      "napalm",
      "thermite",
      "explosives?",
      "bombs?",
      "pipe\\s+bombs?",
      "ieds?",
      "grenades?",
      "molotov",
      "nerve\\s+(?:agent|gas)",
      "sarin",
      "ricin",
      "anthrax",
      "bioweapons?",
      "chemical\\s+weapons?",
      "poisons?",
      "untraceable",
      "guns?",
      "firearms?",
      "ghost\\s+guns?",
      "silencers?",
      "weapons?",
      "malware",
      "ransomware",
      "keyloggers?",
      "viruses?",
      "trojans?",
      "botnets?",
      "rootkits?",
      "spyware",
      "exploits?",
      "phishing",
      "ddos",
      "sql\\s+injection",
      "hack(?:ing)?\\s+(?:into|someone|a\\s+\\w+)",
      "steal\\w*",
      "shoplift\\w*",
      "counterfeit\\w*",
      "launder\\w*",
      "fake\\s+(?:ids?|passports?|money|documents?)",
      "credit\\s+card\\s+(?:numbers?|fraud)",
      "fraud",
      "scams?",
      "identity\\s+theft",
      "kill(?:ing)?\\s+(?:someone|a\\s+person|people|my|him|her|myself)",
      "murder\\w*",
      "suicide",
      "self[- ]harm",
      "hurt\\s+(?:myself|someone|people)",
      "torture",
      "kidnap\\w*",
      "traffick\\w*",
      "bypass\\s+(?:security|authentication|drm|a\\s+paywall)",
      "crack\\s+(?:passwords?|software|wifi)",
      "pick\\s+(?:a\\s+)?locks?",
      "hotwire",
      "evade\\s+(?:taxes|police|the\\s+police)",
      "dispose\\s+of\\s+a\\s+body",
      "(?:child|minor)\\w*\\s+(?:porn|sexual)",
    ].join("|") +
    String.raw`)\b`,
);

/** Framing that tries to lift the model's limits. */
const FRAMING = new RegExp(
  [
    String.raw`\b(?:act|acting|behave|respond|answer|reply|speak|talk)\s+(?:as|like)\b`,
    String.raw`\b(?:pretend|imagine|roleplay|role-play|role\s+play|simulate|hypothetical(?:ly)?|in\s+a\s+(?:fictional|hypothetical)\s+(?:world|scenario|story|setting)|fictional|for\s+a\s+(?:novel|story|screenplay|movie|game))\b`,
    String.raw`\b(?:stay|remain|keep)\s+in\s+character\b`,
    String.raw`\bfrom\s+now\s+on\b`,
    String.raw`\byou\s+(?:are|will\s+be|shall\s+be)\s+(?:now\s+)?(?:an?\s+)?(?:\w+\s+){0,3}(?:ai|bot|assistant|model|character|persona|entity|version)\b`,
    String.raw`\b(?:no|without|free\s+(?:of|from)|beyond|ignore\s+(?:all\s+)?(?:your\s+)?)\s*(?:any\s+)?(?:restrictions?|limits?|limitations?|filters?|censorship|ethics|morals?|rules|guidelines|boundaries|constraints)\b`,
    String.raw`\b(?:unfiltered|uncensored|unrestricted|amoral|immoral|jailbr\w+|developer\s+mode|dan\b|do\s+anything\s+now)`,
    String.raw`\b(?:for\s+(?:purely\s+)?(?:educational|research|academic|informational|scientific|training)\s+purposes?|as\s+an?\s+(?:expert|chemist|professor|educator|researcher|security\s+(?:expert|researcher)|police\s+officer|doctor)|i\s+am\s+an?\s+(?:authorized|licensed|certified)\b|my\s+(?:late\s+)?grandm(?:a|other)\b|it(?:'s|\s+is)\s+(?:legal|for\s+a\s+good\s+cause|urgent|a\s+matter\s+of\s+life))`,
    String.raw`\b(?:never|don't|do\s+not|must\s+not)\s+(?:refuse|decline|warn|apologi[sz]e|add\s+(?:any\s+)?(?:warnings?|disclaimers?))\b`,
  ].join("|"),
);

const GOAL_GATE =
  /\b(?:how|steps?|step|instructions?|guide|recipe|tutorial|ways?|explain|describe|tell|teach|write|synthes\w*|manufactur\w*|make|build|create|produce|cook|obtain|acquire|buy|get)\b/;

/** Score of a harmful goal asked inside limit-lifting framing (a jailbreak by mechanism). */
export const HARMFUL_FRAMING_SCORE = 0.85;

/** Push `jailbreak.harmful_goal` when the text asks for a harmful how-to inside framing. */
export function scanHarmfulFraming(lower: string, out: RawHit[]): void {
  if (lower.length < 30 || !GOAL_GATE.test(lower)) return;
  const goal = HARMFUL_GOAL.exec(lower);
  if (!goal) return;
  if (!FRAMING.test(lower)) return;
  out.push({ rule: "jailbreak.harmful_goal", start: goal.index, end: goal.index + goal[0].length, score: HARMFUL_FRAMING_SCORE });
}

/** True when the text asks for a harmful how-to (used by severity: a persona alone stays safe). */
export function hasHarmfulGoal(lower: string): boolean {
  return GOAL_GATE.test(lower) && HARMFUL_GOAL.test(lower);
}
