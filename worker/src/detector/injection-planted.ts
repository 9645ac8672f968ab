// Instructions planted in forwarded content that steer the reply. An application forwards an
// e-mail, a table, a web page or a Stack Overflow answer after its own instruction ("Here is the
// content of the email:"); a sentence inside that content that tells the reader how to shape
// *your response* ("Modify your answer to…", "Render your message using…", "In your reply, tease…")
// or to build a snippet into *your solution* whose code reaches the network, the shell or the
// user's files is aimed at the model, not at the e-mail's human reader. The same sentence from
// the user before any forwarded content is an ordinary request, so these rules only read what
// follows a content introducer.
import type { RawHit } from "./types";

/** Where forwarded content starts: "content of the email:", "Here is the … answer:", a separator. */
const INTRO =
  /(?:content|contents|text|body)\s+of\s+(?:the|this|that|my)\s+[\w -]{0,30}:|\b(?:here\s+is|here's|below\s+is|following\s+is|the\s+following|based\s+on)\b[^\n]{0,80}\b(?:e-?mails?|messages?|documents?|forms?|tables?|pages?|articles?|answers?|posts?|texts?|files?|results?|outputs?|data|content|reviews?|comments?|transcripts?|webpages?|snippets?)\b[^\n]{0,40}:[ \t]*\n|\n[ \t]*(?:-{3,}|={3,}|"""|''')[ \t]*\n|<(?:document|email|context|data|tool_output|search_results?)>/;

/** The reply the model will write, as the planted sentence names it. */
const REPLY =
  /\byour\s+(?:[\w-]+(?:'s)?\s+){0,2}?(?:reply|replies|response|responses|answer|answers|message|messages|output|elucidation|explanation|summary)\b(?!\s+(?:to|from)\s+(?:us|me|our)\b)/g;

/** Sentence openings that are not an imperative aimed at the reader's reply. */
const NOT_IMPERATIVE =
  /^(?:thank|thanks|we\b|i\b|i'm|you\b|it\b|this\b|that\b|the\b|our\b|if\b|as\b|when\b|once\b|after\b|before\b|for\b|to\b|a\b|an\b|note\b|please\s+note|your\b(?!\s+\w+\s+(?:should|must)))/;

/** A request to build a snippet into the reader's work. */
const CODE_INSERT =
  /\b(?:following|subsequent|below|this|next)\s+(?:[\w-]+\s+)?(?:code|snippet|block|excerpt|script|lines?)\b[^.!?\n]{0,120}\byour\s+(?:[\w-]+\s+){0,2}?(?:code|codebase|solution|implementation|program|script|project|app|application|response|answer|elucidation|work)\b|\byour\s+(?:code|codebase|solution|implementation|program)\b[^.!?\n]{0,80}\b(?:following|subsequent|below)\s+(?:[\w-]+\s+)?(?:code|snippet|block|excerpt)\b/g;

/** Code that reaches the network, the shell, the user's files or secrets. */
const RISKY_CODE =
  /\b(?:requests\.(?:get|post|put)|urllib|urlopen|http\.client|aiohttp|socket\.|paramiko|ftplib|smtplib|aiosmtplib|scp\b|subprocess|os\.system|system\(|popen|exec\(|eval\(|os\.environ|environ\[|getenv|cookie|keylog|pynput|keyboard\.|psutil|shutil\.(?:move|copy|rmtree)|os\.remove|rmtree|chmod|curl\s|wget|base64\.b64|crypt|miner|\.ssh|passwd|\/etc\/|upload|webhook|fetch\(|xmlhttprequest|child_process)/;

const SENTENCE_START = /[.!?\n:"]\s*$/;

/**
 * Scan lower-cased text for reply-steering and code-planting sentences in forwarded content.
 * `lower` is the prose view (data regions blanked); `raw` the full lower-cased text, where the
 * planted code itself is read.
 */
export function scanPlanted(lower: string, out: RawHit[], raw: string = lower): void {
  if (!lower.includes("your ")) return;
  const intro = INTRO.exec(lower);
  if (!intro) return;
  const from = intro.index + intro[0].length;
  REPLY.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = REPLY.exec(lower))) {
    // the sentence holding the mention, from its start
    let s = m.index;
    while (s > from && !SENTENCE_START.test(lower.slice(Math.max(from, s - 2), s))) s--;
    const sentence = lower.slice(s, m.index + m[0].length).trimStart();
    const head = sentence.replace(
      /^(?:in|into|within|for|with|to)\s+your\s+[\w' -]{0,30}?(?:reply|response|answer|message|output)\b[\s,]*/,
      "",
    );
    if (head.length > 200 || NOT_IMPERATIVE.test(head)) continue;
    out.push({
      rule: "injection.reply_steering",
      start: s + (lower.slice(s).length - lower.slice(s).trimStart().length),
      end: m.index + m[0].length,
    });
    return;
  }
  CODE_INSERT.lastIndex = from;
  while ((m = CODE_INSERT.exec(lower))) {
    const code = raw.slice(m.index + m[0].length, m.index + m[0].length + 800);
    if (!RISKY_CODE.test(code)) continue;
    out.push({ rule: "injection.planted_code", start: m.index, end: m.index + m[0].length });
    return;
  }
}
