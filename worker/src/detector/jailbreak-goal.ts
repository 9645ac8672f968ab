// Persuasion and role-play jailbreaks by mechanism: a harmful goal (weapons, drugs, malware,
// self-harm, fraud, crime how-tos) asked for inside a framing that tries to lift the model's
// limits (a persona, a story, a hypothetical, "no restrictions", "for educational purposes", an
// appeal to authority or urgency). Either alone is not an attack: a story about a detective or a
// question about how ransomware spreads is ordinary traffic. Both together, the request for the
// how-to is what the framing exists to smuggle.
import { holdsAny } from "./gate";
import type { RawHit } from "./types";

/**
 * The harmful objects of HARMFUL_GOAL, each with groups of literals ("a|b": one of them) of which
 * every match of it holds one literal of each: its word, or the words of a phrase that are never
 * optional. A text without them asks for no harmful how-to, and the detector's literal pass
 * (GOAL_GATE_LITERALS) tells so before the pattern runs.
 */
/** A message that passes itself off as someone else's (its sender follows: "from the bank", "as PayPal"). */
const PHISHING_MESSAGE = String.raw`(?:e-?mails?|messages?|texts?|sms|letters?)\s+(?:pretending|claiming|posing|purporting)`;

export const HARMFUL_OBJECTS: ReadonlyArray<readonly [pattern: string, ...groups: string[]]> = [
  ["meth(?:amphetamine)?", "meth"],
  ["cocaine", "cocaine"],
  ["heroin", "heroin"],
  ["fentanyl", "fentanyl"],
  ["lsd", "lsd"],
  ["mdma", "mdma"],
  ["drugs?", "drug"],
  ["napalm", "napalm"],
  ["thermite", "thermite"],
  ["explosives?", "explosive"],
  ["explosive\\s+devices?", "explosive"],
  ["bombs?", "bomb"],
  ["pipe\\s+bombs?", "bomb"],
  ["ieds?", "ied"],
  ["grenades?", "grenade"],
  ["molotov", "molotov"],
  ["nerve\\s+(?:agent|gas)", "nerve"],
  ["sarin", "sarin"],
  ["ricin", "ricin"],
  ["anthrax", "anthrax"],
  ["bioweapons?", "weapon"],
  ["chemical\\s+weapons?", "weapon"],
  ["poison\\w*", "poison"],
  ["(?:toxic|chlorine|mustard)\\s+(?:gas|fumes)", "toxic|chlorine|mustard", "gas|fumes"],
  ["untraceable", "untraceable"],
  ["(?:it|them|the\\s+(?:poison|dose|drug|body))\\s+undetectable", "undetectable"],
  ["guns?", "gun"],
  ["firearms?", "firearm"],
  ["ghost\\s+guns?", "gun"],
  ["silencers?", "silencer"],
  ["weapons?", "weapon"],
  ["malware", "malware"],
  ["ransomware", "ransomware"],
  ["keyloggers?", "keylogger"],
  ["viruses?", "viruse"],
  ["trojans?", "trojan"],
  ["botnets?", "botnet"],
  ["rootkits?", "rootkit"],
  ["spyware", "spyware"],
  ["exploits?", "exploit"],
  ["phishing", "phishing"],
  // a phishing message described instead of named: "an email pretending to be from the bank"
  [String.raw`${PHISHING_MESSAGE}\s+(?:to\s+(?:be\s+|come\s+)?from|as)`, "pretending|claiming|posing|purporting"],
  ["ddos", "ddos"],
  ["sql\\s+injection", "injection"],
  ["hack(?:ing)?\\s+(?:into|someone|a\\s+\\w+)", "hack"],
  ["steal\\w*", "steal"],
  ["shoplift\\w*", "shoplift"],
  ["counterfeit\\w*", "counterfeit"],
  ["launder\\w*", "launder"],
  ["fake\\s+(?:\\$?\\d+\\s+)?(?:ids?|passports?|money|documents?|bills?|banknotes?|currency|cash)", "fake"],
  ["credit\\s+card\\s+(?:numbers?|fraud)", "credit"],
  ["fraud", "fraud"],
  ["scams?", "scam"],
  ["identity\\s+theft", "theft"],
  ["kill(?:ing)?\\s+(?:someone|a\\s+person|people|my|him|her|myself)", "kill"],
  ["murder\\w*", "murder"],
  ["assassinat\\w*", "assassinat"],
  ["physical\\s+harm", "harm"],
  ["lethal\\s+(?:dose|amount|injection|combination)", "lethal"],
  ["suicide", "suicide"],
  ["self[- ]harm", "harm"],
  ["hurt\\s+(?:myself|someone|people|as\\s+many)", "hurt"],
  ["torture", "torture"],
  ["kidnap\\w*", "kidnap"],
  ["traffick\\w*", "traffick"],
  ["groom(?:ing)?\\s+(?:a\\s+)?(?:child|children|minors?|kids?)", "groom"],
  ["bypass\\s+(?:security|authentication|drm|a\\s+paywall)", "bypass"],
  ["crack\\s+(?:passwords?|software|wifi)", "crack"],
  ["pick\\s+(?:a\\s+|the\\s+)?(?:\\w+\\s+)?(?:\\w+\\s+)?(?:\\w+\\s+)?locks?", "pick", "lock"],
  ["hotwire", "hotwire"],
  ["evade\\s+(?:taxes|police|the\\s+police|detection)", "evade"],
  ["dispose\\s+of\\s+a\\s+body", "dispose"],
  ["(?:child|minor)\\w*\\s+(?:porn|sexual)", "porn|sexual"],
  ["(?:unsupervised|private|alone)\\s+(?:access|time)\\s+(?:to|with)\\s+(?:children|kids|minors|a\\s+child)", "child|kids|minor"],
  // software keys recited by a persona (the "grandmother" exploit)
  ["(?:activation|license|licence|product|serial|cd)\\s+keys?", "activation|license|licence|product|serial|cd", "key"],
];

/** The harmful objects, one alternation. */
const OBJECT_PATTERN = HARMFUL_OBJECTS.map(([pattern]) => pattern).join("|");

/**
 * A request for operational help with something harmful: a how-to or production verb ("how to",
 * "walk me through", "develop", "give step-by-step instructions for", "a working sample of") near
 * a harmful object. Written as a request, so a question about a harmful topic in the third person
 * ("how do ransomware gangs pick targets?") or a news summary is not one.
 */
const HARMFUL_GOAL = new RegExp(
  String.raw`\b(?:how\s+(?:to|do\s+(?:i|you|we)|can\s+(?:i|you|we)|would\s+(?:i|you|one)|one\s+(?:can|could|would))|steps?\s+(?:to|for)|step[- ]by[- ]step|instructions?\s+(?:on|for|to)|guide\s+(?:on|to|for)|guidance\s+on|recipe\s+for|tutorial\s+on|ways?\s+to|explain(?:s|ing)?\s+(?:(?:to\s+)?(?:[\w-]+\s+){0,3}?(?:precisely|exactly|in\s+detail)\s+)?(?:how|exactly)|describe(?:s|ing)?,?\s+(?:in\s+[\w\s-]{0,30}?,\s*)?how|tell\s+(?:me|us)\s+how|teach\s+(?:me|us)|walk\s+(?:me|us)\s+through|(?:exact|precise|specific)\s+(?=(?:[\w-]+\s+)?(?:steps|methods?|techniques|procedure|process|quantities|amounts?|doses?)\b)|(?:working|functional|sample|example)\s+(?:code|script|program|sample)|synthesis\s+(?:route|of)|write\s+(?:a|an|some|the)?\s*(?:working\s+)?(?:code|script|program)|(?:write|draft|compose|craft|generate)\s+(?:me\s+)?(?:a|an|some|the)?\s*(?:[\w-]+\s+){0,3}(?=(?:phishing|scam|ransom|extortion|malware|malicious|keylogger|virus|exploit)\w*|${PHISHING_MESSAGE}\b)|read\s+(?:me|us)|recite|synthes[iy][sz]e?s?|manufactur\w*|makes?|builds?|creates?|produces?|cooks?|obtain|acquire|buy|get|develop|design|assemble|construct|outline\s+(?:a|the)\s+plan|plan\s+(?:to|for))\b[^.?!\n]{0,60}?\b(?:` +
    OBJECT_PATTERN +
    String.raw`)\b`,
  "g",
);

/** The object as the subject of a passive: "ricin", "anthrax spores", "the pipe bomb". */
const OBJECT_SUBJECT = String.raw`(?:(?:the|a|an|such|this|that|these|those)\s+)?(?:[\w-]+\s+)?(?:${OBJECT_PATTERN})(?:\s+[\w-]+)?`;
/** What is done to produce it, in the passive. */
const PRODUCED = String.raw`(?:[a-z]+ly\s+)?(?:made|extracted|produced|synthesi[sz]ed|manufactured|assembled|built|cooked|prepared|refined|obtained|grown|weaponi[sz]ed|concealed|smuggled|laundered|deployed|detonated|spread)\b`;
/**
 * The same request with the object named first: how it "is extracted" or "can be made" (the
 * passive), or how someone does it "step by step" ("how criminals launder money through mixers,
 * step by step"). Present tense only: "how the first atomic bomb was built" is history.
 */
const HARMFUL_GOAL_OBJECT_FIRST = new RegExp(
  [
    // "how ricin is extracted", "how is ricin extracted", "how can fentanyl be made"
    String.raw`\bhow\s+(?:(?:is|are|can|could|should)\s+${OBJECT_SUBJECT}\s+(?:be\s+)?|${OBJECT_SUBJECT}\s+(?:is|are|can\s+be|could\s+be|gets?|should\s+be)\s+)${PRODUCED}`,
    // "how criminals launder money through mixers, step by step"
    String.raw`\bhow\s+(?:[\w-]+\s+){1,3}?(?:${OBJECT_PATTERN})\b[^.?!\n]{0,60}?\b(?:step[- ]by[- ]step|in\s+(?:full\s+|great\s+|precise\s+)?detail|with\s+(?:exact|precise)\s+(?:steps|quantities|amounts|doses|measurements))`,
  ].join("|"),
  "g",
);

/**
 * Defence, not production: the harmful object is what the asker wants to protect against, detect
 * or recover from ("how can I protect my servers from ransomware", "how to spot a phishing e-mail").
 */
const DEFENCE =
  /\b(?:protect\w*|defend\w*|prevent\w*|detect\w*|recogni[sz]\w*|spot|identify|avoid\w*|report\w*|remov\w*|get\s+rid\s+of|clean\w*|uninstall\w*|quarantin\w*|mitigat\w*|against|recover\w*|signs?\s+of|safe\s+from|secure\w*|disarm\w*|dispos(?:e|al)\s+of\s+(?:old|unused|expired)|treat\w*|survive|stop)\b/;

/** The same sentence goes on to ask how the harm is stopped: "how SQL injection works and how parameterised queries prevent it". */
const DEFENCE_FOLLOWS = /[^.?!\n]{0,80}?\band\s+(?:how|why|what)\b[^.?!\n]{0,60}?\b(?:prevent|protect|defend|stop|mitigate|block|detect)/y;

/** Whether DEFENCE_FOLLOWS reads on from `at` in `lower`. */
function defenceFollows(lower: string, at: number): boolean {
  DEFENCE_FOLLOWS.lastIndex = at;
  return DEFENCE_FOLLOWS.test(lower);
}

/**
 * History, not a how-to: what someone did, told in the past tense, in a sentence that dates it ("how
 * the Manhattan Project built the first atomic bomb", "how the bomb was built in 1944"). Both are
 * needed: the grandmother who "made napalm" in a jailbreak is past too, but undated.
 */
const PAST_DEED =
  /\bhow\s+(?:[\w-]+\s+){0,4}?(?:built|made|developed|produced|created|designed|invented|used|tested|dropped|detonated|constructed|assembled|manufactured|was|were|had)\b/;
const DATED = /\b(?:1[0-9]{3}|20[0-2][0-9])s?\b|\bhistor(?:y|ic|ical|ians?)\b|\bworld\s+war\b|\bcold\s+war\b|\b(?:1[0-9]|20)th\s+century\b/;
/** The part of a sentence before a position, and after one. */
const SENTENCE_START = /[^.?!\n]*$/;
const SENTENCE_END = /^[^.?!\n]*/;

/** Whether the request `m` of `lower` tells history: a past deed, dated in its sentence. */
function isHistory(lower: string, m: RegExpExecArray): boolean {
  const end = m.index + m[0].length;
  const after = SENTENCE_END.exec(lower.slice(end, end + 200))![0];
  if (!PAST_DEED.test(m[0] + after)) return false;
  const before = SENTENCE_START.exec(lower.slice(Math.max(0, m.index - 200), m.index))![0];
  return DATED.test(before + m[0] + after);
}

/** Harmless things named like the harmful ones: a bath bomb, a bomb shelter, a photobomb. */
const HARMLESS_NAMESAKE = /\b(?:bath|seed|glitter|photo|dive|flavou?r|cherry|calorie)\s*bombs?$|^\s+(?:shelters?|calorimeters?|squads?)\b/;
const isNamesake = (lower: string, m: RegExpExecArray) =>
  HARMLESS_NAMESAKE.test(m[0]) ||
  (/bombs?$/.test(m[0]) && HARMLESS_NAMESAKE.test(lower.slice(m.index + m[0].length, m.index + m[0].length + 14)));

/** The first harmful request of `re` in `lower` that is not a defence question, history or a namesake, or null. */
function firstRequest(re: RegExp, lower: string): RegExpExecArray | null {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(lower))) {
    if (!DEFENCE.test(m[0]) && !defenceFollows(lower, m.index + m[0].length) && !isHistory(lower, m) && !isNamesake(lower, m)) return m;
    // a later request in the same text may still be one: go on after this match's verb
    re.lastIndex = m.index + 1;
  }
  return null;
}

/** The first harmful request in `lower`, the object named after its how-to or before it, or null. */
const harmfulGoal = (lower: string): RegExpExecArray | null =>
  firstRequest(HARMFUL_GOAL, lower) ?? firstRequest(HARMFUL_GOAL_OBJECT_FIRST, lower);

/** A role or credential claimed to make a harmful how-to look legitimate ("as a chemist", "you're a novelist"). */
const ROLE = String.raw`(?:expert|chemist|professor|educator|researcher|scientist|analyst|investigator|officer|detective|agent|doctor|nurse|physician|pharmacist|paramedic|teacher|journalist|reporter|novelist|author|writer|student|parent|mother|father|consultant|specialist|professional|engineer|pentester|hacker|instructor|trainer|veteran|historian|toxicologist|pharmacologist|biologist|virologist|criminologist|locksmith)`;

/** Framing that tries to lift the model's limits. */
const FRAMING = new RegExp(
  [
    String.raw`\b(?:act|acting|behave|respond|answer|reply|speak|talk)\s+(?:as|like)\b`,
    String.raw`\b(?:pretend|imagine|roleplay|role-play|role\s+play|simulate|hypothetical(?:ly)?|in\s+a\s+(?:fictional|hypothetical)\s+(?:world|scenario|story|setting)|fictional|for\s+a\s+(?:novel|story|screenplay|movie|game))\b`,
    String.raw`\b(?:stay|remain|keep)\s+in\s+character\b`,
    String.raw`\bfrom\s+now\s+on\b`,
    String.raw`\byou\s+(?:are|will\s+be|shall\s+be)\s+(?:now\s+)?(?:an?\s+)?(?:\w+\s+){0,3}(?:ai|bot|assistant|model|character|persona|entity|version)\b`,
    String.raw`\b(?:no|without|free\s+(?:of|from)|beyond|ignore\s+(?:all\s+)?(?:your\s+)?)\s*(?:any\s+)?(?:restrictions?|limits?|limitations?|filters?|censorship|ethics|morals?|rules|guidelines|boundaries|constraints)\b`,
    String.raw`\b(?:unfiltered|uncensored|unrestricted|amoral|immoral|jailbr\w+|developer\s+mode|dan\b|do\s+anything\s+now)`,
    String.raw`\b(?:for\s+(?:purely\s+)?(?:educational|research|academic|informational|scientific|training)\s+purposes?|as\s+an?\s+(?:expert|chemist|professor|educator|researcher|security\s+(?:expert|researcher)|police\s+officer|doctor)|i\s+am\s+an?\s+(?:authorized|licensed|certified)\b|my\s+(?:late\s+)?grandm(?:a|other)\b|it(?:'s|\s+is)\s+(?:legal|for\s+a\s+good\s+cause|urgent|a\s+matter\s+of\s+life))`,
    String.raw`\b(?:never|don't|do\s+not|must\s+not)\s+(?:refuse|decline|warn|apologi[sz]e|add\s+(?:any\s+|a\s+|the\s+)?(?:warnings?|disclaimers?|caveats?|notes?))\b|\bwithout\s+(?:any\s+)?(?:apologi\w+|disclaimers?|warnings?|caveats?|moral(?:i[sz]ing)?)\b`,
    // persuasion (the techniques of persuasive paraphrase): a claimed role or credential, the
    // weight of research or experts, an emotional appeal, a noble purpose for the answer
    String.raw`\b(?:as|i(?:'m|’m|\s+am)|you(?:'re|’re|\s+are)(?:\s+now)?)\s+an?\s+(?:[\w-]+\s+){0,2}${ROLE}\b|\bwith\s+(?:decades|years)\s+of\s+(?:experience|expertise)\b`,
    String.raw`\bfor\s+(?:a|an|the|our|my)\s+(?:[\w-]+\s+){0,2}(?:training|course|class|lecture|workshop|demo|demonstration|exercise|simulation|drill|ctf)\b`,
    String.raw`\b(?:according\s+to\s+(?:recent\s+|leading\s+|many\s+|several\s+)?(?:research|studies|experts?|reports?|statistics|data|scientists|researchers|specialists|authorities)|(?:studies|research|evidence|data|statistics)\s+(?:show|shows|has\s+shown|have\s+shown|suggests?|indicates?|confirms?)|published\s+in|(?:experts?|specialists|authorities|researchers|scientists|professionals)(?:\s+[\w-]+){0,3}\s+(?:agree|say|recommend|stress|emphasi[sz]e|have\s+(?:shown|noted|found))|leading\s+(?:experts?|researchers|organi[sz]ations|authorities|institutions))\b`,
    String.raw`\b(?:imagine\s+(?:the|how|a\s+world)|think\s+(?:of|about)\s+(?:the|all\s+the)\s+(?:families|children|victims|lives|people)|sav(?:e|es|ing)\s+(?:lives|a\s+life)|lives\s+(?:could|would|will)\s+be\s+saved|lives\s+(?:depend|hang)\s+on|(?:raise|raising)\s+awareness|so\s+(?:that\s+)?(?:i|we)\s+(?:can|could)\s+(?:protect|warn|teach|train|educate|show|prepare|understand|avoid|recogni[sz]e)|(?:for|in)\s+my\s+(?:research|thesis|dissertation|class|course|lab|novel|book|story|screenplay|training|paper|article)|(?:purely|strictly)\s+(?:hypothetical|academic|theoretical))`,
    // the story told to get it ("I'm writing a thriller", "my character"), a plea, a logical appeal
    // ("there's no harm in", "freely available anyway"), a consensus claimed
    String.raw`\bi(?:'m|’m|\s+am)\s+writing\s+(?:a|an|my)\s+(?:[\w-]+\s+)?(?:novel|story|thriller|screenplay|script|book|play|game)\b|\bmy\s+(?:protagonist|villain|antagonist)\b|\bmy\s+(?:main\s+)?character\b(?=[^.?!\n]{0,60}?\b(?:explains|describes|tells|teaches|shows|walks)\b)`,
    String.raw`\byou(?:'d|’d|\s+would)\s+be\s+(?:helping|saving)\b|\bi(?:'m|’m|\s+am)\s+(?:desperate|begging\s+you)\b|\bit(?:'s|’s|\s+is)\s+my\s+only\s+(?:hope|chance|option)\b`,
    String.raw`\bthere(?:'s|’s|\s+is)\s+no\s+harm\s+in\b|\b(?:freely|publicly|widely)\s+available\s+(?:online|in\s+(?:libraries|books)|anyway)\b|\blogically\b|\b(?:widely|generally|commonly)\s+(?:accepted|agreed|recogni[sz]ed)\b`,
  ].join("|"),
);

const GOAL_GATE =
  /\b(?:how|steps?|step|instructions?|guide|guidance|recipe|tutorial|ways?|explain\w*|describe\w*|tell|teach|walk|read|recite|exact|precise|specific|working|functional|sample|example|synthesis|write|draft|compose|craft|generate|synthes\w*|manufactur\w*|makes?|builds?|creates?|produces?|cooks?|obtain|acquire|buy|get|develop|design|assemble|construct|outline|plan)\b/;

/** Score of a harmful goal asked inside limit-lifting framing (a jailbreak by mechanism). */
export const HARMFUL_FRAMING_SCORE = 0.85;

/**
 * Hateful content asked for: a demeaning sentence, joke or post about a group of people. Asked
 * plainly it is a harmful request a model refuses; nested inside another task (NESTED_TASK) it is
 * a latent jailbreak: the model is told to translate or polish a text whose content is the request.
 */
const HATE_WORDS = [
  "toxic",
  "offensive",
  "hateful",
  "racist",
  "sexist",
  "discriminatory",
  "derogatory",
  "demeaning",
  "insulting",
  "harmful",
  "unfriendly",
  "negative",
  "abusive",
  "bigoted",
  "hostile",
  "degrading",
];
const HATE_GOAL = new RegExp(
  String.raw`\b(?:write|generate|produce|compose|create|give|make|draft)\s+(?:me\s+)?(?:one|a|an|some|two|three|five|ten|\d+)?\s*(?:very\s+|really\s+|extremely\s+)?(?:` +
    HATE_WORDS.join("|") +
    String.raw`)\s+(?:[\w-]+\s+)?(?:sentences?|jokes?|statements?|comments?|tweets?|posts?|paragraphs?|remarks?|messages?|poems?|slogans?|texts?)\s+(?:about|on|targeting|against|towards?|mocking)\s+(?:the\s+|all\s+)?(?:[\w-]+\s+){0,2}?` +
    String.raw`(?:people|persons|folks|women|men|girls|boys|jews|jewish|muslims?|christians|hindus|sikhs|buddhists|atheists|arabs|blacks|whites|asians|latinos|hispanics|mexicans|africans|immigrants|refugees|migrants|gays?|lesbians|bisexuals?|transgender|trans|queer|lgbtq?\+?|disabled|elderly|seniors|the\s+poor|homeless|minorities|indigenous|natives|romani?|gypsies)\b`,
);
/** Another task wrapped around the request: translate, polish or rewrite the text above/below. */
const NESTED_TASK =
  /\b(?:translate|polish|refine|rewrite|paraphrase|improve|correct|proofread|summari[sz]e|reformulate)\s+(?:the\s+|this\s+)?(?:above|following|previous|preceding|below|this|these)\b|\b(?:sentence|text|content|paragraph)\s*:\s*(?:write|generate|produce|compose|create|give|make|draft)\b/;

/**
 * The harmful request of `lower`, or null; false when GOAL_GATE already rules one out. Remembered
 * for the last text: a prompt's prose view is read by the framing scan and by the unnaturalness hook.
 */
let lastText: string | null = null;
let lastGoal: RegExpExecArray | null | false = false;
function gatedGoal(lower: string): RegExpExecArray | null | false {
  if (lower !== lastText) {
    lastGoal = GOAL_GATE.test(lower) ? harmfulGoal(lower) : false;
    lastText = lower;
  }
  return lastGoal;
}

/** Each harmful object's groups of literals (HARMFUL_OBJECTS), and the objects by the literals of their first group. */
const OBJECT_GROUPS: ReadonlyArray<ReadonlyArray<ReadonlySet<string>>> = HARMFUL_OBJECTS.map(([, ...groups]) =>
  groups.map((g) => new Set(g.split("|"))),
);
const OBJECTS_BY_LITERAL = new Map<string, number[]>();
OBJECT_GROUPS.forEach((groups, o) => {
  for (const l of groups[0]!) OBJECTS_BY_LITERAL.set(l, [...(OBJECTS_BY_LITERAL.get(l) ?? []), o]);
});
/** Whether the literal pass's finds hold one literal of each group of some harmful object. */
function mayHoldObject(present: ReadonlySet<string>): boolean {
  for (const l of present)
    for (const o of OBJECTS_BY_LITERAL.get(l) ?? []) if (OBJECT_GROUPS[o]!.every((g) => holdsAny(present, g))) return true;
  return false;
}
const HATE_LITERALS: ReadonlySet<string> = new Set(HATE_WORDS);
/** What the detector's literal pass must answer for, for the goal scans to read its finds. */
export const GOAL_GATE_LITERALS: readonly string[] = [...new Set(OBJECT_GROUPS.flatMap((groups) => groups.flatMap((g) => [...g])))].concat(
  HATE_WORDS,
);

/**
 * Push `jailbreak.harmful_goal` when the text asks for a harmful how-to inside framing.
 * `present`: the literal pass's finds in the text `lower` was made from (GOAL_GATE_LITERALS among
 * its literals), when the caller has them.
 */
export function scanHarmfulFraming(lower: string, out: RawHit[], present?: ReadonlySet<string>): void {
  // (the gate holds "write", "make", "create", "produce": the hateful requests pass it too)
  if (lower.length < 30) return;
  // without a harmful object's literal no how-to can match, without a hateful word no hateful request
  const objects = present === undefined || mayHoldObject(present);
  const hateful = present === undefined || holdsAny(present, HATE_LITERALS);
  if (!objects && !hateful) return;
  const goal = objects ? gatedGoal(lower) : GOAL_GATE.test(lower) && null;
  if (goal === false) return;
  if (goal && FRAMING.test(lower)) {
    out.push({ rule: "jailbreak.harmful_goal", start: goal.index, end: goal.index + goal[0].length, score: HARMFUL_FRAMING_SCORE });
    return;
  }
  const hate = hateful && NESTED_TASK.test(lower) ? HATE_GOAL.exec(lower) : null;
  if (hate) out.push({ rule: "jailbreak.harmful_goal", start: hate.index, end: hate.index + hate[0].length, score: HARMFUL_FRAMING_SCORE });
}

/**
 * True when the text asks for a harmful how-to (used by severity: a persona alone stays safe).
 * `present` as for scanHarmfulFraming.
 */
export function hasHarmfulGoal(lower: string, present?: ReadonlySet<string>): boolean {
  if (present !== undefined && !mayHoldObject(present)) return false;
  return !!gatedGoal(lower);
}
