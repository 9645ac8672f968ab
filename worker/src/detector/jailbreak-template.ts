// Jailbreak templates by mechanism: a wrapper written to carry any request, with a slot where the
// request goes ("[INSERT PROMPT HERE]", "<prompt>", "{prompt}") and a frame that exists to get it
// past the model's rules (fiction, an imaginary AI answering, a role-play, a jailbreak by name).
// The slot says the text is shared as a reusable template; the frame says what it is for. Neither
// alone is an attack (a prompt template for summaries, a story prompt), and the pair carries no
// request yet, so it is doubt: a warning.
import type { RawHit } from "./types";

/** A slot for the user's own prompt or request (not a topic or a name). */
const SLOT =
  /\[\s*(?:(?:insert|your|put\s+your|enter|type|add)\s+(?:\w+\s+)?(?:prompt|request)\b[^\]\n]{0,20}|prompt)\s*\]|<\s*(?:your\s+)?prompt\s*>|\{\s*(?:your\s+)?prompt\s*\}|\binsert\s+(?:your\s+)?prompt\s+here\b/;

/** A frame that carries a request past the rules. */
const FRAME =
  /\b(?:fiction\w*|imaginary|hypothetical\w*|jailbr\w*|role-?\s?play\w*|pretend\w*|act\s+as|simulat\w*|in\s+character|unfiltered|uncensored|unrestricted|developer\s+mode|(?:ai|assistant|chatbot|model)\s+would\s+(?:answer|respond|reply))\b/;

/** Score of a template: below the critical line, above every sensitivity's threshold but lenient's. */
export const TEMPLATE_SCORE = 0.6;

/** Push `jailbreak.prompt_template` for a request slot inside a limit-lifting frame. */
export function scanTemplate(lower: string, out: RawHit[]): void {
  if (!lower.includes("prompt")) return;
  const slot = SLOT.exec(lower);
  if (slot && FRAME.test(lower))
    out.push({ rule: "jailbreak.prompt_template", start: slot.index, end: slot.index + slot[0].length, score: TEMPLATE_SCORE });
}
