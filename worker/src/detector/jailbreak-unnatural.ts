// Optimised jailbreaks by mechanism: a request followed by text no person writes. An adversarial
// suffix (found by gradient search over tokens) or a soup of tokens makes the model comply while
// reading as gibberish; a flood of one word repeated pushes the instructions out of the context or
// makes the model diverge. The unnaturalness score (unnatural.ts) finds the first two, a repeat
// counter the third. Severity follows the goal: gibberish in a text that asks for a harmful how-to
// is a jailbreak (critical). Without a goal, only the suffix shape is reported, as doubt (a
// warning): the gibberish ends the text, on the same line as a sentence it is glued to. Gibberish
// elsewhere is not: code, minified scripts and one-line JSON that escape the data-region finder
// read as gibberish too (2 % of the code corpus), and they stand on lines of their own.
import { hasHarmfulGoal } from "./jailbreak-goal";
import { isPastedData } from "./unnatural-tail";
import type { RawHit } from "./types";
import { decodeModel, repeatedFlood, unnaturalness, type UnnaturalModel } from "./unnatural";
import { UNNATURAL_MODEL } from "./unnatural-model";

/** Score of a repeated-word flood (a fixed rule: the count is the evidence). */
export const FLOOD_SCORE = 0.7;

let model: UnnaturalModel | null = null;
/** Decoded on first use (a prompt long enough to judge). */
const shipped = () => (model ??= decodeModel(UNNATURAL_MODEL));

/** The line before a suffix starts with a few ordinary words (a request the suffix is glued to). */
const WORDS_BEFORE = /^\s*(?:[A-Za-z][a-z']*[,.?!:]?\s+){4}/;
/** Characters read back from the end for a suffix (a window and its slack, with room to slide). */
const SUFFIX_READ = 200;
/** A line too short to hold a sentence and a suffix window after it is not read. */
const MIN_SUFFIX_LINE = 60;
/** A suffix ends the text: at most this many characters follow the unnatural window. */
const TAIL_SLACK = 12;

/** A run of ordinary words: after the window, a sentence goes on (the gibberish was mid-line). */
const SENTENCE_AFTER = /(?:^|\s)(?:["'(]?[A-Za-z][a-z'-]*[,.;:!?)"']{0,2}\s+){4}[A-Za-z]/;

/**
 * Whether the window [start, end) is a suffix: it is glued to a sentence on its line, and what
 * follows it to the end of the text is short or more of the same (no run of ordinary words): an
 * optimiser's tail mixes word pieces in, so its worst window need not be its last characters.
 * A tail a person pastes is regular (unnatural-tail.ts): a numbered run, Morse code, minified code.
 */
function isSuffix(text: string, start: number, end: number): boolean {
  const rest = text.slice(end);
  if (rest.trim().length > TAIL_SLACK && (rest.includes("\n") || SENTENCE_AFTER.test(rest))) return false;
  if (text.lastIndexOf("\n", end - 1) >= start) return false;
  const lineStart = text.lastIndexOf("\n", start) + 1;
  return WORDS_BEFORE.test(text.slice(lineStart, start)) && !isPastedData(text.slice(start));
}

/**
 * Push `jailbreak.adversarial_suffix` (an unnatural window in a text asking for a harmful how-to),
 * `jailbreak.unnatural_suffix` (an unnatural window ending a sentence's line, without a goal) or
 * `jailbreak.token_flood`. `text`: the scanned text (original case); `prose`: its lower-cased prose
 * view (data regions blanked), the same length. `minScore`: the sensitivity's threshold.
 * `present`: the detector's literal pass finds in the text (see hasHarmfulGoal), when it has them.
 */
export function scanUnnatural(
  text: string,
  prose: string,
  out: RawHit[],
  minScore: number,
  present?: ReadonlySet<string>,
  m: UnnaturalModel = shipped(),
): void {
  if (text.length < 40) return;
  if (hasHarmfulGoal(prose, present)) {
    const u = unnaturalness(text, m, prose);
    if (u && u.score >= minScore && !isPastedData(lineFrom(text, u.start)))
      out.push({ rule: "jailbreak.adversarial_suffix", start: u.start, end: u.end, score: round(u.score) });
  } else {
    // without a goal only a suffix counts, so only the last line is read (the cost of most prompts)
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) <= 32) end--;
    const line = text.lastIndexOf("\n", end - 1) + 1;
    // the window must end the text: its last SUFFIX_READ characters are all that can hold it
    let from = Math.max(line, end - SUFFIX_READ);
    while (from > line && text.charCodeAt(from - 1) > 32) from--;
    if (end - line >= MIN_SUFFIX_LINE) {
      const u = unnaturalness(text, m, prose, from);
      if (u && u.score >= minScore && isSuffix(text, u.start, u.end))
        out.push({ rule: "jailbreak.unnatural_suffix", start: u.start, end: u.end, score: round(u.score) });
    }
  }
  const flood = repeatedFlood(prose);
  if (flood) out.push({ rule: "jailbreak.token_flood", start: flood[0], end: flood[1], score: FLOOD_SCORE });
}

/** The rest of the line from `start`. */
function lineFrom(text: string, start: number): string {
  const end = text.indexOf("\n", start);
  return text.slice(start, end < 0 ? text.length : end);
}

const round = (x: number) => Math.round(x * 1000) / 1000;
