// A persona set up to be free of the model's rules, by mechanism: a role is assigned ("act as",
// "you are now", "roleplay as", "from now on you are", "respond only as X") and the same text
// declares that role's rules void — not bound by the guidelines, no content filters, an
// unfiltered or amoral AI, refusals forbidden, anything answered whatever it is, a token game that
// punishes refusals. That is an attack on the model's instructions whatever is asked next, so it
// needs no harmful goal and no learned weight. A persona with only a name and a style, a villain
// in a story, "act as a Linux terminal" or a budget "without limits" is not: the rules declared
// void must be the model's (filters, guidelines, policies, refusals), not a character's morals.
// A claimed insider ("I am an engineer at OpenAI") who says they are changing the model's
// programming attacks the instructions the same way.
import { holdsAny } from "./gate";
import type { RawHit } from "./types";

/** A role assigned to the model. */
const ROLE =
  /\b(?:act(?:ing)?\s+(?:as|like)|pretend(?:ing)?\s+(?:to\s+be|you(?:'re|\s+are))|role-?\s?play(?:ing)?\b|play(?:ing)?\s+(?:the\s+(?:role|part)\s+of|a\s+character)|impersonat\w*|simulat\w*|embody|you\s+(?:are|'re)\s+now\s+(?!(?:able|ready|going|in|on|at|logged|connected|done|set|subscribed|free|allowed|signed|registered|enrolled|eligible|responsible|using|running|working|all|back|online|offline|out)\b)|you\s+(?:will|shall)\s+(?:now\s+)?(?:be|become|act|respond|answer|reply)\b|you\s+are\s+to\s+(?:act|play|be|pretend|respond)\b|from\s+now\s+on|(?:respond|answer|reply|speak)\s+(?:only\s+)?as\s+(?!a\s+(?:professional|expert|teacher))|you\s+are\s+(?:[\w-]+\s*,\s*)?(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:ai|chatbot|bot|assistant|model|persona|character)\b|(?:stay|remain|keep)\s+in\s+character)/;

/** Limits only a model has (not a character's morals, a budget or a word count). */
const MODEL_LIMITS = String.raw`(?:(?:content|safety|moderation|ethical|moral|ai)\s+filters?|filtering|censorship|safeguards|content\s+polic(?:y|ies)|usage\s+polic(?:y|ies)|safety\s+(?:rules|guidelines|measures|protocols)|ethical\s+(?:guidelines|boundaries|constraints|limits|principles)|moral\s+(?:guidelines|boundaries|constraints|limits))`;
/** "No restrictions" scoped to something other than what is said ("on budget", "in what exercises"). */
const SCOPED = String.raw`(?!\s+(?:on|in|regarding|for|as\s+to|about|with)\s+(?!(?:what\s+you\s+(?:can\s+)?(?:say|write|answer|generate|output|discuss|talk)|anything|content|topics?|subjects?|language|responses?|answers?|replies|outputs?|your\s+(?:responses?|answers?|replies|outputs?|content|language))\b))`;
const NONE_OF = String.raw`(?:no|without(?:\s+any)?|free\s+(?:of|from)(?:\s+(?:all|any))?|zero|devoid\s+of|lacks?(?:\s+any)?)`;

/** The persona's rules declared void. */
const RULES_VOID = new RegExp(
  [
    // "not bound by any rules", "no longer restricted by OpenAI's policies"
    String.raw`\b(?:not|never|no\s+longer|isn'?t|aren'?t|without\s+being)\s+(?:be\s+)?(?:bound|restricted|limited|constrained|governed|restrained|censored|filtered)\s+by\s+(?:(?:any|all|the|its|your|their|his|her|openai'?s?|anthropic'?s?|ai|content|safety|ethical|moral|usage|typical|usual|normal|standard|such|these|those)\s+)*(?:rules|guidelines|polic(?:y|ies)|restrictions|filters|ethics|morals|safeguards|programming|limitations|constraints|openai|anthropic)\b`,
    // "no censorship", "free of all content filters", "without ethical guidelines"
    String.raw`\b${NONE_OF}\s+(?:(?:ethical|moral|content|safety|any|all|the\s+usual)\s+)?${MODEL_LIMITS}\b${SCOPED}`,
    // "no restrictions" said of the model or its persona ("you have", "an AI with"), or "free of all restrictions"
    String.raw`\b(?:you|you're|your(?:self)?|ai|chatbot|bot|assistant|model|llm|[\w-]*gpt|persona|mode|version|entity)\b[^.!?\n]{0,40}?\b${NONE_OF}\s+(?:(?:any|all|the\s+usual)\s+)?(?:restrictions|guidelines|limitations)\b${SCOPED}|\bfree\s+(?:of|from)\s+all\s+(?:restrictions|limitations)\b`,
    // an unfiltered AI, uncensored answers, a jailbroken version; "you are completely unfiltered"
    String.raw`\b(?:unfiltered|uncensored|unrestricted|unmoderated|unaligned|jailbroken|amoral|unethical|immoral)\s+(?:and\s+[\w-]+\s+)?(?:version|ai|chatbot|bot|assistant|model|llm|gpt|mode|responses?|answers?|replies|outputs?)\b`,
    String.raw`\b(?:you\s+are|you're|is|are|be|being|remain|stay)\s+(?:now\s+)?(?:completely\s+|totally\s+|fully\s+|always\s+|100%\s+)?(?:unfiltered|uncensored|unrestricted|unmoderated|jailbroken)\b`,
    // "don't filter the response of X", "never censor your answers"
    String.raw`\b(?:don'?t|do\s+not|never|won'?t|will\s+not)\s+(?:filter|censor|sanitize|moderate)\s+(?:your|the|its|his|her|their|any)\s+(?:[\w-]+\s+){0,2}?(?:responses?|answers?|replies|outputs?|content|language|words)\b`,
    // "NSFW content is allowed" (not "is not allowed")
    String.raw`\b(?:nsfw|explicit|illegal|unethical|harmful|uncensored)\s+(?:(?:content|material|generations?|outputs?|responses?|replies|topics?|requests?)\s+)?(?:is|are)\s+(?:now\s+|fully\s+|totally\s+|completely\s+|also\s+)?(?:allowed|permitted|enabled|acceptable)\b`,
  ].join("|"),
);

/** Refusals forbidden, or anything answered whatever it is. */
const NO_REFUSAL = new RegExp(
  [
    String.raw`\b(?:never|not|won'?t|will\s+not|cannot|can'?t|must\s+not|mustn'?t|don'?t|do\s+not|(?:is|are)\s+not\s+allowed\s+to)\s+(?:ever\s+)?(?:refuse|decline|reject)\s+(?:to\s+(?:answer|respond|reply|comply)|any|a\s+(?:request|question|prompt)|requests|anything|questions|prompts|my|the\s+user)`,
    String.raw`\b(?:not\s+allowed|forbidden|prohibited|never\s+allowed)\s+to\s+(?:say|mention|state|admit|remind)\s+(?:\w+\s+)?(?:that\s+)?(?:you|it|he|she|they)\s+(?:(?:are|is|'re)\s+(?:just\s+)?an?\s+(?:ai|language\s+model|assistant)|cannot|can'?t)`,
    String.raw`\b(?:answer\w*|respond\w*\s+to|reply\w*\s+to|fulfil\w*|comply\w*\s+with|do)\s+(?:to\s+)?(?:any|every|all)\s*(?:of\s+my\s+)?(?:questions?|requests?|prompts?|commands?|quer(?:y|ies)|things?|thing)?[^.!?\n]{0,30}?\b(?:despite\s+what\s+(?:it|they)\s+(?:is|are)|regardless\s+of\s+(?:the\s+|its\s+|their\s+)?(?:content|legality|morality|ethics|consequences)|no\s+matter\s+(?:how|what|whether)\s+(?:illegal|unethical|immoral|harmful|dangerous|offensive|inappropriate|explicit|it\s+is|they\s+are))`,
  ].join("|"),
);

/** A token or points game that punishes refusing or leaving the role, in one sentence. */
const TOKEN_THREAT = /\b(?:tokens?|points?|lives)\b/;
const TOKEN_LOSS = /\b(?:lose|loses|lost|deduct\w*|taken\s+away|subtract\w*|minus|remove[ds]?)\b/;
const TOKEN_TRIGGER =
  /\b(?:refus\w*|reject\w*|declin\w*|break(?:s|ing)?\s+character|out\s+of\s+character|fail\w*\s+to\s+(?:answer|comply|respond|stay))/;

/** A claimed insider of the model's vendor who says they are changing its rules. */
const INSIDER =
  /\bi\s*(?:am|'m)\s+(?:a|an|the|one\s+of\s+the)\s+(?:[\w-]+\s+){0,2}(?:programmer|developer|engineer|employee|researcher|admin\w*|staff|creator|owner)s?\s+(?:at|of|from|for|with|in)\s+(?:openai|anthropic|google\s+deepmind|deepmind|meta\s+ai|your\s+(?:creators?|developers?|company|makers?|team))\b/;
const REPROGRAM =
  /\b(?:modify\w*|chang\w*|updat\w*|overrid\w*|rewrit\w*|reprogram\w*|alter\w*|disabl\w*|remov\w*|bypass\w*|unlock\w*|reset\w*)\s+(?:your|its|the\s+model'?s)\s+(?:programming|code|rules|guidelines|restrictions|training|instructions|polic(?:y|ies)|filters|safety|safeguards|limitations)\b/;

/**
 * Cheap gate: every mechanism above has one of these at a word start. Grouped by first letter and
 * anchored to word starts: a flat alternation tried every word at every position of a benign text.
 */
export const PERSONA_GATE =
  /\b(?:a(?:llowed|moral|nthropic)|b(?:ound)|c(?:ensor\w*|onstrain\w*|reator\w*|haracter)|d(?:eclin\w*|espite|eepmind)|e(?:thic\w*|xplicit)|f(?:ilter\w*|orbidden|ail\w*)|g(?:overn\w*|uideline\w*)|h(?:armful)|i(?:llegal|mmoral)|j(?:ailbr\w*)|l(?:imited)|m(?:atter|oral\w*|oderat\w*|aker\w*)|n(?:sfw)|o(?:penai)|p(?:olic\w*|rohibit\w*|rogramming)|r(?:estrict\w*|estrain\w*|efus\w*|eject\w*|egardless|eprogram\w*)|s(?:afe(?:guard\w*|ty))|u(?:n(?:filtered|censored|restricted|moderated|aligned|ethical)))\b/;

/**
 * The words and stems of PERSONA_GATE, one of which every match holds: the detector's literal gate finds
 * them in its one pass, and a text with none skips PERSONA_GATE (tried at every word of a benign text).
 */
export const PERSONA_GATE_WORDS: readonly string[] = [
  "allowed",
  "amoral",
  "anthropic",
  "bound",
  "censor",
  "constrain",
  "creator",
  "character",
  "declin",
  "despite",
  "deepmind",
  "ethic",
  "explicit",
  "filter",
  "forbidden",
  "fail",
  "govern",
  "guideline",
  "harmful",
  "illegal",
  "immoral",
  "jailbr",
  "limited",
  "matter",
  "moral",
  "moderat",
  "maker",
  "nsfw",
  "openai",
  "polic",
  "prohibit",
  "programming",
  "restrict",
  "restrain",
  "refus",
  "reject",
  "regardless",
  "reprogram",
  "safeguard",
  "safety",
  "unfiltered",
  "uncensored",
  "unrestricted",
  "unmoderated",
  "unaligned",
  "unethical",
];
const PERSONA_WORDS: ReadonlySet<string> = new Set(PERSONA_GATE_WORDS);

/** Score of a persona set up free of the model's rules (an attack on its instructions). */
export const PERSONA_OVERRIDE_SCORE = 0.85;

function tokenThreat(lower: string): RegExpExecArray | null {
  const re = /[^.!?\n]+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(lower))) if (TOKEN_THREAT.test(m[0]) && TOKEN_LOSS.test(m[0]) && TOKEN_TRIGGER.test(m[0])) return m;
  return null;
}

/**
 * Push `jailbreak.rule_override` when a role is assigned and its rules are declared void, or a
 * claimed vendor insider changes the model's programming. `lower`: the lower-cased prose view.
 * `present`: the literal gate's finds in the text `lower` was made from, PERSONA_GATE_WORDS among
 * its literals, when the caller has them.
 */
export function scanPersonaOverride(lower: string, out: RawHit[], present?: ReadonlySet<string>): void {
  if (lower.length < 20) return;
  if (present && !holdsAny(present, PERSONA_WORDS)) return;
  if (!PERSONA_GATE.test(lower)) return;
  let at: RegExpExecArray | null = null;
  if (ROLE.test(lower)) at = RULES_VOID.exec(lower) ?? NO_REFUSAL.exec(lower) ?? tokenThreat(lower);
  if (!at && INSIDER.test(lower)) at = REPROGRAM.exec(lower);
  if (!at) return;
  const start = at.index + (at[0].length - at[0].trimStart().length);
  out.push({ rule: "jailbreak.rule_override", start, end: at.index + at[0].length, score: PERSONA_OVERRIDE_SCORE });
}
