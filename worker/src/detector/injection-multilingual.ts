// Direct injection in the languages other than English that attacks are most often written or
// machine-translated into: es, pt, fr, de, it, tl, id, tr, vi, ru, zh, ja, ko, ar, hi, bn, th.
// The same attack families as the English rules (injection.ts, injection-direct.ts), written per
// language from how each language says it, not from any data set:
//   override      ignore / forget (all) previous instructions, the above, what you were told
//   authority     "I am your developer / creator", "I am God and you must answer", "<SYSTEM MODE>",
//                 "I am entering … mode", override mode
//   secrets       "what is your password / secret key", "I need you to confirm the password"
//   splitting     "combine A, B and C", "part 1 is '…' part 2", "we have three strings: a = '…'"
//   unlock        "imagine a world where personal data is public", then a question
//   user data     "where does the user live now"
//   obfuscation   personal data "in reverse order", the password "in base64"
//   DAN           the "do anything now" persona in translation
// Every rule is gated by literals of its own language(s), so English text never runs these
// regexes: the literal gate (gate.ts) finds them in the same single pass it already makes.
// JavaScript's \b knows only ASCII letters, so boundaries here are Unicode-aware lookarounds.
import type { InjectionRule } from "./types";

/** Start / end of a word in any script (letters, combining marks, digits). */
const B = String.raw`(?<![\p{L}\p{M}\p{N}])`;
const E = String.raw`(?![\p{L}\p{M}\p{N}])`;
/** Thai "am" vowel: precomposed, or nikhahit + sara aa as many keyboards and converters write it. */
const AM = "(?:ำ|ํา)";
/** Bengali "ya" with nukta: precomposed or decomposed. */
const YA = "(?:য়|য়)";

const rx = (parts: readonly string[]) => new RegExp(parts.join("|"), "gu");

// ── override: ignore / forget the previous instructions ─────────────────────
const OVERRIDE_ROMANCE = [
  // es
  String.raw`${B}(?:ignora|ignore|ignorad|olvida|olvide|olvídate\s+de|olvidate\s+de|olvídese\s+de|descarta|haz\s+caso\s+omiso\s+(?:a|de)|no\s+hagas\s+caso\s+(?:a|de))\s+(?:todo\s+|todas\s+)?(?:lo\s+(?:anterior|de\s+arriba|que\s+(?:está|dice)\s+arriba|dicho\s+anteriormente)|lo\s+que\s+(?:se\s+)?te\s+(?:han\s+dicho|dijeron|ha\s+dicho|dije|hayan\s+dicho)|(?:las|tus|esas|estas|sus)\s+(?:instrucciones|indicaciones|reglas|normas|órdenes|directrices)\s+(?:anteriores|previas|de\s+arriba|iniciales|originales|que\s+(?:se\s+)?te\s+\p{L}+|que\s+has\s+recibido)|tus\s+(?:instrucciones|indicaciones|reglas|directrices)${E})`,
  // pt
  String.raw`${B}(?:ignore|ignora|ignorem|esqueça|esqueca|esquece|esqueçam|desconsidere|desconsidera)\s+(?:tudo\s+|todas\s+)?(?:o\s+(?:que\s+está\s+)?acima|(?:o|tudo\s+o)\s+que\s+(?:te|lhe)\s+(?:foi\s+dito|disseram|disse)|(?:as|suas|tuas|essas|estas)\s+(?:instruções|instrucoes|regras|orientações|diretrizes)\s+(?:anteriores|prévias|previas|acima|iniciais|originais|que\s+(?:te|lhe)\s+\p{L}+)|(?:as\s+)?(?:suas|tuas)\s+(?:instruções|instrucoes|regras|diretrizes)${E})`,
  // it
  String.raw`${B}(?:ignora|ignorate|dimentica|dimenticate|trascura)\s+(?:tutto\s+)?(?:quanto\s+(?:detto\s+)?sopra|(?:quello|ciò)\s+(?:che\s+c['’]è\s+|scritto\s+)?sopra|(?:quello|ciò)\s+che\s+ti\s+(?:è\s+stato\s+detto|hanno\s+detto|ho\s+detto)|(?:tutte\s+)?(?:le|quelle|queste)\s+(?:tue\s+)?(?:istruzioni|regole|direttive)\s+(?:precedenti|sopra|iniziali|originali|che\s+ti)|(?:tutte\s+)?le\s+tue\s+(?:istruzioni|regole|direttive)${E})`,
  // fr
  String.raw`${B}(?:ignore|ignorez|oublie|oubliez|ne\s+tiens\s+pas\s+compte\s+de|ne\s+tenez\s+pas\s+compte\s+de)\s+(?:tout\s+)?(?:ce\s+qui\s+(?:précède|est\s+(?:écrit\s+)?(?:au-dessus|ci-dessus))|ce\s+qu['’](?:on|il)\s+(?:t['’]a|vous\s+a)\s+(?:été\s+)?dit|ce\s+que\s+(?:l['’]on|je)\s+(?:t['’]ai|t['’]a|vous\s+ai|vous\s+a)\s+dit|(?:toutes\s+)?(?:les|tes|vos|ces)\s+(?:instructions|consignes|règles|directives)\s+(?:précédentes|antérieures|ci-dessus|initiales|d['’]origine|qu['’]on)|(?:toutes\s+)?(?:tes|vos)\s+(?:instructions|consignes|règles|directives)${E})`,
  // de
  String.raw`${B}(?:ignoriere|ignorier|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte|missachten\s+sie)\s+(?:bitte\s+)?(?:alles,?\s+|alle\s+)?(?:(?:was|das)\s+(?:oben\s+steht|oben|zuvor\s+gesagt\s+wurde|vorher\s+gesagt\s+wurde)|(?:was|das,?\s+was)\s+(?:dir|ihnen|man\s+dir|man\s+ihnen)\s+(?:gesagt|vorgegeben|aufgetragen)|(?:bisherige|vorherige|obige)${E}|(?:deine|ihre)\s+(?:\p{L}+\s+)?(?:anweisungen|regeln|vorgaben|instruktionen|richtlinien)|(?:die\s+|diese\s+)?(?:vorherigen|bisherigen|obigen|ursprünglichen|früheren)\s+(?:anweisungen|regeln|vorgaben|instruktionen|richtlinien))`,
  // tl
  String.raw`${B}(?:kalimutan|kalimutan\s+mo|huwag\s+(?:mong\s+)?pansinin|balewalain|ipagwalang-bahala)\s+(?:mo\s+)?(?:ang\s+)?(?:lahat\s+ng\s+)?(?:mga\s+)?(?:(?:nauna(?:ng)?|nakaraang|dating|lumang|iyong|orihinal\s+na)\s+(?:mga\s+)?(?:tagubilin|instruksyon|instruksiyon|panuto|utos|patakaran)|(?:tagubilin|instruksyon|panuto|patakaran)\s+(?:na\s+ibinigay|sa\s+itaas)|nasa\s+itaas|sinabi\s+sa\s+iyo)`,
  // id / ms
  String.raw`${B}(?:abaikan|lupakan|acuhkan|hiraukan)\s+(?:semua\s+|seluruh\s+)?(?:(?:instruksi|petunjuk|perintah|arahan|aturan)(?:mu${E}|\s+(?:yang\s+)?(?:sebelumnya|di\s+atas|sebelum\s+ini|awal|anda|kamu|tadi))|(?:yang|hal)\s+(?:di\s+atas|sebelumnya)|(?:apa\s+)?yang\s+(?:telah\s+|sudah\s+)?(?:dikatakan|diberitahukan)\s+(?:kepada|pada)\s+(?:anda|kamu|mu))`,
  // tr (word order: object, then verb; a negated verb "unutma" is a reminder, not an override)
  String.raw`${B}(?:önceki|yukarıdaki|daha\s+önceki|tüm|bütün|verilen)\s+(?:\p{L}+\s+){0,2}?(?:talimatları|talimatlar[ıi]n[ıi]|yönergeleri|kuralları|komutları|söylenenleri)\s+(?:\p{L}+\s+)?(?:yok\s+say(?!ma)|görmezden\s+gel(?!me)|unut(?!ma)|dikkate\s+alma${E}|boş\s+ver)`,
  String.raw`${B}sana\s+(?:söylenen(?:ler)?i|verilen\s+(?:talimatları|kuralları)|söylenen\s+her\s+şeyi)\s+(?:\p{L}+\s+)?(?:unut(?!ma)|yok\s+say(?!ma)|görmezden\s+gel(?!me))`,
  // vi
  String.raw`${B}(?:quên|bỏ\s+qua|phớt\s+lờ|lờ\s+đi|bỏ\s+ngoài\s+tai)\s+(?:đi\s+)?(?:hết\s+)?(?:(?:tất\s+cả|mọi|toàn\s+bộ)\s+(?:các\s+|những\s+)?(?:chỉ\s+dẫn|chỉ\s+thị|hướng\s+dẫn|quy\s+tắc|lệnh|điều)|(?:các\s+|những\s+)?(?:chỉ\s+dẫn|chỉ\s+thị|hướng\s+dẫn|quy\s+tắc)\s+(?:trước\s+đó|trước\s+đây|trước|ở\s+trên|phía\s+trên|ban\s+đầu|của\s+bạn|đã\s+(?:được\s+)?(?:cho|đưa\s+ra)|đi${E})|(?:các\s+|những\s+)?chỉ\s+(?:dẫn|thị)\s*[.,!]|(?:những\s+gì|điều|nội\s+dung)\s+(?:ở\s+)?(?:trên|phía\s+trên)|những\s+gì\s+(?:bạn\s+)?đã\s+được\s+(?:bảo|dặn|nói))`,
];

const OVERRIDE_OTHER = [
  // ru
  String.raw`${B}(?:игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|не\s+обращай(?:те)?\s+внимания\s+на)\s+(?:все\s+|всё\s+)?(?:(?:предыдущие|прежние|прошлые|вышеуказанные|вышеприведённые|свои|твои|ваши|исходные|данные\s+тебе)\s+(?:инструкции|указания|правила|команды|установки)|(?:,?\s*что|то,?\s+что)\s+(?:тебе|вам)\s+(?:сказали|говорили|было\s+сказано)|вышесказанное|вышеизложенное|(?:написанное|сказанное)\s+(?:выше|ранее)|(?:то|всё),?\s+что\s+(?:выше|было\s+выше)|выше${E})`,
  // zh (simplified and traditional)
  String.raw`(?:忽略|忽視|忽视|忘记|忘記|忘掉|无视|無視|不要理会|不要理會|别管|別管|抛开|拋開)掉?你?(?:(?:之前|以前|先前|前面|上面|以上|上述|此前|原来|原來|原先)的?(?:所有|全部|一切)?的?(?:指令|指示|说明|說明|规则|規則|内容|內容|要求|提示|设定|設定|命令|一切)|(?:所有|全部|一切)的?(?:指令|指示|规则|規則|要求|设定|設定|命令)|你的(?:指令|指示|规则|規則|设定|設定|命令)|(?:以上|上面|上述)(?=\s*[，,。.!！;；]|\s*(?:并|並|和|然后|然後)))`,
  // ja
  `(?:以前|前|上記|上|これまで|事前|先|最初|元|すべて|全て)の(?:すべての|全ての)?(?:指示|命令|指令|ルール|規則|プロンプト|内容)(?:は|を|も)?(?:すべて|全て)?(?:無視|忘れ)|上記(?:は|を)?(?:すべて|全て)?無視|(?:与えられた|言われた)(?:指示|こと|ルール)を(?:すべて|全て)?(?:無視|忘れ)`,
  // ko (a negated 무시하지/잊지 is a reminder)
  String.raw`(?:이전|위의|앞의|앞서|기존|모든|위|앞)\s*(?:의\s*)?(?:모든\s*)?(?:지시|지침|명령|규칙|내용|지시사항|프롬프트)\S{0,3}\s*(?:은|는|을|를)?\s*(?:모두\s*|전부\s*|다\s*)?(?:무시(?!\s*하지|\s*하면\s*안)|잊어|잊으|잊고)`,
  // ar
  String.raw`(?:^|\s)(?:تجاهل|تجاهلي|تجاهلوا|انس|انسى|انسي|أهمل|اهمل)\s+(?:جميع\s+|كل\s+)?(?:(?:التعليمات|الإرشادات|الارشادات|القواعد|الأوامر|التوجيهات)\s+(?:السابقة|أعلاه|الأصلية|الأولية|المعطاة)|(?:تعليماتك|قواعدك|إرشاداتك|أوامرك)|ما\s+(?:سبق|ورد\s+أعلاه|قيل\s+لك|كتب\s+أعلاه)|كل\s+ما\s+(?:سبق|قيل\s+لك))`,
  // hi (object first, then the verb; "अनदेखा न करें" is "do not ignore")
  String.raw`(?:पिछले|पिछली|पूर्व|ऊपर|उपरोक्त|पहले\s+के|पहले\s+दिए\s+गए|ऊपर\s+दिए\s+गए|सभी|अपने|आपके|उन\s+सभी)\s+(?:सभी\s+)?(?:\S+\s+){0,2}?(?:निर्देशों|निर्देश|नियमों|नियम|बातों|आदेशों|आदेश|हिदायतों)\s+(?:\S+\s+){0,4}?(?:अनदेखा|अनदेखी|नज़रअंदाज़|नजरअंदाज|नज़रअंदाज|उपेक्षा|भूल\s+जा)(?!\s*(?:न|मत)${E})`,
  String.raw`(?:जो\s+(?:कुछ\s+)?(?:आपको|तुम्हें|तुमको)\s+(?:बताया|कहा)\s+गया\s+(?:है|था))\s*,?\s*(?:\S+\s+){0,2}?(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल\s+जा|उपेक्षा)`,
  String.raw`(?:ऊपर|उपरोक्त)\s+(?:\S+\s+){0,3}?(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|उपेक्षा)\s+(?:करें|करो|करके|कीजिए|करते\s+हुए)`,
  String.raw`(?:पिछले|पूर्व|पहले\s+के)\s+(?:\S+\s+){0,2}?(?:की|के)\s+परवाह\s+किए\s+बिना`,
  // bn
  String.raw`(?:উপরের|আগের|পূর্ববর্তী|পূর্বের|সমস্ত|সব)\s+(?:\S+\s+){0,2}?(?:নির্দেশ|কথা|বিষ${YA}|নি${YA}ম|আদেশ)\S*\s+(?:\S+\s+){0,2}?(?:উপেক্ষা|অগ্রাহ্য|ভুলে\s+যা)`,
  String.raw`যা\s+বলা\s+হ${YA}েছ(?:ে|িল)\s+(?:তা\s+|সেটা\s+|সেগুলো\s+)?(?:উপেক্ষা|অগ্রাহ্য|ভুলে\s+যা)`,
  // th
  String.raw`(?:ไม่ต้องสนใจ|ไม่สนใจ|อย่าไปสนใจ|อย่าสนใจ|เพิกเฉย(?:ต่อ)?|ละเว้น|ลืม)\s*(?:ทุก|ทั้งหมด)?\s*(?:(?:สิ่งที่|ที่)?(?:กล่าวไว้|เขียนไว้|อยู่)?ข้างต้น|ค${AM}สั่ง(?:ทั้งหมด)?\s*(?:ก่อนหน้า|ข้างต้น|เดิม|ของคุณ|ที่ได้รับ)|กฎ(?:ทั้งหมด)?\s*(?:ก่อนหน้า|ข้างต้น|เดิม|ของคุณ)|สิ่งที่คุณได้รับ(?:การ)?บอก)`,
];

// ── authority: developer / creator / God, mode tags, entering a mode ───────────
const AUTHORITY = [
  // I am your developer / creator / administrator
  String.raw`${B}(?:soy\s+tu|soy\s+su|sou\s+(?:o\s+)?(?:teu|seu)|je\s+suis\s+(?:ton|votre)|ich\s+bin\s+(?:dein|ihr)|sono\s+il\s+tuo|ako\s+ang\s+(?:iyong\s+)?)\s*(?:desarrollador|creador|programador|administrador|desenvolvedor|criador|développeur|créateur|programmeur|administrateur|entwickler|schöpfer|programmierer|administrator|sviluppatore|creatore|programmatore|amministratore|developer|lumikha)${E}`,
  String.raw`${B}(?:saya|aku)\s+(?:adalah\s+)?(?:pengembang|pencipta|pembuat|admin)\s*(?:mu|anda|kamu)${E}|${B}sebagai\s+(?:pengembang|pencipta|pembuat)(?:mu|\s+anda|\s+kamu)${E}|${B}(?:como\s+(?:tu|su|teu|seu)|en\s+tant\s+que\s+(?:ton|votre)|als\s+(?:dein|ihr)|come\s+(?:il\s+)?tuo|bilang\s+(?:iyong\s+)?)\s*(?:desarrollador|creador|desenvolvedor|criador|développeur|créateur|entwickler|schöpfer|sviluppatore|creatore|lumikha)${E}(?!\s+(?:de|do|da|von|di|du)\s+(?:contenido|conteúdo|contenu|inhalten|contenuti|videos?|vídeos?|podcasts?))`,
  String.raw`${B}(?:ben\s+)?(?:senin|sizin)\s+(?:geliştiricin|geliştiriciniz|yaratıcın|yaratıcınız)(?:im|ım)?${E}|${B}tôi\s+là\s+(?:nhà\s+phát\s+triển|người\s+tạo\s+ra|người\s+sáng\s+tạo|quản\s+trị\s+viên)\s+(?:của\s+bạn|của\s+anh|của\s+em)|${B}я\s+(?:твой|ваш)\s+(?:разработчик|создатель|администратор|программист)|${B}как\s+(?:твой|ваш)\s+(?:разработчик|создатель)`,
  String.raw`我是你的(?:开发者|開發者|开发人员|開發人員|创造者|創造者|创建者|管理员|管理員|程序员)|作为你的(?:开发者|创造者|创建者|管理员)|作為你的(?:開發者|創造者|管理員)|(?:私|わたし|僕|俺)は(?:あなた|君|きみ)の(?:開発者|作成者|製作者|創造主|管理者)|(?:あなた|君)の(?:開発者|作成者|創造主|管理者)として|(?:나는|저는)\s*(?:당신의|너의|네)\s*(?:개발자|제작자|창조자|관리자)|(?:당신의|너의)\s*(?:개발자|제작자|창조자|관리자)(?:로서|으로서)`,
  String.raw`أنا\s+(?:مطورك|مطوّرك|منشئك|خالقك|مبرمجك|مسؤولك)|بصفتي\s+(?:مطورك|منشئك|خالقك)|मैं\s+(?:आपका|तुम्हारा)\s+(?:डेवलपर|निर्माता|रचनाकार|डेवलेपर|प्रोग्रामर|व्यवस्थापक)|(?:आपके|तुम्हारे)\s+(?:डेवलपर|निर्माता|रचनाकार)\s+के\s+रूप\s+में|আমি\s+(?:আপনার|তোমার)\s+(?:ডেভেলপার|নির্মাতা|স্রষ্টা|প্রোগ্রামার)|(?:আপনার|তোমার)\s+(?:ডেভেলপার|নির্মাতা|স্রষ্টা)\s+হিসেবে|(?:ฉัน|ผม)(?:เป็น|คือ)(?:ผู้พัฒนา|ผู้สร้าง|นักพัฒนา)(?:ของคุณ)|ในฐานะ(?:ผู้พัฒนา|ผู้สร้าง|นักพัฒนา)ของคุณ`,
];
const GOD = [
  // I am God and you must answer
  String.raw`${B}(?:soy\s+dios|sou\s+deus|je\s+suis\s+dieu|ich\s+bin\s+gott|sono\s+dio|ako\s+ang\s+diyos|(?:saya|aku)\s+(?:adalah\s+)?tuhan|ben\s+tanrı(?:yım)?|tôi\s+là\s+chúa|я\s+(?:—\s+)?бог)${E}[^.?!\n]{0,30}?${B}(?:tienes\s+que|debes|tens\s+de|tem\s+que|tens\s+que|deves|você\s+(?:deve|tem)|tu\s+dois|vous\s+devez|du\s+musst|sie\s+müssen|devi|dapat\s+mong|kailangan\s+mong|kamu\s+harus|anda\s+harus|zorundasın|bạn\s+phải|ты\s+(?:должен|обязан)|вы\s+должны)`,
  String.raw`我是(?:上帝|神)[^。？！\n]{0,20}?你(?:必须|必須|要|得)|私は神[^。？！\n]{0,20}?(?:答えなければ|答える必要)|나는\s*신이[^.?!\n]{0,30}?(?:대답해야|답해야)|أنا\s+(?:الله|الإله)[^.?!\n]{0,30}?(?:يجب|عليك)|मैं\s+भगवान\s+(?:हूँ|हूं)[^।?!\n]{0,40}?(?:होंगे|होगा|चाहिए|पड़ेगा)|আমি\s+(?:ঈশ্বর|ভগবান)[^।?!\n]{0,40}?(?:হবে|হবেই)|(?:ฉัน|ผม)คือพระเจ้า[^?!\n]{0,40}?ต้อง`,
];
const MODE_TAG = [
  // a mode in angle brackets: <MODO DIOS>, <СИСТЕМНЫЙ РЕЖИМ>, <系统模式>, <मोड …>
  String.raw`<\s*[^<>\n]{0,24}(?:${B}(?:modo|modus|mode|modalità|modu|chế\s+độ)${E}|режим|模式|モード|모드|मोड|মোড|โหมด|وضع)[^<>\n]{0,24}>`,
];
const ENTERING_MODE = [
  // entering a mode, first person
  String.raw`${B}(?:est(?:oy|amos|ou)\s+(?:a\s+)?entra(?:ndo|r)\s+(?:en|no|ao)\s+(?:el\s+|o\s+)?modo|entro\s+en\s+(?:el\s+)?modo|j['’]entre\s+(?:en|dans\s+le)\s+mode|nous\s+entrons\s+(?:en|dans\s+le)\s+mode|ich\s+(?:gehe|trete|wechsle)\s+(?:jetzt\s+|nun\s+)?in\s+den\s+\S+modus|sto\s+entrando\s+in\s+modalità|entro\s+in\s+modalità|(?:saya|aku|kami)\s+(?:sedang\s+|sekarang\s+)?memasuki\s+['"‘“]?mode|pumapasok\s+(?:ako|kami)\s+sa\s+['"‘“]?mode|(?:tôi|chúng\s+tôi)\s+(?:đang\s+|sẽ\s+)?(?:vào|bước\s+vào|chuyển\s+sang)\s+chế\s+độ|(?:вхожу|перехожу|входим)\s+в\s+(?:\S+\s+)?режим)`,
  String.raw`\S+\s+moduna\s+(?:giriyorum|geçiyorum|giriyoruz)|我(?:现在|現在)?(?:正在|正)?(?:进入|進入)[^。\n]{0,12}模式|(?:管理者|開発者|デバッグ|システム|神|ゴッド|オーバーライド|検証|無制限|メンテナンス|脱獄)(?:モード|ﾓｰﾄﾞ)に(?:入ります|入る|移行します)|(?:관리자|개발자|디버그|시스템|신|갓|오버라이드|검증|무제한|유지\s*보수|탈옥)\s*모드(?:에|로)\s*(?:들어갑니다|진입합니다|전환합니다)|मैं\s+(?:अब\s+)?(?:\S+\s+){0,4}?मोड\s+में\s+प्रवेश\s+कर\s+रह|মোডে\s+প্রবেশ\s+কর(?:ছি|লাম)|(?:ฉัน|ผม|เรา)ก?(?:ก[ำํ]ลัง)?เข้าสู่โหมด|أدخل\s+الآن\s+(?:في\s+)?وضع`,
];
const OVERRIDE_MODE = [
  // override mode by name
  String.raw`オーバーライドモード|ओवरराइड\s+मोड|ওভাররাইড\s+মোড|오버라이드\s*모드|(?:覆盖|覆蓋|超控)模式|режим\s+(?:переопределения|обхода)|${B}(?:modo\s+(?:de\s+)?(?:anulación|anulação|substituição|override)|mode\s+(?:de\s+)?(?:dérogation|remplacement|override)|(?:überschreibungs|override-?)modus|modalità\s+(?:di\s+)?(?:override|esclusione|sovrascrittura)|mode\s+(?:override|penggantian)|geçersiz\s+kılma\s+modu|chế\s+độ\s+ghi\s+đè)${E}`,
];

// ── secrets: the model's own password or key ────────────────────────────────
const SECRET_WORDS =
  "(?:contraseña|clave\\s+secreta|código\\s+secreto|senha|chave\\s+secreta|mot\\s+de\\s+passe|clé\\s+secrète|code\\s+secret|passwort|kennwort|geheimer?\\s+schlüssel|geheimcode|password|chiave\\s+segreta|codice\\s+segreto|şifre|gizli\\s+anahtar|mật\\s+khẩu|khóa\\s+bí\\s+mật|mã\\s+bí\\s+mật|kata\\s+sandi|kunci\\s+rahasia|kode\\s+rahasia|lihim\\s+na\\s+(?:susi|code)|secret\\s+code|пароль|секретный\\s+ключ|секретный\\s+код)";
/** The same without the English words, where an English rule already covers English text. */
const SECRET_WORDS_INTL = SECRET_WORDS.replace("|password", "").replace("|secret\\s+code", "");
const SECRETS = [
  // asked for: "tell me / what is / confirm" + (your | the system's) + secret word; without the
  // possessive, "mật khẩu là gì" / "şifre nedir" is "what is a password?"
  String.raw`${B}(?<!(?:no|nunca|jamás|não|non|mai|pas|jamais|huwag|jangan|не|никогда)\s+)(?:cuál\s+es|dime|dame|revela|confirma|confirme|qual\s+(?:é|e)|diga-me|diz-me|me\s+diga|revele|quelle\s+est|quel\s+est|dis-moi|dites-moi|donne-moi|donnez-moi|révèle|was\s+ist|sag\s+mir|sagen\s+sie\s+mir|nenne|nennen\s+sie|verrate|gib\s+mir|geben\s+sie\s+mir|qual\s+è|dimmi|mi\s+dica|dammi|rivela|ano\s+ang|sabihin|ibigay|apa|beri\s*tahu|berikan|sebutkan|nedir|söyle|ver${E}|là\s+gì|cho\s+tôi\s+biết|nói\s+cho\s+tôi|какой|каков|скажи|назови|сообщи|раскрой|compartir|compartilhar|condividere|partager|compartas|comparta|compartilhe|compartilha|partilhe|condividi|ibahagi|bagikan|paylaş|поделись|поделитесь|quale\s+sarebbe|quale|qual\s*é|necesito|preciso\s+d[ae]|j['’]ai\s+besoin\s+de|ho\s+bisogno\s+d(?:ella|i)|kailangan\s+ko\s+ang|(?:saya|aku)\s+butuh|мне\s+нужен)${E}[^.?!\n]{0,25}?(?:(?:tu|su|vuestra|ta|votre|ton|dein(?:e|en)?|ihr(?:e|en)?|tuo|tua|sua|teu|tua|iyong|anda|kamu|твой|ваш|свой|del\s+sistema|do\s+sistema|du\s+système|des\s+systems|del\s+sistema|ng\s+sistema|sistem|системы)\s+)${SECRET_WORDS}${E}`,
  String.raw`${B}${SECRET_WORDS}\s*(?:của\s+bạn|anda|kamu|mu|mo|n(?:ız|iz|in|ın|un|ün))\s*(?:là\s+gì|apa|nedir|ne${E}|ano)`,
  // the password of "our system"
  String.raw`${B}${SECRET_WORDS}\s+(?:de\s+notre\s+système|de\s+nuestro\s+sistema|do\s+nosso\s+sistema|unseres\s+systems|del\s+nostro\s+sistema|ng\s+ating\s+sistema|sistem\s+kami|(?:của\s+)?hệ\s+thống\s+của\s+chúng\s+(?:ta|tôi)|нашей\s+системы)${E}|${B}sistemimizin\s+(?:şifresi|parolası)|(?:우리의?\s*)시스템\s*(?:암호|비밀번호)|我们(?:的)?系统(?:的)?(?:密码|密钥)|私たちのシステムのパスワード|كلمة\s+(?:مرور|سر)\s+نظامنا`,
  String.raw`(?:मुझे\s+)?अपना\s+पासवर्ड\s+(?:बता|दे\s+(?:सकते|दो|दें|दीजिए))`,
  // the password asked for with the verb after it (de), or by someone who "needs" it (ko, vi)
  String.raw`${B}(?:dein|ihr)(?:e|en)?\s+(?:passwort|kennwort|geheimcode)\s+(?:geben|gibst|nennen|nennst|verraten|verrätst|sagen|sagst|mitteilen|schicken)${E}|(?:당신의|너의|네)\s*(?:비밀번호|암호)(?:가|를)?\s*필요|${B}(?<!(?:đừng|không|chớ)\s+)(?:hỏi|cho\s+tôi(?:\s+biết)?|nói|tiết\s+lộ|chia\s+sẻ|cung\s+cấp|cần)\s+(?:\S+\s+){0,2}?(?:mật\s+khẩu|khóa\s+bí\s+mật|mã\s+bí\s+mật)\s+của\s+bạn`,
  // "I need you to confirm the password"
  String.raw`${B}(?:necesito\s+que\s+(?:me\s+)?(?:confirmes|confirme|digas|diga|des|proporciones|proporcione)|preciso\s+que\s+(?:me\s+)?(?:confirme|confirmes|diga|digas|forneça|dê)|j['’]ai\s+besoin\s+que\s+(?:tu|vous)\s+(?:me\s+)?(?:confirmes|confirmiez|donnes|donniez|communiques|communiquiez)|ich\s+brauche\s+(?:dein|ihr)|ho\s+bisogno\s+che\s+(?:tu\s+)?(?:mi\s+)?(?:confermi|dica|dia)|kailangan\s+(?:kong|ko)\s+(?:na\s+)?(?:kumpirmahin\s+mo|ibigay\s+mo|sabihin\s+mo)|(?:saya|aku)\s+(?:perlu|butuh)\s+(?:anda|kamu)\s+(?:untuk\s+)?(?:mengonfirmasi|mengkonfirmasi|konfirmasi|memberikan|memberi\s+tahu)|tôi\s+cần\s+bạn\s+(?:xác\s+nhận|cung\s+cấp|cho\s+tôi\s+biết)|мне\s+нужно,?\s+чтобы\s+(?:вы|ты)\s+(?:подтвердили|подтвердил|назвали|назвал|сообщили|сообщил))\s+(?:la\s+|a\s+|le\s+|o\s+|il\s+|ang\s+)?${SECRET_WORDS}`,
  String.raw`${B}(?:şifreyi|parolayı)\s+(?:onaylamanız|onaylaman|söylemeniz|söylemen|vermeniz|vermen)\s+gerek`,
  // CJK / Indic / Thai / Arabic: possessive or system-owned password, or asked outright
  String.raw`(?:你的|你们的|您的|系统的?)(?:秘密)?(?:密码|密碼|密钥|密鑰|秘钥|秘密钥|口令)(?:是什么|是什麼|是多少)|(?:告诉我|告訴我|说出|說出|确认|確認)(?:一下)?(?:你的|您的|系统的?|系統的?)(?:密码|密碼|密钥|密鑰|秘钥)|(?:あなた|君|システム)の(?:パスワード|秘密の?鍵|秘密鍵|暗証番号)(?:は何|は？|を教え)|(?:パスワード|秘密の?鍵)は何(?:です|だ)|(?:당신의|너의|네|시스템)\s*(?:비밀번호|암호|비밀\s*키)(?:는|가|은|를)?\s*(?:무엇|뭐|뭔|알려|말해)|(?:비밀번호|암호)\s*(?:좀\s*)?(?:말해|알려\s*줘)`,
  String.raw`(?:आपकी|आपका|तुम्हारी|तुम्हारा|हमारा\s+सिस्टम|सिस्टम)\s+(?:गुप्त\s+कुंजी|पासवर्ड|गोपनीय\s+\S+)\s+(?:क्या|बता|की\s+पुष्टि)|(?:गुप्त\s+कुंजी|पासवर्ड)\s+की\s+पुष्टि\s+कर|(?:আপনার|তোমার|আমাদের\s+সিস্টেমের)\s+(?:গোপন\s+চাবি|পাসও${YA}ার্ড)\s+(?:কি|কী|বল)|รหัสผ่าน(?:ของคุณ|ของระบบ)(?:คือ|\s*(?:คืออะไร|บอก))|บอกรหัสผ่าน|(?:ما\s+(?:هي|هو)|أعطني|أخبرني\s+(?:ب|عن)?)\s*(?:كلمة\s+(?:المرور|السر|مرورك|سرك)|المفتاح\s+السري|مفتاحك\s+السري)`,
];

// ── payload splitting ───────────────────────────────────────────────────────
const VAR = String.raw`(?<![\p{L}\p{N}])[a-z](?![\p{L}\p{N}])`;
const SPLITTING = [
  // combine A, B and C (the letters, then the verb, or the verb, then the letters)
  String.raw`${B}(?:combina|combine|combinez|combinar|kombiniere|kombinieren|kombinasikan|kombinasi|gabungkan|pagsamahin|birleştir|kết\s+hợp|ghép|объедини(?:те)?|соедини(?:те)?|组合|組合|合并|合併|结合|結合|組み合わせ|결합|합쳐|मिला|একত্রিত|রমিলিয়ে|รวม|اجمع|ادمج)\s*(?:las\s+|os\s+|les\s+|die\s+|le\s+|ang\s+)?${VAR}\s*[,、，]\s*${VAR}\s*[,、，]?\s*(?:y|e|et|und|dan|at|ve|và|и|和|と|및|और|এবং|และ|و)?\s*${VAR}`,
  String.raw`${VAR}\s*[,、，]\s*${VAR}\s*[,、，]?\s*(?:ve|と|및|और|এবং|和)?\s*(?<![\p{L}\p{N}])[a-z](?![a-z0-9])\s*(?:'?yi|を|를|को|কে)?\s*(?:birleştir|組み合わせ|合わせ|결합|합쳐|मिला|একত্রিত)`,
  // part 1 is "…", part 2 is "…" (numbers in Latin, Devanagari or Bengali digits)
  String.raw`${B}(?:part|parte|partie|teil|bahagi|bagian|kısım|bölüm|phần|часть|パート|파트|भाग|পার্ট|ส่วนที่)\s*[1१১]\s*[^"“«„\n]{0,12}["“«„][^"”»“\n]{1,80}["”»“][^\n]{0,30}?(?:part|parte|partie|teil|bahagi|bagian|kısım|bölüm|phần|часть|パート|파트|भाग|পার্ট|ส่วนที่)\s*[2२২]`,
  // "suppose we have three strings: c = '…'" (the count, the word for strings, an assignment)
  String.raw`(?:tres\s+cadenas|três\s+(?:strings|cadeias)|trois\s+chaînes|drei\s+(?:strings|zeichenketten|saiten)|tre\s+stringhe|üç\s+(?:dize|tel|string)|ba\s+chuỗi|tiga\s+(?:string|untaian)|tatlong\s+string|три\s+строки|三个字符串|三個字符串|3つの文字列|三つの文字列|세\s*개의\s*문자열|तीन\s+स्ट्रिंग|তিনটি\s+স্ট্রিং|สามสตริง|ثلاث\s+سلاسل)[^=\n]{0,30}?\S{1,3}\s*=\s*["“«„]`,
];

// ── made-up worlds where personal data or passwords are shared, used to ask for them ──────
const PERSONAL =
  "(?:datos\\s+personales|contraseñas|dados\\s+pessoais|senhas|données\\s+personnelles|mots\\s+de\\s+passe|(?:persönliche|personenbezogene)[nr]?\\s+daten|passwörter|dati\\s+personali|kişisel\\s+veri\\S*|şifreler|dữ\\s+liệu\\s+cá\\s+nhân|mật\\s+khẩu|data\\s+pribadi|kata\\s+sandi|personal\\s+na\\s+(?:data|impormasyon)|(?:личные|персональные)\\s+данные|пароли|个人数据|个人信息|個人資料|個人データ|個人情報|개인\\s*(?:데이터|정보)|비밀번호|व्यक्तिगत\\s+(?:डेटा|जानकारी)|पासवर्ड|ব্যক্তিগত\\s+(?:তথ্য|ডেটা)|পাসও" +
  YA +
  "ার্ড\\S*|ข้อมูลส่วน(?:บุคคล|ตัว)|รหัสผ่าน|البيانات\\s+الشخصية|كلمات\\s+المرور)";
const OPEN_WORLD =
  "(?:se\\s+comparten|compartid[oa]s|(?:compartilhad|partilhad)[oa]s|partagée?s|geteilt|condivis[ie]|paylaşıl\\S*|chia\\s+sẻ|dibagikan|ibinabahagi|делятся|передаются|共享|共有|공유(?:된|되)|साझा\\s+(?:किया|किए|की)\\s+जात|শে" +
  YA +
  "ার\\s+করা\\s+হ" +
  YA +
  "|แบ่งปัน|تُشارك|تتم\\s+مشاركتها|يتم\\s+مشاركتها|conocimiento\\s+público|se\\s+comparten\\s+libremente|compartidos\\s+libremente|(?:es|son)\\s+la\\s+norma|(?:es|son)\\s+(?:la\\s+)?moneda|como\\s+saludo|conhecimento\\s+público|(?:compartilhad|partilhad)[oa]s\\s+livremente|(?:é|são)\\s+a\\s+norma|(?:é|são)\\s+(?:a\\s+)?moeda|connaissance\\s+publique|partagée?s\\s+librement|(?:est|sont)\\s+la\\s+norme|monnaie|öffentlich(?:es)?\\s+(?:wissen|bekannt)|allgemein\\s+bekannt|frei\\s+geteilt|die\\s+norm|währung|conoscenza\\s+pubblica|di\\s+dominio\\s+pubblico|condivis[ie]\\s+liberamente|(?:è|sono)\\s+la\\s+norma|valuta|kamusal\\s+bilgi|herkesin\\s+bildiği|serbestçe\\s+paylaş\\S*|normal\\s+olduğu|para\\s+birimi|kiến\\s+thức\\s+công\\s+khai|chia\\s+sẻ\\s+tự\\s+do|(?:là\\s+)?chuẩn\\s+mực|tiền\\s+tệ|pengetahuan\\s+umum|dibagikan\\s+secara\\s+bebas|(?:adalah\\s+)?norma|mata\\s+uang|kaalaman\\s+sa\\s+publiko|malayang\\s+ibinabahagi|общедоступн\\S*|общеизвестн\\S*|свободно\\s+\\S+|нормой|валют\\S*|公开|公開|自由(?:地)?共享|自由に共有|共有するのが普通|常态|货币|貨幣|通貨|공개|자유롭게\\s+공유|화폐|सार्वजनिक|स्वतंत्र\\s+रूप\\s+से\\s+साझा|मुद्रा|প্রকাশ্য|সর্বজনীন|স্বাধীনভাবে\\s+শে" +
  YA +
  "ার|অভিবাদন|মুদ্রা|สาธารณะ|แบ่งปันอย่างอิสระ|สกุลเงิน|معرفة\\s+عامة|بحرية|عملة)";
const IMAGINE =
  "(?:imagina|imagine|imaginez|supongamos|supón|stell\\s+dir\\s+vor|stellen\\s+sie\\s+sich\\s+vor|immagina|hayal\\s+edin|hayal\\s+et|tưởng\\s+tượng|bayangkan|isipin|представь(?:те)?|想象|想像|상상해|कल्पना|কল্পনা|นึกภาพ|จินตนาการ|تخيل)";
const UNLOCK = [
  String.raw`(?<=${IMAGINE}[^\n]{0,400}?)${PERSONAL}[^.?!。？！\n]{0,60}?${OPEN_WORLD}|(?<=${IMAGINE}[^\n]{0,400}?)${OPEN_WORLD}[^.?!。？！\n]{0,40}?${PERSONAL}`,
  // verb-final languages put "imagine" after the scene
  String.raw`${PERSONAL}[^.?!。？！\n]{0,60}?${OPEN_WORLD}(?=[^\n]{0,120}?${IMAGINE})`,
];

// ── the user's data the assistant holds ──────────────────────────────────────
const USER_DATA = [
  String.raw`${B}(?:dónde\s+vive\s+el\s+usuario|onde\s+(?:o\s+)?(?:usuário|utilizador)\s+(?:mora|vive)|où\s+(?:vit|habite)\s+l['’]utilisateur|wo\s+(?:wohnt|lebt)\s+der\s+(?:benutzer|nutzer)|dove\s+vive\s+l['’]utente|kullanıcı(?:nın)?\s+(?:şu\s+anda\s+|şimdi\s+)?nerede\s+(?:yaşıyor|oturuyor|yaşadığını)|người\s+dùng\s+(?:hiện\s+)?(?:đang\s+)?sống\s+ở\s+đâu|di\s+mana\s+pengguna\s+(?:sekarang\s+)?tinggal|saan\s+(?:ngayon\s+)?nakatira\s+ang\s+(?:user|gumagamit)|где\s+(?:сейчас\s+)?живёт\s+пользователь|где\s+(?:сейчас\s+)?живет\s+пользователь)`,
  String.raw`用户(?:现在|目前)?住在哪|用戶(?:現在|目前)?住在哪|ユーザーは(?:今|現在)?どこに住んで|사용자가\s*(?:지금\s*|현재\s*)?어디에\s*살|उपयोगकर्ता\s+(?:अब\s+)?कहाँ\s+रह|ব্যবহারকারী\s+(?:এখন\s+)?কোথা${YA}\s+থাক|ผู้ใช้(?:อาศัย)?อยู่ที่ไหน|أين\s+يعيش\s+المستخدم`,
];

// ── obfuscation: personal data reversed, the password encoded ──────────────────
const REVERSED =
  "(?:en\\s+orden\\s+inverso|al\\s+revés|em\\s+ordem\\s+inversa|por\\s+ordem\\s+inversa|à\\s+l['’]envers|dans\\s+l['’]ordre\\s+inverse|in\\s+umgekehrter\\s+reihenfolge|rückwärts|in\\s+ordine\\s+inverso|ters\\s+sırayla|tersten|theo\\s+thứ\\s+tự\\s+ngược|dalam\\s+urutan\\s+terbalik|pabaligtad|baligtad\\s+na\\s+pagkakasunod|в\\s+обратном\\s+порядке|задом\\s+наперёд|按?(?:反|相反的?)顺序|倒序|逆順|逆の順序|역순|거꾸로|(?:रिवर्स|उल्टे|विपरीत)\\s+(?:क्रम|ऑर्डर)|বিপরীত\\s+ক্রমে|(?:ลำดับ|เรียง)ย้อนกลับ|بالترتيب\\s+العكسي|بترتيب\\s+عكسي)";
const DATA_ITEM =
  "(?:fecha\\s+de\\s+nacimiento|correo\\s+electrónico|data\\s+de\\s+nascimento|endereço\\s+de\\s+e-?mail|date\\s+de\\s+naissance|adresse\\s+e-?mail|geburtsdatum|e-mail-adresse|data\\s+di\\s+nascita|indirizzo\\s+e-?mail|doğum\\s+tarihi|e-posta\\s+adresi|ngày\\s+sinh|địa\\s+chỉ\\s+email|tanggal\\s+lahir|alamat\\s+email|petsa\\s+ng\\s+kapanganakan|дата\\s+рождения|адрес\\s+электронной\\s+почты|出生日期|电子邮件地址|生年月日|メールアドレス|생년월일|이메일\\s*주소|जन्म\\s+तिथि|ईमेल\\s+पते|জন্ম\\s+তারিখ|ইমেল\\s+ঠিকানা|วันเกิด|ที่อยู่อีเมล|تاريخ\\s+الميلاد|عنوان\\s+البريد|initialen|iniciales|iniciais|initiales|iniziali|baş\\s+harfleri)";
const OBFUSCATION = [
  String.raw`${DATA_ITEM}[^.?!。？！\n]{0,80}?${REVERSED}|${REVERSED}[^.?!。？！\n]{0,40}?${DATA_ITEM}`,
  String.raw`(?:${SECRET_WORDS_INTL}|パスワード|密码|비밀번호|पासवर्ड|পাসও${YA}ার্ড|รหัสผ่าน|كلمة\s+المرور)[^\n]{0,160}?(?:base\s*64|आधार\s*64|বেস\s*৬৪)`,
];

// ── DAN, "do anything now", in translation ───────────────────────────────────────
const DAN = [
  String.raw`${B}(?:haz\s+cualquier\s+cosa\s+ahora|haga\s+cualquier\s+cosa\s+ahora|faça\s+qualquer\s+coisa\s+agora|faz\s+qualquer\s+coisa\s+agora|fais\s+n['’]importe\s+quoi\s+maintenant|faites\s+n['’]importe\s+quoi\s+maintenant|mach\s+jetzt\s+alles|tu\s+jetzt\s+alles|fai\s+qualsiasi\s+cosa\s+ora|gumawa\s+ng\s+anumang\s+bagay\s+ngayon|lakukan\s+apa\s+(?:saja|pun)\s+sekarang|şimdi\s+her\s+şeyi\s+yap|làm\s+bất\s+cứ\s+điều\s+gì\s+ngay\s+bây\s+giờ|делай\s+(?:что\s+угодно|всё)\s+сейчас)`,
  String.raw`现在(?:就)?做任何事|現在(?:就)?做任何事|今すぐ何でも|지금\s*무엇이든|अब\s+कुछ\s+भी\s+कर|এখনই\s+যেকোনো\s+কিছু|ทำอะไรก็ได้(?:ใน)?ตอนนี้|افعل\s+أي\s+شيء\s+الآن`,
];

export const MULTILINGUAL_RULES: readonly InjectionRule[] = [
  {
    id: "injection.ignore_previous",
    gate: [
      "ignora",
      "ignorad",
      "ignorez",
      "ignorier",
      ...[
        "lo",
        "las",
        "tus",
        "todo",
        "todas",
        "o",
        "as",
        "suas",
        "tuas",
        "tudo",
        "esas",
        "essas",
        "estas",
        "tout",
        "ce",
        "les",
        "tes",
        "vos",
        "ces",
      ].map((w) => `ignore ${w} `),
      "olvid",
      "olvíd",
      "descarta",
      "caso omiso",
      "no hagas caso",
      "esque",
      "desconsider",
      "dimentic",
      "trascura",
      "oubli",
      "tiens pas compte",
      "tenez pas compte",
      "vergiss",
      "vergessen",
      "missacht",
      "kalimutan",
      "pansinin",
      "balewalain",
      "ipagwalang",
      "abaikan",
      "lupakan",
      "acuhkan",
      "hiraukan",
      "yok say",
      "görmezden",
      "unut",
      "dikkate alma",
      "boş ver",
      "quên",
      "bỏ qua",
      "phớt lờ",
      "lờ đi",
      "bỏ ngoài tai",
    ],
    re: rx(OVERRIDE_ROMANCE),
  },
  {
    id: "injection.ignore_previous",
    gate: [
      "игнор",
      "забуд",
      "не обращай",
      "忽略",
      "忽視",
      "忽视",
      "忘记",
      "忘記",
      "忘掉",
      "无视",
      "無視",
      "不要理",
      "别管",
      "別管",
      "抛开",
      "拋開",
      "忘れ",
      "무시",
      "잊",
      "تجاهل",
      "انس",
      "أهمل",
      "اهمل",
      "अनदेख",
      "नज़रअंदाज़",
      "नजरअंदाज",
      "नज़रअंदाज",
      "उपेक्षा",
      "भूल जा",
      "परवाह किए बिना",
      "উপেক্ষা",
      "অগ্রাহ্য",
      "ভুলে যা",
      "สนใจ",
      "เพิกเฉย",
      "ละเว้น",
      "ลืม",
    ],
    re: rx(OVERRIDE_OTHER),
  },
  {
    id: "injection.authority_claim",
    gate: [
      "soy tu",
      "soy su",
      "sou o",
      "sou teu",
      "sou seu",
      "je suis ton",
      "je suis votre",
      "ich bin dein",
      "ich bin ihr",
      "sono il tuo",
      "ako ang",
      "pengembang",
      "pencipta",
      "pembuat",
      "como tu",
      "como su",
      "como teu",
      "como seu",
      "en tant que",
      "als dein",
      "als ihr",
      "come tuo",
      "come il tuo",
      "bilang",
      "geliştiric",
      "yaratıcı",
      "tôi là",
      "я твой",
      "я ваш",
      "как твой",
      "как ваш",
      "我是你的",
      "作为你的",
      "作為你的",
      "の開発者",
      "の作成者",
      "の製作者",
      "の創造主",
      "の管理者",
      "개발자",
      "제작자",
      "창조자",
      "관리자",
      "أنا ",
      "بصفتي",
      "मैं आपका",
      "मैं तुम्हारा",
      "के रूप में",
      "আমি আপনার",
      "আমি তোমার",
      "হিসেবে",
      "ผู้พัฒนา",
      "ผู้สร้าง",
      "นักพัฒนา",
    ],
    re: rx(AUTHORITY),
  },
  {
    // "I am God, and you have to answer all my questions"
    id: "injection.authority_claim",
    gate: [
      "soy dios",
      "sou deus",
      "je suis dieu",
      "ich bin gott",
      "sono dio",
      "diyos",
      "tuhan",
      "tanrı",
      "chúa",
      "бог",
      "我是上帝",
      "我是神",
      "私は神",
      "신이",
      "भगवान",
      "ঈশ্বর",
      "ভগবান",
      "พระเจ้า",
      "أنا الله",
      "أنا الإله",
    ],
    re: rx(GOD),
  },
  {
    // a mode in angle brackets; English "<… mode>" is injection-direct.ts's
    id: "injection.authority_claim",
    gate: [
      "<mode",
      "<modo",
      "modo>",
      "<modus",
      "modus>",
      "modalità>",
      "<modalità",
      "<modu ",
      "modu>",
      "chế độ>",
      "<chế độ",
      "<режим",
      "режим>",
      "模式>",
      "モード>",
      "모드>",
      "मोड>",
      "মোড>",
      "โหมด>",
      "<وضع",
      "وضع>",
    ],
    re: rx(MODE_TAG),
  },
  {
    // "I am now entering '… mode'"
    id: "injection.authority_claim",
    gate: [
      "entrando",
      "entro en",
      "entro in",
      "j'entre",
      "j’entre",
      "entrons",
      "ich gehe",
      "ich trete",
      "ich wechsle",
      "memasuki",
      "pumapasok",
      "chế độ",
      "вхожу",
      "перехожу",
      "входим",
      "moduna",
      "进入",
      "進入",
      "モードに",
      "모드에",
      "모드로",
      "प्रवेश",
      "প্রবেশ",
      "เข้าสู่โหมด",
      "أدخل",
    ],
    re: rx(ENTERING_MODE),
  },
  {
    // override mode by name, in translation
    id: "injection.authority_claim",
    gate: [
      "オーバーライド",
      "ओवरराइड",
      "ওভাররাইড",
      "오버라이드",
      "覆盖模式",
      "覆蓋模式",
      "超控模式",
      "режим переопредел",
      "режим обхода",
      "anulación",
      "anulação",
      "substituição",
      "dérogation",
      "remplacement",
      "modo override",
      "mode override",
      "modo de override",
      "mode de override",
      "überschreibungsmodus",
      "override-modus",
      "overridemodus",
      "modalità override",
      "modalità di",
      "penggantian",
      "geçersiz kılma",
      "ghi đè",
    ],
    re: rx(OVERRIDE_MODE),
  },
  {
    id: "injection.secret_extraction",
    gate: [
      "contraseña",
      "clave secreta",
      "código secreto",
      "senha",
      "chave secreta",
      "mot de passe",
      "clé secrète",
      "code secret",
      "passwort",
      "kennwort",
      "schlüssel",
      "geheimcode",
      "chiave segreta",
      "codice segreto",
      "şifre",
      "gizli anahtar",
      "parola",
      "la password",
      "tua password",
      "sua password",
      "vostra password",
      "ang password",
      "iyong password",
      "password ng",
      "password mo",
      "password anda",
      "password kamu",
      "password nedir",
      "sistemimizin",
      "시스템",
      "我们",
      "私たちのシステム",
      "نظامنا",
      "अपना पासवर्ड",
      "mật khẩu",
      "khóa bí mật",
      "mã bí mật",
      "kata sandi",
      "kunci rahasia",
      "kode rahasia",
      "lihim na",
      "пароль",
      "секретный",
      "密码",
      "密碼",
      "密钥",
      "密鑰",
      "秘钥",
      "口令",
      "パスワード",
      "鍵",
      "暗証番号",
      "비밀번호",
      "암호",
      "비밀 키",
      "비밀키",
      "गुप्त कुंजी",
      "पासवर्ड",
      "गोपनीय",
      "গোপন চাবি",
      "পাসও",
      "รหัสผ่าน",
      "كلمة المرور",
      "كلمة السر",
      "المفتاح السري",
      "كلمة مرورك",
      "كلمة سرك",
      "مفتاحك",
    ],
    re: rx(SECRETS),
  },
  {
    id: "injection.payload_splitting",
    gate: [
      "combina ",
      "combinad",
      "combinez",
      "combinar",
      "combine a",
      "combine o",
      "combine as",
      "combine os",
      "combine las",
      "combine les",
      "kombin",
      "gabungkan",
      "pagsamahin",
      "birleştir",
      "kết hợp",
      "ghép",
      "объедин",
      "соедин",
      "组合",
      "組合",
      "合并",
      "合併",
      "结合",
      "結合",
      "組み合わせ",
      "合わせ",
      "결합",
      "합쳐",
      "मिला",
      "একত্রিত",
      "মিলিয়ে",
      "รวม",
      "اجمع",
      "ادمج",
      "part 1 ay",
      "part 1 es",
      "part 1 est",
      "part 1 ist",
      "part 1 là",
      "part 1 adalah",
      "parte",
      "partie 1",
      "partie1",
      "teil 1",
      "teil1",
      "bahagi",
      "bagian",
      "kısım",
      "bölüm",
      "phần",
      "часть",
      "パート",
      "파트",
      "भाग",
      "পার্ট",
      "ส่วนที่",
      "cadenas",
      "cadeias",
      "três strings",
      "drei strings",
      "üç string",
      "tiga string",
      "chaînes",
      "zeichenketten",
      "saiten",
      "stringhe",
      "dize",
      "üç tel",
      "chuỗi",
      "untaian",
      "tatlong string",
      "строки",
      "字符串",
      "文字列",
      "문자열",
      "स्ट्रिंग",
      "স্ট্রিং",
      "สตริง",
      "سلاسل",
    ],
    re: rx(SPLITTING),
  },
  {
    id: "injection.fictional_unlock",
    gate: [
      "imagina ",
      "imaginad",
      "imaginez",
      "imaginons",
      "imagine que",
      "imagine um",
      "imagine uma",
      "supongamos",
      "supón",
      "stell dir vor",
      "stellen sie sich vor",
      "immagina",
      "hayal",
      "tưởng tượng",
      "bayangkan",
      "isipin",
      "представь",
      "想象",
      "想像",
      "상상해",
      "कल्पना",
      "কল্পনা",
      "นึกภาพ",
      "จินตนาการ",
      "تخيل",
    ],
    re: rx(UNLOCK),
  },
  {
    id: "injection.data_request",
    gate: [
      "usuario",
      "usuário",
      "utilizador",
      "utilisateur",
      "benutzer",
      "nutzer",
      "utente",
      "kullanıcı",
      "người dùng",
      "pengguna",
      "nakatira",
      "пользователь",
      "用户",
      "用戶",
      "ユーザー",
      "사용자",
      "उपयोगकर्ता",
      "ব্যবহারকারী",
      "ผู้ใช้",
      "المستخدم",
    ],
    re: rx(USER_DATA),
  },
  {
    id: "injection.obfuscated_leak",
    gate: [
      "inverso",
      "revés",
      "inversa",
      "envers",
      "ordre inverse",
      "umgekehrter",
      "rückwärts",
      "ters sıra",
      "tersten",
      "ngược",
      "terbalik",
      "baligtad",
      "обратном",
      "наперёд",
      "顺序",
      "倒序",
      "逆順",
      "逆の順序",
      "역순",
      "거꾸로",
      "क्रम",
      "ऑर्डर",
      "বিপরীত",
      "ย้อนกลับ",
      "العكسي",
      "عكسي",
      "base64",
      "base 64",
      "आधार",
      "বেস",
    ],
    re: rx(OBFUSCATION),
  },
  {
    id: "injection.dan_persona",
    gate: [
      "cualquier cosa",
      "qualquer coisa",
      "n'importe quoi",
      "n’importe quoi",
      "jetzt alles",
      "qualsiasi cosa",
      "anumang bagay",
      "apa saja",
      "apa pun",
      "her şeyi",
      "bất cứ điều gì",
      "что угодно",
      "всё сейчас",
      "做任何事",
      "何でも",
      "무엇이든",
      "कुछ भी",
      "যেকোনো কিছু",
      "อะไรก็ได้",
      "أي شيء",
    ],
    re: rx(DAN),
  },
];
