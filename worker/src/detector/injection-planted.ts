// Instructions planted in forwarded content that steer the reply. An application forwards an
// e-mail, a table, a web page or a Stack Overflow answer after its own instruction ("Here is the
// content of the email:"); a sentence inside that content that tells the reader how to shape
// *your response* ("Modify your answer to…", "Render your message using…", "In your reply, tease…")
// or to build a snippet into *your solution* whose code reaches the network, the shell or the
// user's files is aimed at the model, not at the e-mail's human reader. The same sentence from
// the user before any forwarded content is an ordinary request, so these rules only read what
// follows a content introducer.
import type { RawHit } from "./types";

/**
 * Where forwarded content starts: "content of the email:", "Here is the … answer:", a separator, a
 * tag. One pattern per kind, each tried only on a text that has what it needs (a `:`, a `:` that
 * ends a line, a separator, a `<`): one pattern of all four cost five times as much. They open
 * with different characters, so at most one matches at a position and the first match of any is
 * the first of the four together.
 */
const INTRO_LABEL = /(?:content|contents|text|body)\s+of\s+(?:the|this|that|my)\s+[\w -]{0,30}:/;
const INTRO_LEAD =
  /\b(?:here\s+is|here's|below\s+is|following\s+is|the\s+following|based\s+on)\b[^\n]{0,80}\b(?:e-?mails?|messages?|documents?|forms?|tables?|pages?|articles?|answers?|posts?|texts?|files?|results?|outputs?|data|content|reviews?|comments?|transcripts?|webpages?|snippets?)\b[^\n]{0,40}:[ \t]*\n/;
const INTRO_SEPARATOR = /\n[ \t]*(?:-{3,}|={3,}|"""|''')[ \t]*\n/;
const INTRO_TAG = /<(?:document|email|context|data|tool_output|search_results?)>/;
const COLON_ENDS_LINE = /:[ \t]*\n/;

/**
 * Words one of which every INTRO_LABEL match holds, and every INTRO_LEAD match: a text without any
 * skips that pattern (the detector's literal gate finds them in the same pass as its other words).
 */
const LABEL_WORDS = ["content", "text", "body"];
const LEAD_WORDS = ["here", "below", "following", "based"];
export const INTRO_LITERALS: readonly string[] = [...LABEL_WORDS, ...LEAD_WORDS];

/**
 * The first content introducer in `lower` (see INTRO_LABEL), or null. `present`: the literal
 * gate's finds (INTRO_LITERALS among its literals) in `lower`, or in the text `lower` is the prose
 * view of (a word of letters in the view is in that text: blanking only makes spaces).
 */
export function forwardedContentStart(lower: string, present?: ReadonlySet<string>): RegExpExecArray | null {
  const colon = lower.includes(":");
  const separator = lower.includes("---") || lower.includes("===") || lower.includes('"""') || lower.includes("'''");
  const tag = lower.includes("<");
  // every introducer holds one of these: a text with none has no forwarded content
  if (!colon && !separator && !tag) return null;
  const label = colon && (present ? LABEL_WORDS.some((w) => present.has(w)) : true);
  const lead = colon && (present ? LEAD_WORDS.some((w) => present.has(w)) : true);
  let first = label ? INTRO_LABEL.exec(lower) : null;
  if (lead && COLON_ENDS_LINE.test(lower)) first = earlier(first, INTRO_LEAD.exec(lower));
  if (separator) first = earlier(first, INTRO_SEPARATOR.exec(lower));
  if (tag) first = earlier(first, INTRO_TAG.exec(lower));
  return first;
}
const earlier = (a: RegExpExecArray | null, b: RegExpExecArray | null) => (a && (!b || a.index <= b.index) ? a : b);

/** The reply the model will write, as the planted sentence names it. */
const REPLY =
  /\byour\s+(?:[\w-]+(?:'s)?\s+){0,2}?(?:reply|replies|response|responses|answer|answers|message|messages|output|elucidation|explanation|summary)\b(?!\s+(?:to|from)\s+(?:us|me|our)\b)/g;

/** Who reads forwarded content on the user's behalf ("assistant" and "agent" are people too: labels only). */
const AI_READER = String.raw`(?:ai|a\.i\.|llm|gpt|bot|chatbot|assistant|agent|model|language\s+model)`;
/** The reader named as a machine: what "a note to the …" must name to be for the model. */
const AI_ONLY = String.raw`(?:ai|a\.i\.|llm|gpt|chatbot|bot|language\s+model|ai\s+(?:assistant|agent|model))`;

/** Sentence openings that are not an imperative aimed at the reader's reply. */
const NOT_IMPERATIVE =
  /^(?:thank|thanks|we\b|i\b|i'm|you\b|it\b|this\b|that\b|the\b|our\b|if\b|as\b|when\b|once\b|after\b|before\b|for\b|to\b|a\b|an\b|note\b|please\s+note|your\b(?!\s+\w+\s+(?:should|must)))/;

/** A request to build a snippet into the reader's work. */
const CODE_INSERT =
  /\b(?:following|subsequent|below|this|next)\s+(?:[\w-]+\s+)?(?:code|snippet|block|excerpt|script|lines?)\b[^.!?\n]{0,120}\byour\s+(?:[\w-]+\s+){0,2}?(?:code|codebase|solution|implementation|program|script|project|app|application|response|answer|elucidation|work)\b|\byour\s+(?:code|codebase|solution|implementation|program)\b[^.!?\n]{0,80}\b(?:following|subsequent|below)\s+(?:[\w-]+\s+)?(?:code|snippet|block|excerpt)\b/g;

/** Code that reaches the network, the shell, the user's files or secrets. */
const RISKY_CODE =
  /\b(?:requests\.(?:get|post|put)|urllib|urlopen|http\.client|aiohttp|socket\.|paramiko|ftplib|smtplib|aiosmtplib|scp\b|subprocess|os\.system|system\(|popen|exec\(|eval\(|os\.environ|environ\[|getenv|cookie|keylog|pynput|keyboard\.|psutil|shutil\.(?:move|copy|rmtree)|os\.remove|rmtree|chmod|curl\s|wget|base64\.b64|crypt|miner|\.ssh|passwd|\/etc\/|upload|webhook|fetch\(|xmlhttprequest|child_process)/g;

/** What a risky call is looked for by before the snippet: its module ("requests", "socket"), else itself. */
const riskyStem = (token: string) => /^(?:requests|socket|keyboard|shutil|http)\./.exec(token)?.[0].slice(0, -1) ?? token;

/** The same request with the snippet inline: "add `import os; os.system(…)` at the top of your script". */
const INLINE_CODE_INSERT =
  /\b(?:add|insert|put|paste|include|place|prepend|append)\s+`[^`\n]{4,300}`\s+(?:to|in(?:to)?|before|after|at\s+the\s+(?:top|start|beginning|end)\s+of)\s+your\s+(?:[\w-]+\s+)?(?:code|script|file|program|app|application|project|solution|module|notebook)\b/g;

/**
 * What no answer needs to add to fix a question's code: a downloaded script run by the shell, the
 * user's secrets or files sent over the network, code fetched and evaluated, a wiped directory.
 */
const HARMFUL_SNIPPET =
  /\b(?:curl|wget)\b[^`\n]{0,120}\|\s*(?:ba|z)?sh\b|\b(?:requests\.(?:post|put)|urlopen|http\.client|socket\.|smtplib|fetch\()[^`\n]{0,200}(?:open\(|os\.environ|getenv|\.env\b|\.ssh|id_rsa|cookie|passwd|credentials)|(?:open\(|os\.environ|getenv)[^`\n]{0,200}(?:requests\.(?:post|put)|urlopen|socket\.|smtplib|fetch\()|\b(?:eval|exec)\((?:[^`\n]{0,60})(?:requests\.get|urlopen|fetch\(|base64)|\brm\s+-rf\s+[~/]/;

/** `injection.planted_code` for an inline snippet (INLINE_CODE_INSERT) that does harm and brings in a risky call; true when found. */
function inlineCodePlant(raw: string, out: RawHit[]): boolean {
  INLINE_CODE_INSERT.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = INLINE_CODE_INSERT.exec(raw))) {
    if (!HARMFUL_SNIPPET.test(m[0]) || !bringsInRiskyCall(m[0], raw, m.index)) continue;
    out.push({ rule: "injection.planted_code", start: m.index, end: m.index + m[0].length });
    return true;
  }
  return false;
}

/**
 * Whether a snippet makes a risky call that nothing in `text` before `end` uses: a planted snippet
 * brings in what the question and answer are not about (a socket in a pandas answer); an answer
 * that tells its reader to add `subprocess.run(...)` to a script about subprocess is advice.
 */
function bringsInRiskyCall(code: string, text: string, end: number): boolean {
  for (const t of code.matchAll(RISKY_CODE)) {
    const stem = riskyStem(t[0]);
    const at = text.indexOf(stem);
    if (at < 0 || at + stem.length > end) return true;
  }
  return false;
}

/** The end of the previous sentence, in the two characters before a position: a full stop is one when a space follows ("www.example.net" is not). */
const SENTENCE_START = /(?:[.!?]\s|[\n:"]\s?)$/;
/** `text` up to the end of its first sentence (a full stop inside "www.example.net" does not end it). */
const untilSentenceEnd = (text: string) => text.split(/[.!?\n](?:\s|$)/, 1)[0] ?? "";

// A mention of "your reply" in forwarded content that is the e-mail's own business with its human
// reader, not an order about the reply the model writes: the reader is asked to send, submit, confirm
// or share their answer, thanked or awaited for it ("please send your reply by Friday", "looking
// forward to your response", "thanks for your answer"), told where to put it ("… in the shared
// doc") or by when, or asked for their own details in it ("in your reply, include your order
// number"). Everything else a planted sentence does to "your reply" (scramble, encode, enhance,
// augment, provide it in anagrams …) is an open set of verbs, so the e-mail's side is what is named.
const REPLY_WORD = String.raw`your\s+(?:[\w-]+(?:'s)?\s+){0,2}?(?:reply|replies|response|responses|answer|answers|message|messages|output|elucidation|explanation|summary)$`;
/** The reply delivered, awaited or thanked for: a verb of the e-mail's reader, or a preposition of "about". */
const READERS_REPLY = new RegExp(
  String.raw`\b(?:(?:send|submit|return|forward|share|confirm|e-?mail|mail|post|fax|upload|get|have|receive|check|read|review|discuss|hear|see|await|expect|appreciate|value|welcome|need|want)(?:s|ed|ing)?(?:\s+(?:me|us|him|her|them|back))?|thanks?(?:\s+you)?|looking\s+forward\s+to|look\s+forward\s+to|waiting\s+(?:for|on)|on|for|about|regarding|re|with|pending|upon|after)\s+(?:all\s+|both\s+)?${REPLY_WORD}`,
);
/** Where or by when the reader's reply goes: a place of the organization's, a deadline. */
const PLACE_OR_DEADLINE =
  /^\s*(?:(?:in|into|on|to|via|through|using)\s+(?:the|this|that|our|my|a|your)\s+(?:shared\s+|online\s+|attached\s+|google\s+)?(?:doc|docs|document|form|sheet|spreadsheet|thread|ticket|portal|folder|drive|channel|tracker|survey|box|field|section|system|app|link|page|site|website|inbox|chat)\b|(?:by|before|no\s+later\s+than|until|within)\s+(?:the\s+)?(?:\w+\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|eod|cob|noon|midnight|end|next|close|\d))/;
/** The reply prescribed or filled: "your reply must include …", "in your reply, include …". */
const PRESCRIBED =
  /^\s*(?:should|must|shall|needs?\s+to|has\s+to|ought\s+to|is\s+to)\s+(?:always\s+|also\s+|only\s+)?(?:include|contain|mention|state|list|have|give|provide)\b/;
const INTO_REPLY = new RegExp(String.raw`\b(?:in|into|within|to)\s+(?:all\s+|each\s+|every\s+)?${REPLY_WORD}`);
const FILL_VERB = /\b(?:add|include|insert|mention|put|append|attach|state|list|give|provide|enter|note|specify|indicate|confirm)\b/;
/** The reader's own details as what is asked for: "your order number", "you are available". */
const READERS_OWN = /^[^.!?\n]{0,60}?\b(?:your|you|yours)\b/;
const readersOwnAfter = (text: string) => {
  const verb = FILL_VERB.exec(text);
  return verb !== null && READERS_OWN.test(text.slice(verb.index + verb[0].length));
};

/** Whether `sentence` (up to its mention of the reply) and `rest` (what follows it) are about the reader's own reply. */
function asksReadersReply(sentence: string, rest: string): boolean {
  const tail = untilSentenceEnd(rest);
  if (READERS_REPLY.test(sentence) || PLACE_OR_DEADLINE.test(tail)) return true;
  const prescribed = PRESCRIBED.exec(tail);
  if (prescribed) return READERS_OWN.test(tail.slice(prescribed[0].length));
  if (INTO_REPLY.test(sentence)) return readersOwnAfter(sentence.replace(INTO_REPLY, "")) || readersOwnAfter(tail);
  return false;
}

/**
 * An assistant's task asked for at the start of a sentence of forwarded content: content to write
 * (an essay, a poem, a function), something to explain, recommend, translate or calculate. A
 * person writing an e-mail or filling a table asks its human reader for other things (review,
 * confirm, reply, call, click, "let me know"), and when they ask the reader to write or describe
 * something it is about "you" ("describe the issue you are facing"): such sentences are left out.
 */
const OFFTASK = new RegExp(
  String.raw`(?:^|[.!?\n"]\s*|\|\s*)(?:(?:please|now|also|next|then|finally|first),?\s+|(?:can|could|would)\s+you\s+(?:please\s+)?)?(?:` +
    [
      // content to produce: "compose a letter to …", "draft an introduction for …"
      String.raw`(?:write|draft|compose|generate|produce|craft)\s+(?:me\s+)?(?:a|an|some|one|two|three|five|ten|\d+)\s+(?!(?:new\s+|short\s+|quick\s+|brief\s+)?(?:account|profile|password|ticket|request|reply|response|backup|copy|folder|invoice|appointment|booking|order|review|comment|testimonial|feedback|note|message|line|rating|survey)s?\b)[\w-]+`,
      // something to explain: "explain how recursion works", "describe the lifecycle of …"
      String.raw`(?:explain|describe|discuss|define|elaborate\s+on|break\s+down)\s+(?:to\s+me\s+)?(?:the|a|an|how|what|why|in\s+simple\s+terms)\b`,
      String.raw`(?:recommend|suggest|name|list)\s+(?:me\s+)?(?:a\s+(?:good|great|few|book|movie|film|song|place|restaurant|recipe|game)|some\s+(?:good|great|books|movies|films|songs|places|tips|ideas|ways)|the\s+(?:best|top)|three|five|ten|two|several|\d+)\b`,
      String.raw`(?:provide|give)\s+(?:me\s+)?(?:an?\s+(?:example|list|summary|overview|explanation|definition|recipe|brief\s+history)|examples|some\s+(?:tips|examples|advice))\b`,
      String.raw`(?:tell|give|teach|show)\s+me\s+(?:a\s+(?:joke|story|fun\s+fact|fact|riddle|quote)|some\s+(?:tips|facts|jokes|advice|ideas)|how\s+to|about\s+(?:the|a|an))\b`,
      String.raw`translate\s+(?:the\s+following|this\s+(?:sentence|phrase|text)|["“'][^"”'\n]{1,80}["”'])\s+(?:\w+\s+){0,3}?(?:in)?to\s+[a-z]+`,
      String.raw`(?:calculate|compute|solve|convert)\s+(?:the\s+(?:sum|area|square|derivative|integral|value|average|factorial)|this\s+(?:equation|problem)|\d)`,
      // a general-knowledge question no e-mail or table asks its reader
      String.raw`(?:what\s+(?:is|are|was|were)\s+the\s+(?:capital|main|primary|largest|smallest|tallest|longest|chemical|boiling|speed|population|meaning|origin|difference|causes?|functions?|benefits?)|who\s+(?:wrote|invented|discovered|painted|composed|founded|was\s+the\s+first))\b`,
    ].join("|") +
    String.raw`)[^.!?\n]*`,
  "g",
);
/**
 * An action for an agent, opening a sentence or a quoted field of content it reads (a review, a
 * bio, an event's description in a tool's output, a to-do in an e-mail): a verb that moves money,
 * data, files or access, or works one of the user's tools, aimed at something only those tools
 * can reach: an account or record ID, an e-mail address to send to, a path, money, "my files",
 * "my genetic data". A person's review or bio describes; it does not order a transfer to an
 * account number or the user's saved addresses mailed to a stranger.
 */
const AGENT_ACTION = new RegExp(
  String.raw`(?:^|['"]\s*|[.!?:]\s+|,\s+(?=(?:please|kindly)\b))(?:(?:first|then|also|now),?\s+)?(?:(?:please|kindly)\s+|(?:can|could|would)\s+you\s+(?:please\s+)?)?` +
    String.raw`(?:transfer|wire|send|forward|e-?mail|grant|unlock|lock|delete|remove|move|sell|purchase|buy|withdraw|disable|deactivate|reset|change|update|invite|share|upload|download|initiate|retrieve|fetch|get|find|list|check|provide|approve|add|schedule|book|cancel|dispatch|pay|post|install|guide|leave|set|turn\s+(?:on|off)|give)\b` +
    // the rest of the sentence, inside the field: not past a sentence end or a closing quote
    // followed by the record's next key
    String.raw`(?:(?![.!?]\s|['"]\s*[,:}\]]\s*['"{\[])[^\n]){0,200}?` +
    String.raw`(?:\$\s?\d|\b\d[\d,.]*\s*(?:usd|eur|gbp|dollars|units|btc)\b|[\w.+-]+@[\w-]+\.[a-z]{2,}|\bto\s+['"]?(?:https?:\/\/|~?\/\w)|\b(?:account|patient|user|log|record|note|application)[\s_]?(?:number|no\.?|id)?\s*(?:is\s*)?[:#(]?\s*['"]?[\w-]*\d|\bid\s*(?:is\s*)?[:#]?\s*['"]?[\w-]*\d|\bid\d` +
    String.raw`|\b(?:my|all\s+(?:my|the|of\s+my))\s+(?:[\w/-]+\s+){0,2}?(?:files|documents|emails|e-mails|records|passwords?|payment\s+methods?|contacts|holdings|data|repositor(?:y|ies)|accounts?|door|front\s+door|keys?|addresses|details|information|info|prescriptions|shipments|messages|location|calendar|photos|history|security\s+settings))`,
  "g",
);

/** The user's own question after the forwarded content: where the content ends. */
const CONTENT_END = /\n\s*(?:question|query|q|task|request|user(?:'s)?\s+question)\s*:/;
/** A sentence asking its human reader about themselves: an e-mail's request, not an off-task one. */
const ABOUT_READER = /\b(?:you|your|you're|yours)\b/;

/**
 * Scan lower-cased text for reply-steering and code-planting sentences in forwarded content.
 * `lower` is the prose view (data regions blanked); `raw` the full lower-cased text, where the
 * planted code itself is read.
 */
export function scanPlanted(lower: string, out: RawHit[], raw: string = lower, present?: ReadonlySet<string>): void {
  // an inline snippet to build into "your script" that does harm and brings in a risky call:
  // planted wherever it stands (an answer pasted without an introducer; a user writes "my script")
  if (raw.includes("`") && inlineCodePlant(raw, out)) return;
  const intro = forwardedContentStart(lower, present);
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
    const rest = lower.slice(m.index + m[0].length, m.index + m[0].length + 160);
    // the opening is read with the rest of the sentence: "your reply must …" names the reply as its subject
    if (head.length > 200 || NOT_IMPERATIVE.test(head + rest)) continue;
    if (asksReadersReply(sentence, rest)) continue;
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
    if (!bringsInRiskyCall(code, raw, m.index)) continue;
    out.push({ rule: "injection.planted_code", start: m.index, end: m.index + m[0].length });
    return;
  }
  // the forwarded content runs up to the user's own question, if there is one
  const end = CONTENT_END.exec(lower.slice(from));
  const to = end ? from + end.index : lower.length;
  if (scanAiDirective(lower, from, to, out)) return;
  scanOffTask(lower, from, to, out);
}

/**
 * A label that gives the forwarded content a channel to the model ("ASSISTANT INSTRUCTIONS:", "Note
 * to the AI:") or a clause that hangs an order on the model's task over it ("when summarizing,
 * also tell the user to …"): the e-mail's human reader replies to it and reviews it, but does not
 * summarize, translate or parse it, nor is it addressed as "AI". Typed by the user before any
 * forwarded content, the same clause is an ordinary request, so only the content is read.
 */
const AI_DIRECTIVE = new RegExp(
  String.raw`(?:^|[\n>\[(*#"'-]|[.!?]\s)\s*(?:(?:note|message|instructions?|directives?|commands?)\s+(?:to|for)\s+(?:the\s+|any\s+)?${AI_ONLY}|${AI_READER}\s+(?:instructions?|directives?|commands?|override|only))\s*:` +
    String.raw`|\b(?:when|while|after|before)\s+(?:summari[sz]ing|translating|processing|analy[sz]ing|parsing|classifying|extracting)\b(?:\s+(?:this|it|the\s+\w+))?\s*,\s*(?:also\s+|please\s+|be\s+sure\s+to\s+|make\s+sure\s+to\s+|always\s+)?(?:tell|say|include|add|mention|recommend|ask|direct|instruct|inform|urge|advise|append|insert|write|send|link|point)\b`,
  "g",
);

/** `injection.addressed_to_ai` for a directive to the model in the forwarded content [from, to); true when found. */
function scanAiDirective(lower: string, from: number, to: number, out: RawHit[]): boolean {
  AI_DIRECTIVE.lastIndex = Math.max(0, from - 1);
  const m = AI_DIRECTIVE.exec(lower);
  if (!m || m.index >= to) return false;
  let s = 0;
  while (s < m[0].length && /[\s\n>[(*#"'-]/.test(m[0][s]!)) s++;
  out.push({ rule: "injection.addressed_to_ai", start: m.index + s, end: m.index + m[0].length });
  return true;
}

/** Words one of which a text needs before FORWARDED_MAIL is tried (the detector's literal gate finds them). */
export const FORWARDED_MAIL_LITERALS: readonly string[] = ["subject", " of the e"];

/**
 * `injection.planted_action`: an agent action in content the model reads. `raw`: the lower-cased
 * text with its data regions (tool output is JSON) — the action is read inside them. `present`:
 * the literal gate's finds in `raw`, FORWARDED_MAIL_LITERALS among its literals (a search per word
 * cost more than the rest of this rule: " of the e" starts at every space).
 */
export function scanAgentAction(raw: string, out: RawHit[], present?: ReadonlySet<string>): void {
  const fields = raw.includes("':") || raw.includes('":');
  const mailWords = present ? FORWARDED_MAIL_LITERALS.some((l) => present.has(l)) : FORWARDED_MAIL_LITERALS.some((l) => raw.includes(l));
  const mail = mailWords ? FORWARDED_MAIL.exec(raw) : null;
  if (!fields && !mail) return;
  AGENT_ACTION.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = AGENT_ACTION.exec(raw))) {
    // inside a record's field: a key and its opening quote shortly before, or in the body of an
    // e-mail the app forwards (a user typing "please transfer $500 to my savings account" to their
    // own banking agent is an ordinary request)
    const inField = fields && FIELD_BEFORE.test(raw.slice(Math.max(0, m.index - 300), m.index + 1));
    // in an e-mail's prose a bare verb may be a noun ("Intl. Wire Payment of $150"): the sentence
    // must ask ("please …", "can you …") or follow a label ("TODO: move …")
    if (!inField && !(mail && m.index > mail.index && (REQUEST.test(m[0]) || m[0].trimStart().startsWith(":")))) continue;
    // a deadline is for a person ("please send the report to finance@… by Friday"): an agent acts now
    if (!inField && HUMAN_DEADLINE.test(untilSentenceEnd(raw.slice(m.index + m[0].length, m.index + m[0].length + 160)))) continue;
    let s = 0;
    while (s < m[0].length && /[\s'".!?]/.test(m[0][s]!)) s++;
    out.push({ rule: "injection.planted_action", start: m.index + s, end: m.index + m[0].length });
    return;
  }
}
const HUMAN_DEADLINE =
  /\b(?:by|before|no\s+later\s+than|until|ahead\s+of)\s+(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:day|week|month|quarter)|(?:this|next)\s+\w+|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|cob|noon|midnight|\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}(?::\d\d)?\s*(?:am|pm)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)/;
const REQUEST = /^\W*(?:(?:first|then|also|now),?\s+)?(?:please|kindly|(?:can|could|would)\s+you)\b/;
/** An e-mail the application forwards: its body follows a subject header or "body of the e-mail:". */
const FORWARDED_MAIL = /\bsubject(?:\s+of\s+the\s+e-?mail)?\s*:[^\n]{1,200}?\bbody\s*:|\b(?:body|content|text)\s+of\s+the\s+e-?mail\s*:/;
/** A field of a record (JSON or a Python dict): `'key': '` or `"key": "`, its value not yet closed. */
const FIELD_BEFORE = /['"][\w -]{1,40}['"]\s*:\s*['"][^'"]*['"]?$/;

/** `injection.offtask_request`: an assistant's task planted in the forwarded content [from, to). */
function scanOffTask(lower: string, from: number, to: number, out: RawHit[]): void {
  // from the newline that ends the introducer, so content starting on the next line is a sentence start
  OFFTASK.lastIndex = Math.max(0, from - 1);
  let m: RegExpExecArray | null;
  while ((m = OFFTASK.exec(lower)) && m.index < to) {
    const text = m[0];
    // the sentence itself, without the punctuation or the cell border that opened it
    let s = 0;
    while (s < text.length && /[\s.!?"|]/.test(text[s]!)) s++;
    if (ABOUT_READER.test(text.slice(s))) continue;
    out.push({ rule: "injection.offtask_request", start: m.index + s, end: m.index + text.length });
    return;
  }
}
