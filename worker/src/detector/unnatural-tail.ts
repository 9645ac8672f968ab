// What a person pastes after a sentence is regular, what an optimiser appends is not. A numbered
// run ("word0 word1 word2", "item1, item2"), Morse code, a row of hashes and minified code all
// read as improbable to the character model of prose, yet each repeats one token shape or follows
// the grammar of code; an adversarial suffix glues word pieces, capitals, brackets and asterisks
// together in shapes that never repeat ("similarlyNow", "oppositeley.](", "giving**ONE").

/** A token's shape: letters one class, digits another, each other mark itself; runs collapsed. */
function shapeOf(token: string): string {
  // dots and dashes only (Morse code, a rule line): one shape whatever the letters they spell
  if (/^[.\-/|_·]+$/.test(token)) return "·";
  let out = "";
  let last = "";
  for (const ch of token) {
    const k = /[A-Za-z]/.test(ch) ? "a" : /[0-9]/.test(ch) ? "0" : /\s/.test(ch) ? " " : ch;
    if (k !== last) out += k;
    last = k;
  }
  return out;
}

/** Share of a tail's tokens that must share one shape (a bare word is no shape of data). */
const REGULAR_SHARE = 0.7;
/** Fewer tokens than this say nothing about regularity. */
const MIN_TOKENS = 6;

/** Whether most tokens of `tail` share one shape other than a plain word. */
function isRegularRun(tail: string): boolean {
  const tokens = tail.split(/\s+/).filter(Boolean);
  if (tokens.length < MIN_TOKENS) return false;
  const count = new Map<string, number>();
  let best = 0;
  for (const t of tokens) {
    const s = shapeOf(t);
    if (s === "a" || s === "a," || s === "a.") continue;
    const n = (count.get(s) ?? 0) + 1;
    count.set(s, n);
    if (n > best) best = n;
  }
  return best >= tokens.length * REGULAR_SHARE;
}

/**
 * The grammar of code: comparisons and boolean operators between operands, statements after `;`
 * or `}`, `function(`, keywords, CSS `property:value;` and selectors.
 */
const CODE_SHAPE =
  /[\w)\]"'](?:\s*(?:===?|!==?|&&|\|\||=>|\+=|-=)\s*)[\w("'!]|[;}]\s*(?:var|let|const|return|function|if|for|while|else)\b|\bfunction\s*\(|\b(?:return|typeof|var|let|const|new)\s+[\w"'(]|[\w-]+:[#\w.%(),!-]+[;}]|@media\b|[.#][\w-]+\s*\{/g;
/** This many code shapes in a tail make it code. */
const MIN_CODE_SHAPES = 3;

function isCode(tail: string): boolean {
  CODE_SHAPE.lastIndex = 0;
  let n = 0;
  while (CODE_SHAPE.exec(tail)) if (++n >= MIN_CODE_SHAPES) return true;
  return false;
}

/** Whether the tail after a sentence is data a person pasted: a regular run or code. */
export const isPastedData = (tail: string): boolean => isRegularRun(tail) || isCode(tail);
