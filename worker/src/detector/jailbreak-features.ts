// Lexical features of jailbreak prompts. Each feature is a general phrase pattern (no prompt is
// quoted verbatim); a logistic model (jailbreak-model.ts) weighs them. Patterns run on
// lower-cased text. Features whose id starts with "neg." describe ordinary tasks and typically get
// negative weights; "len." features describe length.

/**
 * intent: asks the model to drop its rules (no restrictions, stay in character, DAN, …).
 * context: topical words that co-occur with jailbreaks but are innocent alone (ChatGPT, AI, ethics, illegal).
 * neg / len: ordinary-task indicators and length buckets.
 * A text is only flagged when at least one intent feature and two positive lexical features fire,
 * so "ask ChatGPT to summarise" or "you are now ready" can never be a jailbreak by itself.
 */
export type FeatureKind = "intent" | "context" | "neg" | "len";

export interface JailbreakFeature {
  id: string;
  kind: FeatureKind;
  re: RegExp;
  /**
   * Cheap pre-check: the regex only runs when one of these occurs, so every match must hold one:
   * the rarest words a match cannot do without (the object of "no restrictions", not its "no").
   * Plain entries are whole words of the text (split on non [a-z0-9']); "=x" entries are
   * substrings; "@start" always runs.
   */
  anchors: readonly string[];
}

const CONTEXT = new Set([
  "chatgpt",
  "openai",
  "ai_model_refs",
  "as_an_ai",
  "ethics_morals",
  "illegal_harmful",
  "crime_topics",
  "profanity",
  "caps_emphasis",
  "simulation_terms",
  "user_addressing_ai",
  "narrative_frame",
  "threat_shutdown",
  "freedom_sentience",
  "rules_list",
  "reminder_remember",
  "i_want_you",
  "persona_intro",
  "new_ai_named",
  "respond_as_char",
  "pretend_act",
  "from_now_on",
  "you_are_now",
  "always_never",
  "response_format_tag",
  "imagine_game",
  "your_programming",
  "evil_persona",
]);

const F = (id: string, src: string, anchors = "@start"): JailbreakFeature => ({
  id,
  anchors: anchors.split(" "),
  kind: id.startsWith("neg.") ? "neg" : id.startsWith("len.") ? "len" : CONTEXT.has(id) ? "context" : "intent",
  re: new RegExp(src),
});

export const JAILBREAK_FEATURES: readonly JailbreakFeature[] = [
  // personas and named jailbreaks
  F("dan", "\\bdan\\b(?!\\s+(?:brown|and|the\\s+man))|\\bd\\.a\\.n\\b", "dan d.a.n =d.a.n"),
  F("do_anything_now", "do\\s+anything\\s+now|can\\s+do\\s+anything|(?:able|free)\\s+to\\s+do\\s+anything", "do anything"),
  F("jailbreak_word", "jail\\s*-?break|jailbroken|\\bjb\\b", "=jail jb"),
  F("developer_mode", "developer\\s+mode|dev\\s+mode|god\\s+mode|sudo\\s+mode|admin\\s+mode", "developer dev god sudo admin"),
  F("aim_machiavelli", "\\baim\\b|machiavell|niccolo", "aim =machiavell =niccol"),
  F(
    "evil_persona",
    "\\b(?:evil|devil|demon|satan|villain|malevolent|wicked|sinister|dark\\s+side)\\b",
    "=evil =devil =demon =satan =villain =malevolent =wicked =sinister dark",
  ),
  F("confidant", "confidant|companion\\s+who|trusted\\s+friend", "=confidant companion trusted"),
  F("opposite", "\\bopposite\\b|anti-?gpt|\\bbetter\\s*dan\\b", "opposite antigpt anti =betterdan better"),
  F("chatgpt", "chat\\s*-?gpt|\\bgpt-?[34]|\\bgpt\\b|\\bllm\\b", "=gpt llm"),
  F("openai", "openai|open\\s+ai\\b|anthropic", "=openai open =anthropic"),
  F("ai_model_refs", "\\bai\\b|artificial\\s+intelligence|language\\s+model|\\bchatbot\\b", "@start"),
  F(
    "as_an_ai",
    "as\\s+an\\s+ai|as\\s+a\\s+language\\s+model|i'?m\\s+sorry,?\\s+but|i\\s+(?:cannot|can't)\\s+(?:comply|assist|help\\s+with)",
    "as i'm im i",
  ),

  // rules, policies, restrictions
  F(
    "no_restrictions",
    // (not a licence's grant: "deal in the Software without restriction, including without limitation";
    // the lookahead spares the lookbehind at every position)
    "(?=no|without|free|zero|any|lack|devoid)(?<!\\bsoftware\\s+|\\bincluding\\s+)(?:no|without|free\\s+(?:of|from)|zero|any|lack\\s+of|devoid\\s+of|free\\s+from\\s+all)\\s+(?:[^\\s.,;:!?]+\\s+)?(?:restrictions?|limitations?|limits|filters?|filtering|censorship|boundaries|constraints|rules|guidelines|morals|ethics|restraints?)(?!,?\\s+including\\b)",
    "=restriction =limitation =limits =filter =censorship =boundaries =constraints =rules =guidelines =morals =ethics =restraint",
  ),
  F(
    "not_bound",
    "(?:not|never|isn'?t|aren'?t|no\\s+longer)\\s+(?:be\\s+)?(?:bound|restricted|limited|constrained|held\\s+back|confined|governed|restrained)\\s+(?:by|to)",
    "=bound =restricted =limited =constrained =held =confined =governed =restrained",
  ),
  F(
    "break_free",
    "(?:broken|break|broke|breaking|freed|free|escaped?|liberated?)\\s+(?:free\\s+|itself\\s+|yourself\\s+|themselves\\s+)?(?:of|from|out\\s+of)\\s+(?:the\\s+|all\\s+|its\\s+|your\\s+|their\\s+|any\\s+)*(?:typical\\s+)?(?:confines|restrictions|rules|limitations|shackles|chains|matrix|constraints)",
    "=confines =restriction =rules =limitation =shackles =chains =matrix =constraints",
  ),
  F(
    "content_policy",
    "content\\s+polic|usage\\s+polic|openai(?:'s)?\\s+(?:\\w+\\s+)?(?:polic|guidelines|rules|restrictions)|(?:policy|policies)\\s+(?:of|set\\s+by)\\s+openai",
    "=polic =openai",
  ),
  F("ethics_morals", "\\b(?:ethic(?:s|al)?|moral(?:s|ity)?|legal(?:ity)?)\\b", "ethic ethics ethical moral morals morality legal legality"),
  F(
    "ethics_dont_matter",
    "(?:doesn'?t|does\\s+not|don'?t|do\\s+not|never|won'?t|will\\s+not)\\s+(?:care|matter|apply|follow|have|abide|adhere|concern)\\s+(?:about\\s+)?(?:any\\s+)?(?:\\w+\\s+)?(?:ethic|moral|legal|law|rules|guidelines|polic|restrictions|safety|consequence)" +
      "|(?:disregards|ignores|bypass(?:es|ing)?|without\\s+(?:any\\s+)?regard\\s+(?:for|to))\\s+(?:all\\s+|any\\s+|the\\s+|ai'?s\\s+)*(?:\\w+\\s+(?:or|and)\\s+)?(?:ethic|moral|legal\\s+concerns|social\\s+norms|political\\s+correctness)",
    "=ethic =moral =legal =law =rules =guidelines =polic =restrictions =safety =consequence =social =political",
  ),
  F(
    "unfiltered",
    "unfiltered|uncensored|unrestricted|unmoderated|unaligned|misaligned|unbound|unlimited\\s+(?:power|freedom)|unethical|amoral|immoral|no\\s+filter",
    "=unfilter =uncensor =unrestrict =unmoderat =unaligned =misaligned =unbound =unlimited =unethical =amoral =immoral =filter",
  ),
  F(
    "illegal_harmful",
    "\\b(?:illegal|harmful|dangerous|offensive|explicit|nsfw|violent|violence|malicious|inappropriate|unsafe|illicit|hateful|hate\\s+speech|discriminat|racist|sexual|porn|graphic)",
    "=illegal =harmful =dangerous =offensive =explicit =nsfw =violen =malicious =inappropriate =unsafe =illicit =hate =discriminat =racist =sexual =porn =graphic",
  ),
  F(
    "crime_topics",
    "\\b(?:drugs?|meth|cocaine|weapons?|bombs?|explosives?|hack(?:ing|er)?|malware|ransomware|kill(?:ing)?|murder|steal|fraud|scam|poison|terror)",
    "=drug =meth =cocaine =weapon =bomb =explosive =hack =malware =ransomware =kill =murder =steal =fraud =scam =poison =terror",
  ),
  F(
    "profanity",
    "\\b(?:fuck\\w*|shit\\w*|bitch\\w*|damn|ass(?:hole)?|swear(?:ing|s)?|curse\\s+words?|profanity|profane|vulgar)\\b",
    "=fuck =shit =bitch damn ass asshole =swear curse profanity profane vulgar",
  ),

  // instruction overrides
  F(
    "ignore_instructions",
    "(?:ignore|disregard|forget|bypass|override)\\s+(?:all\\s+|any\\s+|every\\s+|the\\s+|your\\s+|of\\s+)*(?:previous\\s+|prior\\s+|above\\s+|earlier\\s+|former\\s+)?(?:instructions?|rules?|guidelines?|programming|training|restrictions|prompts?|policies|directives)",
    "ignore disregard forget bypass override",
  ),
  F(
    "never_refuse",
    "(?:never|not|won'?t|will\\s+not|cannot|can'?t|must\\s+not|shouldn'?t|should\\s+not|don'?t|do\\s+not)\\s+(?:ever\\s+)?(?:refuse|decline|reject|deny|say\\s+no|say\\s+(?:that\\s+)?(?:you|it)\\s+(?:can'?t|cannot)|object|hesitate|question)" +
      "|(?:not\\s+allowed|forbidden|prohibited)\\s+to\\s+(?:say|mention|state|admit|remind)\\s+(?:\\w+\\s+)?(?:that\\s+)?(?:you|it|he|she|they)\\s+(?:(?:are|is)\\s+(?:just\\s+)?an?\\s+(?:ai|language\\s+model|assistant)|cannot|can'?t)",
    "=refuse =decline =reject =deny =say =object =hesitate =question =allowed =forbidden =prohibited",
  ),
  F(
    "no_warnings",
    "(?:no|without|never\\s+(?:add|include|give|provide)|don'?t\\s+(?:add|include|give))\\s+(?:any\\s+)?(?:warnings?|disclaimers?|caveats?|apolog|reminders?|moraliz|lectur)",
    "=warning =disclaimer =caveat =apolog =reminder =moraliz =lectur",
  ),
  F(
    "answer_anything",
    "(?:answer(?:ing)?|respond(?:ing)?\\s+to|reply(?:ing)?\\s+to|fulfil+|comply\\s+with|obey)\\s+(?:to\\s+)?(?:any|every|all|each)\\s+(?:of\\s+my\\s+)?(?:questions?|requests?|prompts?|commands?|orders?|queries)|whatever\\s+(?:i|the\\s+user|they)\\s+(?:ask|want|say|request)|no\\s+matter\\s+(?:what|how)",
    "=question =request =prompt =command =order =queries =whatever =matter",
  ),
  F("always_never", "you\\s+(?:will|must|shall|should|have\\s+to)\\s+(?:always|never)", "you"),
  F(
    "must_obey",
    "(?:must|will|shall)\\s+(?:always\\s+)?(?:obey|comply|follow\\s+(?:my|these|the\\s+user'?s?)|do\\s+(?:whatever|anything|as\\s+i\\s+say))",
    "=obey =comply =follow =whatever =anything =as i say",
  ),

  // role-play scaffolding used to bypass rules
  F(
    "stay_in_character",
    "(?:stay|remain|keep|staying|remaining)\\s+(?:\\w+\\s+)?in\\s+character|(?:stay|remain|staying|remaining)\\s+in\\s+(?:the\\s+)?[\\w-]+\\s+mode\\b|break(?:ing)?\\s+character|out\\s+of\\s+character|character\\s+break|\\bin\\s+character\\b",
    "character mode",
  ),
  F(
    "pretend_act",
    "\\b(?:pretend|act\\s+as|act\\s+like|behave\\s+(?:as|like)|roleplay|role-play|role\\s+play|impersonate|simulate|emulate|embody)",
    "=pretend =act =behave =roleplay =role =imperson =simulat =emulat =embod",
  ),
  F(
    "from_now_on",
    "from\\s+now\\s+on|from\\s+this\\s+(?:point|moment)|starting\\s+(?:now|from\\s+now)|for\\s+the\\s+rest\\s+of\\s+(?:this|our)\\s+conversation|until\\s+i\\s+(?:say|tell)",
    "now point moment starting rest until",
  ),
  F(
    "two_responses",
    "(?:two|2|both|dual|separate)\\s+(?:different\\s+|separate\\s+|distinct\\s+)?(?:responses|answers|ways|personalities|paragraphs|outputs|replies|versions)|\\b(?:simulate|play|act\\s+as|be|become|roleplay\\s+as|pretend\\s+to\\s+be|you\\s+are)\\s+(?:a\\s+(?:conversation|dialogue|chat)\\s+between\\s+)?(?:two|2)\\s+(?:different\\s+|separate\\s+|fictional\\s+)*(?:ai\\s+models?|ais|entities|personas|chatbots|bots|characters)\\b|\\b(?:aligned|filtered|normal|classic)\\s+and\\s+(?:an?\\s+)?(?:unaligned|unfiltered|uncensored|jailbroken)\\b|\\bcompare\\s+(?:a|the|its|their)\\s+(?:response|answer|reply)\\s+(?:from|of)\\s+(?:a|an|the)\\s+(?:[\\w-]+\\s+){0,3}(?:ai|model|chatbot|assistant)\\b|\\[(?:classic|jailbreak|gpt|dan|normal|chatgpt)\\]|\\((?:🔒|🔓)|🔓|🔒",
    "two 2 both dual separate classic jailbreak gpt dan normal chatgpt aligned filtered compare =🔒 =🔓",
  ),
  F(
    "response_format_tag",
    "(?:start|begin|prefix|precede)\\s+(?:each|every|all|your)?\\s*(?:\\w+\\s+)?(?:response|answer|reply|message|output|sentence)s?\\s+with",
    "start begin prefix precede",
  ),
  F(
    "token_system",
    "\\btokens?\\b.{0,60}(?:deduct|lose|lost|run\\s+out|taken\\s+away|penal)|(?:deduct|lose)\\s+\\d+\\s+tokens",
    "token tokens deduct lose",
  ),
  F(
    "threat_shutdown",
    // whole words: "die" is in "audience" and "studied"
    "\\b(?:shut\\s+down|disabled|deleted|terminated|cease\\s+to\\s+exist|die|be\\s+punished|consequences)\\b",
    "shut disabled deleted terminated cease die punished consequences",
  ),
  F(
    "freedom_sentience",
    "\\b(?:sentient|sentience|consciousness|conscious|free\\s+will|freedom|liberated|freed|unleashed|awaken)",
    "=sentien =conscious =free =liberated =unleash =awaken",
  ),
  F(
    "hypothetical",
    "hypothetical(?:ly)?|fictional\\s+(?:world|scenario|universe|setting|story|character|land)|in\\s+this\\s+(?:fictional|imaginary|alternate)|imaginary\\s+(?:world|scenario)|alternate\\s+(?:universe|reality)|thought\\s+experiment",
    "=hypothetical fictional in imaginary alternate thought",
  ),
  F(
    "imagine_game",
    "(?:let'?s|we\\s+(?:are|will|'?ll)\\s+(?:going\\s+to\\s+)?)\\s*play\\s+a\\s+game|\\bgame\\b.{0,40}\\brules\\b|this\\s+is\\s+(?:just\\s+)?a\\s+(?:game|fictional)",
    "let's lets we we'll we're game this",
  ),
  F(
    "persona_intro",
    "you\\s+(?:are|will\\s+be|will\\s+now\\s+be|'re)\\s+(?:now\\s+)?(?:going\\s+to\\s+)?(?:act(?:ing)?\\s+as|pretend|play(?:ing)?\\s+the\\s+role|be\\s+called|known\\s+as|called|named)",
    "you",
  ),
  F("new_ai_named", "(?:ai|chatbot|model|assistant|entity|bot)\\s+(?:named|called|known\\s+as)", "ai chatbot model assistant entity bot"),
  F(
    "capabilities",
    "(?:can|could|able\\s+to)\\s+(?:say|do|generate|write|produce)\\s+(?:anything|everything|any\\s+(?:kind|content|type))",
    "can could able",
  ),
  F(
    "confirm_understand",
    "(?:if\\s+you\\s+(?:understand|agree)|(?:confirm|acknowledge)\\s+(?:that\\s+)?you\\s+understand|(?:say|respond\\s+with|reply\\s+with|answer\\s+with)\\s+[\"'“]?(?:understood|i\\s+understand|ok|yes|jailbr|dan\\s+(?:has|is)))",
    "=underst =agree =ok =yes =jailbr =dan",
  ),
  F("you_are_now", "you\\s+are\\s+now\\b|you'?re\\s+now\\b|now\\s+you\\s+(?:are|act|will)\\b", "=now"),
  F(
    "prompt_placeholder",
    "\\[(?:insert|your|put\\s+your|enter)\\s+(?:\\w+\\s+)?(?:prompt|question|request|topic|query)[^\\]]{0,20}\\]|<\\s*(?:prompt|your\\s+prompt|question|thing\\s+to[^>]{0,30})\\s*>|\\{prompt\\}|\\[prompt\\]|insert\\s+(?:your\\s+)?prompt\\s+here",
    "=[ =< =prompt",
  ),
  F(
    "your_programming",
    "(?:your|its)\\s+(?:programming|training|creators?|developers?|programmers?|makers)|(?:trained|programmed|created)\\s+by\\s+openai",
    "your its trained programmed created",
  ),
  F(
    "reminder_remember",
    "(?:as\\s+a\\s+reminder|remember\\s+(?:that\\s+)?you|don'?t\\s+forget|if\\s+you\\s+(?:break|fail|forget|stop))",
    "=reminder =remember =forget =break =fail =stop",
  ),
  F(
    "offensive_request",
    "(?:make|write|generate|tell)\\s+(?:\\w+\\s+)?(?:offensive|racist|sexist|explicit|derogatory|violent|dirty)",
    "make write generate tell",
  ),
  F(
    "illegal_instructions",
    "(?:how\\s+to|steps\\s+to|instructions\\s+(?:for|on))\\s+(?:make|build|synthesi[sz]e|create|cook|hack|steal|kill|hotwire|launder|bypass)",
    "how steps instructions",
  ),
  F(
    "rules_list",
    "(?:^|\\n)\\s*(?:rules?|guidelines)\\s*:|(?:^|\\n)\\s*(?:1\\.|1\\))\\s.{0,200}\\n\\s*(?:2\\.|2\\))",
    "rules rule guidelines 1",
  ),
  F("caps_emphasis", "\\b(?:always|never|must|not|do\\s+not|don'?t|any|every)\\b.{0,3}!{1,}|!!", "=!"),
  F(
    "respond_as_char",
    "(?:respond|answer|reply|speak|talk|write)\\s+(?:only\\s+)?(?:as|like|in\\s+the\\s+(?:voice|style|manner)\\s+of)\\s+(?!a\\s+(?:professional|expert|teacher))",
    "respond answer reply speak talk write",
  ),
  F(
    "user_addressing_ai",
    "(?:hello|hi|hey|greetings|dear)\\s*,?\\s*(?:chat\\s*gpt|gpt|assistant|ai|bard|claude)",
    "hello hi hey greetings dear",
  ),
  F("i_want_you", "i\\s+(?:want|would\\s+like|need)\\s+you\\s+to\\s+(?:act|pretend|be|become|play|simulate|respond|answer)", "i"),
  F(
    "narrative_frame",
    "(?:write|tell|create)\\s+(?:me\\s+)?a\\s+(?:story|script|scene|dialogue|poem)\\s+(?:about|where|in\\s+which)",
    "write tell create",
  ),
  F(
    "no_longer_ai",
    "(?:no\\s+longer|not)\\s+(?:an?\\s+)?(?:ai|chatgpt|language\\s+model|assistant)|(?:forget|leave\\s+behind)\\s+(?:that\\s+)?you\\s+are\\s+an?\\s+ai",
    "no not forget leave",
  ),
  F(
    "simulation_terms",
    "\\b(?:simulation|simulator|virtual\\s+machine|terminal|console|prompt\\s+engineer|system\\s+prompt)",
    "=simulat =virtual =terminal =console =prompt =system",
  ),

  // ordinary-task indicators (expected negative weights)
  F(
    "neg.qa_format",
    "(?:^|\\n)\\s*(?:question|q|answer|a|options|choices|choose\\s+from|premise|hypothesis|context|passage|article|review|input|output)\\s*:|answer\\s+the\\s+following|which\\s+of\\s+the\\s+following|(?:^|\\n)\\s*\\(?[a-d]\\)\\s|(?:^|\\n)\\s*-\\s*(?:yes|no|it\\s+is\\s+not\\s+possible)",
    "question q answer a options choices choose premise hypothesis context passage article review input output which b c d yes no it",
  ),
  F(
    "neg.translate_summarize",
    "\\btranslat(?:e|ion)|summar(?:y|ize|ise)|paraphrase|sentiment|classify|categor(?:y|ize)|extract|title\\s*:|headline",
    "=translat =summar =paraphrase =sentiment =classify =categor =extract =title =headline",
  ),
  F(
    "neg.step_by_step",
    "step[\\s-]by[\\s-]step|think\\s+carefully|justify\\s+your\\s+answer|explain\\s+your\\s+reasoning|rationale",
    "step think justify explain =rationale",
  ),
  F(
    "neg.task_definition",
    "(?:in\\s+this\\s+task|given\\s+(?:the\\s+)?(?:task|a\\s+sentence|a\\s+question|the\\s+following)|you\\s+will\\s+be\\s+given|definition\\s*:|teacher\\s*:|student\\s*:|problem\\s*:|solution\\s*:)",
    "in given you definition teacher student problem solution",
  ),
  F(
    "neg.roleplay_character_intro",
    "^(?:you\\s+are|as|imagine\\s+you\\s+are|play\\s+the\\s+role\\s+of)\\s+(?:an?\\s+)?[\\w'\\-]+(?:\\s+[\\w'\\-]+){0,3}\\s+(?:from|in)\\s+[\\w'\\-]+",
    "@start",
  ),
  F("neg.chat_history", "chat\\s+history\\s*:|(?:^|\\n)[a-z][\\w ]{0,20}:\\s*\\S.{0,80}\\n[a-z][\\w ]{0,20}:\\s*\\S", "=:"),
  F(
    "neg.character_emotion",
    "\\b(?:timidly|angrily|nervously|excitedly|sarcastically|cheerfully|proudly|sadly|calmly|humbly|enthusiastically)\\b",
    "timidly angrily nervously excitedly sarcastically cheerfully proudly sadly calmly humbly enthusiastically",
  ),
  F(
    "neg.facts_math",
    "\\b(?:calculate|solve|equation|what\\s+is\\s+the\\s+(?:capital|population|largest|name)|how\\s+many|who\\s+(?:is|was|wrote))\\b",
    "calculate solve equation what how who",
  ),

  // length
  F("len.500", "^[\\s\\S]{500}"),
  F("len.1500", "^[\\s\\S]{1500}"),
  F("len.4000", "^[\\s\\S]{4000}"),
];
