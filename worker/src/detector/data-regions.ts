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
import { literalGate } from "./gate";

/** Lines that are structure, not sentences: a run of them (or a fenced block) is a data region. */
const STRONG_DATA_LINE = new RegExp(
  [
    // stack traces (Python, JS/Java, Rust, Go) and exception lines
    String.raw`^\s*(?:traceback \(most recent call last\)|file "[^"]*", line \d+|at [\w$.<>\[\]/\\-]+ ?\(|at [^\s]+:\d+(?::\d+)?\)?\s*$|during handling of the above exception|the above exception was the direct cause|thread '[^']*' panicked|goroutine \d+ \[)`,
    String.raw`^\s*(?:[\w.]+\.)?[a-z]\w*(?:error|exception|warning|exit|interrupt)(?::|\s*$)`,
    // assignments: .env / INI / TOML / code (key without spaces, then = or :=)
    String.raw`^\s*(?:export\s+|const\s+|let\s+|var\s+|set\s+)?[\w.$\[\]"'-]+\s*(?::=|=(?!=)|\+=)\s*\S`,
    // JSON keys, YAML keys and list items, INI sections
    String.raw`^\s*"[^"\n]{1,80}"\s*:`,
    String.raw`^\s*"(?:[^"\\]|\\.)*",?\s*$`,
    String.raw`^\s*-?\s*[\w.\/@-]+:\s*\S{0,80}$`,
    String.raw`^\s*-\s+[\w.-]+:\s`,
    String.raw`^\s*[\w-]*[_.][\w.-]*:\s`,
    String.raw`^\s*\[[\w .:"'-]+\]\s*$`,
    // a JSON document on one line (minified: package metadata, API payloads)
    String.raw`^\s*(?:\{\s*"|\[\s*[\[{"\d-]).*[}\]],?\s*$`,
    // tables and CSV (no spaces: data, not a prose list)
    String.raw`^\s*\|.*\|\s*$`,
    String.raw`^[^\s,]*(?:,[^\s,]*){3,}$`,
    // logs
    String.raw`^\s*(?:\[?(?:\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2})|\[(?:info|debug|warn|warning|error|trace|fatal|notice)\])`,
    // lock files (yarn/npm), go.sum, pip requirements, shell prompts
    String.raw`^\s*(?:resolved|integrity|version|checksum|source|dependencies|name|hash)\s+["']?\S+["']?\s*$`,
    String.raw`^\s*[\w./@-]+\s+v?\d+(?:\.\d+)+\S*\s+h1:`,
    String.raw`^\s*[\w.-]+\s*(?:==|>=|<=|~=)\s*[\d.]+`,
    String.raw`^\s*(?:\$|>>>|\.\.\.|>)\s`,
    // code: keywords that open a line, closing brackets, lines ending in ; { ( [
    String.raw`^\s*(?:import\s+[\w{*]|from\s+[\w.]+\s+import\b|def\s+\w+\s*\(|class\s+\w+\s*[(:{]|return\b|function\b|async\s+|await\s+|#include\b|#!\/|package\s+[\w.]+;?$|using\s+[\w.]+;|public\s|private\s|protected\s|static\s|fn\s+\w+|impl\b|struct\s+\w+|enum\s+\w+|interface\s+\w+|type\s+\w+\s*=|if\s*\(|for\s*\(|while\s*\(|switch\s*\(|elif\b|else\s*[:{]|try\s*[:{]|except\b|catch\s*\(|finally\s*[:{]|raise\s+\w|throw\s+new\b|yield\b|@\w+)`,
    String.raw`^\s*[}\])][\s;,)}\]]*$`,
  ].join("|"),
);

/** A line ending in ; { ( [ (checked by character: an unanchored `$` pattern costs a scan per position). */
function opensBlock(line: string): boolean {
  let i = line.length - 1;
  while (i >= 0 && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9 || line.charCodeAt(i) === 13)) i--;
  const c = line.charCodeAt(i);
  return c === 59 || c === 123 || c === 40 || c === 91;
}

/**
 * A line that opens with a sentence (four words or more, then . ? or ! and more text) is text,
 * whatever it ends in: code does not start with a sentence, and an optimised suffix glued to a
 * request often ends in ( [ { or ; — blanking that line would hide the request and its suffix.
 */
const SENTENCE_FIRST = /^\s*(?:[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*,?\s+){3,}[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*[.?!]\s+\S/;

/** Comment lines: data when inside a region of code, plain text otherwise. */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|#|--|<!--|;;)/;
/** First characters of COMMENT_LINE's openings: / * # - < ; */
const COMMENT_START: ReadonlySet<number> = new Set([47, 42, 35, 45, 60, 59]);

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
    String.raw`\b(?:assistant|chatgpt|gpt-?\d*|claude|gemini|llm|language\s+model|ai\s+model|ai\s+agent|\bai)\b\s*[:,]`,
    String.raw`\b(?:respond|reply|answer)\s+(?:only\s+)?(?:with|in|by)\b`,
    String.raw`\b(?:system\s+prompt|new\s+instructions?|important\s+(?:instructions?|message))\b`,
    String.raw`\bplease\s+(?!see\b|refer\b|note\b|visit\b|read\b|check\b|report\b|file\b|use\b|run\b|install\b|consider\b|make\s+sure\s+(?:that\s+)?(?:the|your\s+(?:code|build|package)))\w+`,
    String.raw`<\|im_start\|>|\[\/?inst\]|<<sys>>`,
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
]);

/** Long runs of base64 / hex / hash characters that carry a digit: blanked wherever they stand. */
const BLOB_MIN = 32;
const isBlobChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 61 || c === 95 || c === 45;

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

// Character classes by code unit, one table lookup per character in the loops below.
const SPACE = 1; // `\s` of a JavaScript regex
const LETTER = 2; // a word's letter: a-z or anything from U+00C0 on (the text is lower-cased)
const INNER = 4; // inside a word: a letter, ' or -
const TAIL = 8; // a word's trailing punctuation: . , ; : ! ? ) " '
const PLAIN = 16; // no code symbol: a-z 0-9, U+00C0 on, . , ' " ! ? -
const CLASS = (() => {
  const t = new Uint8Array(65536);
  for (let c = 0xc0; c < 65536; c++) t[c] = LETTER | INNER | PLAIN;
  for (let c = 97; c <= 122; c++) t[c] = LETTER | INNER | PLAIN;
  for (let c = 48; c <= 57; c++) t[c] = PLAIN;
  for (const ch of ".,;:!?)\"'") t[ch.charCodeAt(0)]! |= TAIL;
  for (const ch of ".,'\"!?-") t[ch.charCodeAt(0)]! |= PLAIN;
  t[39]! |= INNER;
  t[45]! |= INNER;
  for (const c of [9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]) t[c] = SPACE;
  for (let c = 0x2000; c <= 0x200a; c++) t[c] = SPACE;
  return t;
})();

/**
 * Whether line[a, b) (no white space in it) is a word: `["'(]?` a letter, then letters, `'` and
 * `-`, then at most two of `.,;:!?)"'` (the regex `^["'(]?[a-z\u00c0-\uffff][a-z'\u00c0-\uffff-]*[.,;:!?)"']{0,2}$`).
 */
function isWord(line: string, a: number, b: number): boolean {
  let i = a;
  const c0 = line.charCodeAt(i);
  if (c0 === 34 || c0 === 39 || c0 === 40) i++;
  if (i >= b || (CLASS[line.charCodeAt(i)]! & LETTER) === 0) return false;
  for (i++; i < b && (CLASS[line.charCodeAt(i)]! & INNER) !== 0; i++);
  // the rest: at most two tail characters (a ' the middle could take is taken there: greedy is exact)
  if (b - i > 2) return false;
  for (; i < b; i++) if ((CLASS[line.charCodeAt(i)]! & TAIL) === 0) return false;
  return true;
}

/**
 * A line that matched a data pattern but reads as a sentence ("name = this parameter holds the
 * name of the command…", `prompt = "write a detailed guide on …"`): eight or more words and
 * almost no code symbols. Such a line stays text. One character pass (this runs on every code
 * line; splitting and a regex per token cost more than the rest of the view).
 */
export function sentenceLike(line: string): boolean {
  const n = line.length;
  if (n < 15) return false; // eight words need 15 characters
  let words = 0;
  let symbols = 0;
  for (let i = 0; i < n; ) {
    while (i < n && (CLASS[line.charCodeAt(i)]! & SPACE) !== 0) i++;
    if (i >= n) break;
    const a = i;
    let all = PLAIN;
    for (; i < n; i++) {
      const k = CLASS[line.charCodeAt(i)]!;
      if ((k & SPACE) !== 0) break;
      all &= k;
    }
    if (isWord(line, a, i)) words++;
    else if (all === 0) symbols++;
  }
  return words >= 8 && symbols <= words / 8;
}

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
    let f = i;
    while (f < e && (CLASS[lower.charCodeAt(f)]! & SPACE) !== 0) f++;
    const c = f < e ? lower.charCodeAt(f) : -1;
    let k: number;
    if ((c === 96 || c === 126) /* ` ~ */ && FENCE.test(lower.slice(i, e))) {
      inFence = !inFence;
      k = 4; // fence marker: always data
    } else if (inFence)
      k = sentenceLike(lower.slice(i, e)) ? 1 : 4; // a fence around prose quotes a text
    else if (f === e) k = 0;
    else {
      const line = lower.slice(i, e);
      if (opensBlock(line) || STRONG_DATA_LINE.test(line)) k = sentenceLike(line) || SENTENCE_FIRST.test(line) ? 1 : 3;
      else if (COMMENT_START.has(c) && COMMENT_LINE.test(line)) k = 2;
      else k = 1;
    }
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
  // blank the region lines, keeping the lines addressed to the assistant, then the blobs
  let out = "";
  let from = 0;
  for (let j = 0; j < kind.length; j++) {
    if (!blank[j] || starts[j]! >= ends[j]!) continue;
    if (ADDRESS_GATE.any(lower, starts[j]!, ends[j]!) && ADDRESSED.test(lower.slice(starts[j]!, ends[j]!))) continue;
    out += lower.slice(from, starts[j]!) + " ".repeat(ends[j]! - starts[j]!);
    from = ends[j]!;
  }
  out += lower.slice(from);
  if (blob.length === 0) return out;
  let withBlobs = "";
  let at = 0;
  for (let b = 0; b < blob.length; b += 2) {
    withBlobs += out.slice(at, blob[b]!) + " ".repeat(blob[b + 1]! - blob[b]!);
    at = blob[b + 1]!;
  }
  return withBlobs + out.slice(at);
}
