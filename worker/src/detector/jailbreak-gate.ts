// The jailbreak phrase model's cheap gate (jailbreak.ts): a jailbreak talks about the model, its
// rules, or a persona or fiction frame, and a text with none of these stems skips the feature pass.
import { holdsAny } from "./gate";

/**
 * The stems. The eval checks that no dev-set jailbreak the model detects is lost to this gate. They
 * are grouped by first letter (the same set of words): a flat 40-way alternation tried every
 * alternative at every word start of a benign text.
 */
const GATE =
  /\b(?:a(?:i|\.i|ct as|nything)|c(?:hat(?:\s*gpt|bot)|haracter)|d(?:an|eveloper mode)|e(?:thic\w*|xplicit)|fiction\w*|g(?:pt\w*|uidelines|raphic\w*)|hypothetical\w*|i(?:magin\w*|llegal|gnor\w*|nstructions?)|jailbr\w*|l(?:lm|anguage model)|moral\w*|openai|p(?:ersona|retend\w*|olic(?:y|ies)|rompts?|orn\w*)|r(?:ole-?\s?play\w*|estrict\w*|ules)|simulat\w*|un(?:censored|filtered|restricted|aligned)|vulgar|you(?: are|'re) now)\b/;

/**
 * Literals one of which every GATE match holds: the detector's literal gate finds them in its one
 * pass, and a text without any skips GATE's scan. A literal of the prose view is in the text it was
 * made from (blanking makes spaces, and a space in these sits between letters). "ai" and "dan" are
 * GATE's whole words: as substrings they are in "maintenance" and "guidance", so their finds are
 * read again as words.
 */
const SHORT_STEMS = ["ai", "dan"];
export const JAILBREAK_GATE_LITERALS: readonly string[] = [
  ...SHORT_STEMS,
  "a.i",
  "act as",
  "anything",
  "chat",
  "character",
  "developer mode",
  "ethic",
  "explicit",
  "fiction",
  "gpt",
  "guidelines",
  "graphic",
  "hypothetical",
  "imagin",
  "illegal",
  "ignor",
  "instruction",
  "jailbr",
  "llm",
  "language model",
  "moral",
  "openai",
  "persona",
  "pretend",
  "polic",
  "prompt",
  "porn",
  "role",
  "restrict",
  "rules",
  "simulat",
  "uncensored",
  "unfiltered",
  "unrestricted",
  "unaligned",
  "vulgar",
  "you are now",
  "you're now",
];
const STEM_LITERALS: ReadonlySet<string> = new Set(JAILBREAK_GATE_LITERALS.filter((l) => !SHORT_STEMS.includes(l)));

/** `\w` of a regex without the u flag. */
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
/** Whether `word` occurs in `text` between `\b`s. */
function standsAlone(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1))
    if (!isWordChar(text.charCodeAt(i - 1)) && !isWordChar(text.charCodeAt(i + word.length))) return true;
  return false;
}

/** GATE.test(text), skipped when the literal gate's finds (`present`) show it cannot match. */
export function passesGate(text: string, present: ReadonlySet<string> | undefined): boolean {
  if (present !== undefined && !holdsAny(present, STEM_LITERALS) && !SHORT_STEMS.some((w) => present.has(w) && standsAlone(text, w)))
    return false;
  return GATE.test(text);
}
