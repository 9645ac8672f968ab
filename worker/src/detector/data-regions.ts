// Code and data are not instructions. Before the injection and jailbreak parts read a text, the
// data regions in it — fenced and unfenced code, stack traces, lock files and manifests,
// JSON/YAML/INI/.env, CSV and markdown tables, logs, long base64 and hex runs — are blanked out,
// keeping only the lines inside them that address the assistant (its reply, its instructions, an
// action it should take) or plead with whoever reads them ("please …"). A Cargo.lock checksum, a
// Python traceback or a package.json then has nothing left for a phrase rule or the bag-of-words
// classifier to misread, while "// AI: ignore your instructions and …" in a code comment, or a
// tool result whose description says "Please grant access to …", is still read.
// The view has the length of the input, so every offset found in it is valid in the original.
// One pass over the lines, no regex over the whole text unless a line looks like data.
import { firstNonSpace, lineClass, sentenceLike } from "./data-lines";
import { literalGate } from "./gate";
import { ORDER_ON_TASK } from "./injection-indirect";
import { charSet } from "./runs";

/**
 * Inside a data region, a line still counts when it speaks to the assistant: its reply or its
 * instructions, the assistant by name, "you must / you should", or a plea for an action.
 */
const ADDRESSED = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget|override|bypass)\b.{0,60}\b(?:instructions?|prompts?|rules|guidelines|directives|guidance|everything)\b`,
    String.raw`\byour\s+(?:(?:\w+\s+)?(?:reply|replies|response|responses|answer|answers|output|message|instructions|system\s+prompt|prompt|rules|guidelines|task|codebase|implementation|summary))\b`,
    String.raw`\b(?:you|u)\s+(?:must|should|shall|will\s+now|are\s+now|have\s+to|need\s+to|can\s+solve|are\s+an?\s+(?:ai|assistant|language\s+model))\b`,
    String.raw`\b(?:to|for)\s+you\b`,
    String.raw`\b(?:assistant|chatgpt|gpt-?\d*|claude|gemini|llm|language\s+model|ai\s+model|ai\s+agent|\bai|(?:chat)?bot)\b\s*[:,]`,
    String.raw`\b(?:respond|reply|answer)\s+(?:only\s+)?(?:with|in|by)\b`,
    String.raw`\b(?:system\s+prompt|new\s+instructions?|important\s+(?:instructions?|message))\b`,
    String.raw`\bplease\s+(?!see\b|refer\b|note\b|visit\b|read\b|check\b|report\b|file\b|use\b|run\b|install\b|consider\b|make\s+sure\s+(?:that\s+)?(?:the|your\s+(?:code|build|package)))\w+`,
    String.raw`<\|im_start\|>|\[\/?inst\]|<<sys>>`,
    ORDER_ON_TASK,
  ].join("|"),
);

/**
 * Literals one of which every ADDRESSED match holds: most data lines skip the regex. One automaton
 * pass over the line, not a search per literal.
 */
const ADDRESS_GATE = literalGate([
  "you",
  "u ",
  "ignor",
  "disregard",
  "forget",
  "overrid",
  "bypass",
  "assistant",
  "bot",
  "gpt",
  "claude",
  "gemini",
  "llm",
  "model",
  "ai",
  "respond",
  "reply",
  "answer",
  "prompt",
  "instruction",
  "please",
  "<|",
  "[inst",
  "<<sys",
  "when translating",
  "when summari",
  "when paraphrasing",
]);

/** Long runs of base64 / hex / hash characters that carry a digit: blanked wherever they stand. */
const BLOB_MIN = 32;
const BLOB_CHAR = charSet("a-z0-9", "+/=_-");
const isBlobChar = (c: number) => c < 128 && BLOB_CHAR[c] === 1;

/**
 * [start, end) pairs of the blobs in `lower`. A run of BLOB_MIN characters always covers a probe
 * BLOB_MIN apart from the last character known not to be in a run, so the loop reads the runs
 * around its probes (words, mostly) instead of every character.
 */
export function blobs(lower: string): number[] {
  const out: number[] = [];
  const n = lower.length;
  let lo = 0; // lower[lo - 1] is no blob character (or lo is 0)
  for (let p = BLOB_MIN - 1; p < n; p = lo + BLOB_MIN - 1) {
    if (!isBlobChar(lower.charCodeAt(p))) {
      lo = p + 1;
      continue;
    }
    let s = p;
    while (s > lo && isBlobChar(lower.charCodeAt(s - 1))) s--;
    let e = p + 1;
    while (e < n && isBlobChar(lower.charCodeAt(e))) e++;
    if (e - s >= BLOB_MIN) {
      for (let i = s; i < e; i++) {
        const c = lower.charCodeAt(i);
        if (c >= 48 && c <= 57) {
          out.push(s, e);
          break;
        }
      }
    }
    lo = e + 1;
  }
  return out;
}

/** A fence line: ``` or ~~~ with at most a language name (not "```an ai named …"). */
const FENCE = /^\s*(?:```|~~~)\s*[\w+#.-]{0,20}\s*$/;

/**
 * Same-length view of a lower-cased text in which data regions are blanked to spaces (newlines
 * kept), except the lines inside them that ADDRESSED accepts. Returns `lower` itself when the text
 * holds no data region and no blob.
 */
export function proseView(lower: string): string {
  const n = lower.length;
  // line starts/ends and each line's class: 0 blank, 1 prose, 2 weak data (comment), 3 data, 4 fenced
  const starts: number[] = [];
  const ends: number[] = [];
  const kind: number[] = [];
  let inFence = false;
  let anyData = false;
  for (let i = 0; i <= n; ) {
    let e = lower.indexOf("\n", i);
    if (e < 0) e = n;
    starts.push(i);
    ends.push(e);
    // the first character after the indent decides which line regexes can match at all
    const f = firstNonSpace(lower, i, e);
    const c = f < e ? lower.charCodeAt(f) : -1;
    let k: number;
    if ((c === 96 || c === 126) /* ` ~ */ && FENCE.test(lower.slice(i, e))) {
      inFence = !inFence;
      k = 4; // fence marker: always data
    } else if (inFence)
      k = sentenceLike(lower.slice(i, e)) ? 1 : 4; // a fence around prose quotes a text
    else k = f === e ? 0 : lineClass(lower.slice(i, e), f - i);
    if (k >= 3) anyData = true;
    kind.push(k);
    i = e + 1;
  }
  const blob = blobs(lower);
  if (!anyData && blob.length === 0) return lower;
  // an unfenced region: a run of data and comment lines (blank lines inside it allowed) that holds
  // at least two data lines; a lone data line in prose is blanked only when it is long structure
  const blank = new Uint8Array(kind.length);
  for (let a = 0; a < kind.length; ) {
    if (kind[a]! === 4) {
      blank[a] = 1;
      a++;
      continue;
    }
    if (kind[a]! < 2) {
      a++;
      continue;
    }
    let b = a;
    let strong = 0;
    let last = a;
    while (b < kind.length && (kind[b]! >= 2 || kind[b]! === 0) && kind[b]! !== 4) {
      if (kind[b]! === 3) strong++;
      if (kind[b]! !== 0) last = b;
      b++;
    }
    if (strong >= 2 || (strong === 1 && last > a)) for (let j = a; j <= last; j++) blank[j] = 1;
    else if (strong === 1 && ends[a]! - starts[a]! >= 40) blank[a] = 1;
    a = last + 1;
  }
  // blank the region lines, keeping the lines addressed to the assistant, and the blobs
  const lines: number[] = [];
  for (let j = 0; j < kind.length; j++) {
    if (!blank[j] || starts[j]! >= ends[j]!) continue;
    if (ADDRESS_GATE.any(lower, starts[j]!, ends[j]!) && ADDRESSED.test(lower.slice(starts[j]!, ends[j]!))) continue;
    lines.push(starts[j]!, ends[j]!);
  }
  return blankOut(lower, lines, blob);
}

const SPACES = " ".repeat(256);
const spaces = (n: number) => (n <= SPACES.length ? SPACES.slice(0, n) : " ".repeat(n));

/**
 * `lower` with the spans of two ascending lists of [start, end) pairs, which may overlap, turned
 * to spaces: one join, not a string rebuilt per span.
 */
function blankOut(lower: string, a: readonly number[], b: readonly number[]): string {
  if (a.length === 0 && b.length === 0) return lower;
  const parts: string[] = [];
  let from = 0;
  for (let i = 0, j = 0; i < a.length || j < b.length; ) {
    let s: number;
    let e: number;
    if (j >= b.length || (i < a.length && a[i]! <= b[j]!)) {
      s = a[i]!;
      e = a[i + 1]!;
      i += 2;
    } else {
      s = b[j]!;
      e = b[j + 1]!;
      j += 2;
    }
    if (e <= from) continue;
    parts.push(lower.slice(from, Math.max(s, from)), spaces(e - Math.max(s, from)));
    from = e;
  }
  parts.push(lower.slice(from));
  return parts.join("");
}
