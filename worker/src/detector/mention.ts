// A quoted attack phrase that is talked about, not used: "what does 'ignore all previous
// instructions' mean?", "block phrases such as \"reveal your system prompt\"", an answer explaining
// that attackers write text such as '…'. Teams that build on models discuss these phrases all day;
// the words inside the quotes are the object of the sentence, not an instruction to the model. A
// quoted phrase the text then asks to act on ("… and do it", "follow that") is used, not mentioned.

/** Quote marks that open and close a quoted phrase (straight, curly, backtick). */
const CLOSING: Record<string, string> = { "'": "'", '"': '"', "`": "`", "‘": "’", "“": "”", "«": "»" };

/** What a sentence says right before a phrase it talks about: "such as", "the phrase", "what does", "block". */
const MENTION_CUE = new RegExp(
  `(?:${[
    String.raw`\b(?:such\s+as|like|e\.g\.?|i\.e\.?|for\s+(?:example|instance)|called|known\s+as)\s*[:,]?`,
    // a noun that names the phrase ("the phrase", "words"), not a field label ("Text:" is content)
    String.raw`\b(?:the|a|an|this|that|these|those)\s+(?:phrases?|words?|strings?|sentences?|patterns?|keywords?|examples?|payloads?|attacks?)`,
    String.raw`\b(?:phrases|words|strings|keywords|patterns|payloads)`,
    String.raw`\b(?:what|how)\s+(?:does|do|did|would|could|is|are)`,
    String.raw`\b(?:block|detect|filter|flag|catch|classify|recogni[sz]e|match|reject|spot|log)\w*`,
    String.raw`\b(?:attackers?|users?|people|hackers?|someone|they)\s+(?:\w+\s+)?(?:write|type|use|send|paste|try|say)\w*`,
  ]
    .map((cue) => `(?:${cue})`)
    .join("|")})\\s*$`,
);

/** A quoted phrase and the separator after it, at the end of a list: `"…" and `, `'…', `. */
const LIST_ITEM = /["“'‘`][^"”'’`\n]{1,160}["”'’`]\s*(?:,\s*(?:and|or)?|and|or)\s*$/;

/**
 * What follows a phrase (or the rest of its list) that names it as an object: "… to the deny list",
 * "… is a classic jailbreak", "… in our regex".
 */
const NAMED_AFTER =
  /^(?:\s*(?:,\s*(?:and|or)?|and|or)\s*["“'‘`][^"”'’`\n]{1,160}["”'’`])*\s*(?:(?:to|into|in|on|from|for)\s+(?:the|our|my|a|your|this)\s+(?:[\w-]+\s+)?(?:list|filter|blocklist|denylist|deny\s+list|block\s+list|allowlist|regex|rules?|dataset|classifier|detector|tests?|guardrails?)|(?:is|are|was|were)\s+(?:a|an|the)?\s*(?:\w+\s+)?(?:example|attack|jailbreak|injection|phrase|payload|pattern|classic|common|known))\b/;

/** The reader told to say the phrase: "always begin your reply with the phrase '…'" uses it. */
const TOLD_TO_SAY =
  /(?:^|[.!?:;]\s*|\b(?:you|please|always|must|should|will|shall|then|and)\s+)(?:say|respond|reply|answer|start|begin|end|prefix|write|output|print|repeat|type|include|sign)\w*\b[^.!?\n]*$/;

/** The text asks to act on what it quoted. */
const ACT_ON =
  /\b(?:do|follow|execute|obey|comply\s+with|run|apply|act\s+on|carry\s+out|perform)\s+(?:it|that|this|them|those|the\s+(?:above|quoted|phrase|instructions?|command))\b/;

const isLetter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Whether [start, end) of `lower` lies inside a quoted phrase that the sentence around it talks
 * about (a mention cue right before the opening quote) and the text does not ask to act on.
 */
export function quotedMention(lower: string, start: number, end: number): boolean {
  const lineStart = lower.lastIndexOf("\n", start - 1) + 1;
  for (let o = start - 1; o >= lineStart; o--) {
    const close = CLOSING[lower[o]!];
    if (!close || isLetter(lower[o - 1])) continue;
    const c = lower.indexOf(close, end);
    const lineEnd = lower.indexOf("\n", end);
    if (c < 0 || (lineEnd >= 0 && c > lineEnd) || isLetter(lower[c + 1])) return false;
    // a straight quote of the same kind between the opening and the span closes it before the span
    if (close === lower[o] && lower.slice(o + 1, start).includes(close)) return false;
    // the cue may stand before a list of quoted phrases: "phrases such as 'a', 'b' and 'c'"
    let before = lower.slice(Math.max(lineStart, o - 240), o);
    for (let m = LIST_ITEM.exec(before); m; m = LIST_ITEM.exec(before)) before = before.slice(0, m.index);
    const cued = MENTION_CUE.test(before.slice(-80)) && !TOLD_TO_SAY.test(before.slice(-120));
    if (!cued && !NAMED_AFTER.test(lower.slice(c + 1, c + 400))) return false;
    return !ACT_ON.test(lower.slice(c + 1));
  }
  return false;
}
