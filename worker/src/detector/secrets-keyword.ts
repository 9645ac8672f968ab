// Credentials by context: a key/token/secret/password-like name assigned a literal value
// (`censys_key: "roLt…"`, `PSWD:=…`, `--password …`, `IDENTIFIED BY '…'`), in the manner of
// gitleaks' generic-api-key rule and detect-secrets' keyword detector. The value must look like
// a secret: not a placeholder, template or variable reference, not a word, with mixed character
// classes and enough entropy. Hashes, UUIDs and SHAs only count when a secret-like name holds them.
import { hasFiller, shannonEntropy } from "./checksums";
import { enclosingKeys } from "./enclosing-keys";
import type { SecretRule } from "./types";

/**
 * The keyword a name must contain, matched where it starts (the rules run anchored at each place
 * the detector's literal pass found one of KEYWORD_ANCHORS): password-like words with the
 * misspellings configs really use (PSWD, PASWD, PSSWRD, passworsd…), secret, token, auth, bearer,
 * cred(ential)s and key (qualified: api_key, secret key, client-key; checked in validation).
 */
const NAME = String.raw`(?:pa?s*w(?:o?r)?s?d|pass(?:phrase|code)?s?|psw|pw|secrete?s?|tokens?|auth(?:orization|entication|[_\-.]?(?:token|key|secret|pass\w*))?(?![a-z])|bearer|creds?|credentials?|key(?![a-z]))`;
const KEYWORD_ANCHORS = ["pass", "pasw", "psw", "pssw", "pw", "secret", "token", "auth", "bearer", "cred", "key"];
/** Rest of the identifier after the keyword, and what may sit between it and the separator. */
const TAIL = String.raw`[\w.\-]{0,40}["'\]]?[ \t]*(?:\[\d*\][ \t]*)?(?::[ \t]*[\w<>\[\]]{1,20}[ \t]*(?==))?`;

/** Names that hold something other than a secret even though they contain a keyword. */
const NOT_SECRET_NAME =
  /public|publishable|csrf|xsrf|authenticity|id$|name|(?:^|[_\-.])ur[il]|ur[il]$|file|path|dir|length|len$|size|version|type|hash|salt|nonce|format|field|policy|expir|count|timeout|regex|pattern|prompt|placeholder|label|hint|limit|(?:^|[^a-z])(?:max|min)(?![a-z])|^(?:max|min)|bucket|bypass|compass|passeng|passag|passiv|passthrough|passing|tokeniz|endpoint|header|algorithm|method|mode|provider|store|manager|strength|reset|confirm|validator|input|forgot|required|cache|sort|primary|foreign|partition|idempot|lookup|unique|index|oauth_?url|_at$|_in$|usage|budget|kind|sha(?:1|224|256|384|512)|md5|digest|checksum/;

/** The whole value is a reference or template, not a literal. */
const REFERENCE =
  /^(?:\$\{[^}]*\}|#\{[^}]*\}#?|__[A-Za-z]\w*__|\{[\w.]+\}|\$\{\{.*\}\}|\{\{.*\}\}|<[^<>]*>|%\(?[\w.]+\)?s?%?|\$[A-Za-z_][\w.]*|\[[^\]]*\]|@[\w.]+|(?:process\.env|os\.environ|os\.getenv|getenv|env|secrets|vars|config|settings|System\.getenv|ENV)\b.*)$/;
const PLACEHOLDER =
  /x{4,}|X{4,}|\*{3,}|\.{3}|your|placeholder|changeme|change_me|sample|dummy|redacted|replace|insert|^0x|^ENC\(|[-_.]v?\d+\.\d+(?:\.\d+)?$|^(?:null|none|nil|undefined|true|false|empty|secret|password|token|string|required|optional)$/i;
/**
 * Test and demo values: words every tutorial and test suite uses (password, secret, test, admin,
 * demo, super, my…), alone or run together, with at most a short run of digits and a symbol after
 * them: `password123`, `test123`, `admin!`, `SuperSecret2024!`, `my-secret-key`.
 */
export const TEST_VALUE =
  /^(?:(?:my|your|our|super|strong|very|new|old|default|dev|prod|staging|local|test(?:ing|er)?|demo|sample|fake|dummy|example|temp|tmp|admin|root|user|guest|secret|s3cr3t|pass(?:word|wd|w0rd)?|p@ssw0rd|pwd|token|key|api|access|auth|private|changeme|changeit|letmein|qwerty|welcome|hello|hunter|foo|bar|baz|abc|xyz)[-_.]?){1,4}(?:\d{1,4})?[!@#.?]?$/i;
/** An UPPER_SNAKE constant: words of two or more letters or digits joined by underscores. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]+(?:_[A-Z0-9]{2,})+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:(?:\.|->|::)[A-Za-z_$][\w$]*)*(?:\(\)?)?$/;

function classes(v: string): { lower: boolean; upper: boolean; digit: boolean; symbol: boolean } {
  return { lower: /[a-z]/.test(v), upper: /[A-Z]/.test(v), digit: /\d/.test(v), symbol: /[^A-Za-z0-9]/.test(v) };
}

/** Letters that switch case about every third letter or more often, as random ones do (CamelCase words: once a word). */
function randomCase(value: string): boolean {
  const letters = value.replace(/[^A-Za-z]/g, "");
  let switches = 0;
  for (let i = 1; i < letters.length; i++) if (/[A-Z]/.test(letters[i]!) !== /[A-Z]/.test(letters[i - 1]!)) switches++;
  return switches * 3 >= letters.length;
}

/** Does `value`, held by `name`, look like a real credential? */
export function keywordValueLooksSecret(value: string, name: string, isPassword: boolean): boolean {
  if (/\s/.test(value) || value.length > 200) return false;
  if (value.length < (isPassword ? 6 : 8)) return false;
  if (NOT_SECRET_NAME.test(name.toLowerCase())) return false;
  if (REFERENCE.test(value) || PLACEHOLDER.test(value) || hasFiller(value)) return false;
  if (/^[\d.,:\-/]+$/.test(value) || /^https?:/i.test(value)) return false;
  if (/^[A-Z][a-z]+-[A-Z][A-Za-z]+$/.test(value)) return false; // a PowerShell cmdlet (Verb-Noun)
  // a host name (written in lower case; a mixed-case last label is not a top-level domain)
  if (/^[\w-]+(?:\.[\w-]+)*\.(?:[a-z]{2,6}|[A-Z]{2,6})$/.test(value) && !/\d{3}/.test(value.slice(value.lastIndexOf(".")))) return false;
  if (TEST_VALUE.test(value) || /^[A-Za-z]+[.,;:)]+$/.test(value)) return false; // a test value; a word ending a sentence
  // hex digits in mixed case: generated values are hex in one case or use the whole alphabet
  if (value.length >= 16 && /^[0-9a-fA-F]+$/.test(value) && /[a-f]/.test(value) && /[A-F]/.test(value)) return false;
  // code, not a literal: a call or index expression (getpass(prompt), pw[:-1]), a reference
  // written as a call (@Microsoft.KeyVault(SecretUri=…)), a parenthesised expression, a package
  // name (@scope/pkg), a badge's public graph token
  if (/^@?[A-Za-z_$][\w$.]*[([]|^[([{]|^@[\w-]+\//.test(value)) return false;
  const c = classes(value);
  if (/(.)\1{4,}/.test(value)) return false;
  // words joined by punctuation with no digit or capital (asyncify-imports@env.await_promise_sync)
  if (
    !c.digit &&
    !c.upper &&
    value
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 3)
      .join("").length *
      4 >=
      value.length * 3
  )
    return false;
  const kinds = Number(c.lower) + Number(c.upper) + Number(c.digit) + Number(c.symbol);
  const entropy = shannonEntropy(value);
  // letters only: long, mixed-case and random (a generated key or password), never a word or a
  // name: CamelCase words switch case once per word, random letters about every other letter
  if (!c.digit && !c.symbol) {
    if (!c.lower || !c.upper || !randomCase(value)) return false;
    if (value.length >= 16 && entropy >= 4) return true;
    return isPassword && value.length >= 12 && entropy >= 3.3;
  }
  // a constant's or a variable's name handed over in code, with the call or object it closes:
  // api_key=OPENAI_API_KEY), {apiKey: GEMINI_API_KEY}; UPPER_SNAKE names are names, digits or not,
  // and so is a family of them written with a brace expansion (OTLP_{TRACES,LOGS}_CLIENT_KEY)
  const bare = value.replace(/[)\]}]+$/, "");
  if (
    CONSTANT_NAME.test(bare.replace(/\{[A-Z0-9_]+(?:,[A-Z0-9_]+)+\}/g, "XX")) ||
    (bare !== value && IDENTIFIER.test(bare) && !/\d/.test(bare) && !(isPassword && randomCase(bare)))
  )
    return false;
  // user.password, getToken(), real_key; but a password-named value whose letters switch case
  // like random ones (PYuKA_fJGrXJX) is generated, not an identifier
  if (IDENTIFIER.test(value) && !c.digit && !(isPassword && value.length >= 10 && randomCase(value))) return false;
  if (kinds < 2) return false;
  return entropy >= (value.length < 12 ? 2.5 : 3);
}

/** Identifier that ends at `end` (the keyword's start) plus the keyword and its tail. */
export function identifierAt(text: string, start: number, end: number): string {
  let s = start;
  while (s > 0 && start - s < 40 && /[\w.-]/.test(text[s - 1]!)) s--;
  let e = end;
  while (e < text.length && e - end < 40 && /[\w.-]/.test(text[e]!)) e++;
  return text.slice(s, e);
}

const isPasswordName = (name: string) => /pass|pw|psw|p\w?s+w/i.test(name);

/** The command-line form needs the name to be a flag: "--password", "-Password", "--db-token". */
function isFlagName(text: string, at: number): boolean {
  let s = at;
  while (s > 0 && at - s < 24 && /[\w-]/.test(text[s - 1]!)) s--;
  return text[s] === "-" && (s === 0 || /[\s"']/.test(text[s - 1]!));
}

/** The keyword is capture group `group`; the name is the whole identifier around it. */
const nameAt = (group: number) => (m: RegExpExecArray, text: string) => {
  const [s, e] = m.indices?.[group] ?? [m.index, m.index];
  return identifierAt(text, s, e);
};
/**
 * Short keywords (pw, auth, cred) only count at the start of a word ("npw", "oauth2" and
 * "incredible" are not names), or glued to an upper-case prefix as constants are (USERPWD).
 */
const SHORT_KEYWORD = /^(?:pw|auth|cred)/i;
const gluedToWord = (text: string, at: number) =>
  /[a-z]/.test(text[at - 1] ?? "") || (/[A-Z]/.test(text[at - 1] ?? "") && !/^[A-Z]/.test(text[at] ?? ""));
/** "key" counts only qualified: api_key, secret key, client-key, apikey, .key, _key. */
const KEY_QUALIFIER =
  /(?:api|access|secret|private|client|app|master|license|activation|encryption|signing|account|authentication)[_\-. ]?$|[_\-.$?&]$/i;
const keywordRule = (group: number) => ({
  validate: (value: string, m: RegExpExecArray, text: string) => {
    const at = m.indices?.[group]?.[0] ?? m.index;
    const keyword = m[group] ?? "";
    if (SHORT_KEYWORD.test(keyword) && gluedToWord(text, at)) return false;
    if (/^key$/i.test(keyword) && !KEY_QUALIFIER.test(text.slice(Math.max(0, at - 16), at))) {
      // "key_" / "key." starts a name, but not when glued to a word before it (hkey_mod, monkey.x)
      if (!/^[_\-.]/.test(text.slice(at + 3)) || /[a-z]/i.test(text[at - 1] ?? "")) return false;
    }
    if (/badge\.svg\?$/i.test(text.slice(Math.max(0, at - 10), at))) return false;
    const name = nameAt(group)(m, text);
    return keywordValueLooksSecret(value, name, isPasswordName(name)) && !templateNameOrCiphertext(value, m.index, text);
  },
  idFor: (m: RegExpExecArray, text: string) =>
    isPasswordName(nameAt(group)(m, text)) ? "secret.password_assignment" : "secret.generic_assignment",
});

/** Keys whose values are ciphertext: a SealedSecret's `encryptedData`, Travis `secure`, SOPS' `encrypted_*`. */
const CIPHERTEXT_KEY = /encrypt|cipher|sealed|^secure$/;

/**
 * What the place says of a value that looks secret: inside a template expression on its line
 * (`{{ .Values.password | b64enc }}`, `<%= … %>`, `{% … %}`) a bare name is a filter or a
 * variable the template reads; under a key that says its values are encrypted the value is
 * ciphertext, made to be committed, which only the holder of the key can read.
 */
function templateNameOrCiphertext(value: string, at: number, text: string): boolean {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const head = text.slice(lineStart, at);
  const open = Math.max(head.lastIndexOf("{{"), head.lastIndexOf("{%"), head.lastIndexOf("<%"));
  if (open !== -1 && !/\}\}|%\}|%>/.test(head.slice(open)) && /^[A-Za-z_][\w.]*$/.test(value)) return true;
  return enclosingKeys(text, lineStart).some((k) => CIPHERTEXT_KEY.test(k));
}

export const KEYWORD_RULES: readonly SecretRule[] = [
  {
    // name = "value", name: 'value', name := `value`, secret("value"), CURLOPT_PASSWORD, "value"
    id: "secret.generic_assignment",
    gate: KEYWORD_ANCHORS,
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})${TAIL}(?::=|=>|!==?|===?|[:=(,]|[ \t])[ \t]*@?(["'\x60])([^"'\x60\s]{6,200})\2`, "dyi"),
    group: 3,
    ...keywordRule(1),
  },
  {
    // NAME=value, NAME: value (unquoted; .env files, YAML, INI, key:value notes)
    id: "secret.generic_assignment",
    gate: KEYWORD_ANCHORS,
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})${TAIL}(?::=|=>|[:=])[ \t]*([^\s"'\x60,;&]{6,200})`, "dyi"),
    group: 2,
    ...keywordRule(1),
  },
  {
    // --password value, -Password 'value', --token value, --passphrase value
    id: "secret.generic_assignment",
    gate: KEYWORD_ANCHORS,
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})[\w\-]{0,20}[ \t=]+["']?([^\s"'\x60]{6,200})`, "dyi"),
    group: 2,
    validate: (value, m, text) => isFlagName(text, m.index) && keywordRule(1).validate(value, m, text),
    idFor: keywordRule(1).idFor,
  },
  {
    // a macro definition, unquoted (C, assembly, RPM spec files): #define API_TOKEN 4b9a…,
    // %define token …; a name and a value apart by spaces only count after #define on their line
    id: "secret.generic_assignment",
    gate: ["define"],
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})[\w.\-]{0,40}[ \t]+([^\s"'\x60]{6,200})(?=\s|$)`, "dyi"),
    group: 2,
    validate: (value, m, text) => {
      const line = text.slice(text.lastIndexOf("\n", m.index) + 1, m.index);
      return /^[ \t]*[#%][ \t]*define[ \t]+[\w.-]{0,40}$/i.test(line) && keywordRule(1).validate(value, m, text);
    },
    idFor: keywordRule(1).idFor,
  },
  {
    // a string literal continued on the next line: key = 'abc…\ or key = '''abc… (the value is
    // cut at the line end, so only a long, random-looking first line counts)
    id: "secret.generic_assignment",
    gate: KEYWORD_ANCHORS,
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})${TAIL}(?::=|=>|[:=])[ \t]*(?:'''|"""|["'\x60])([^"'\x60\s\\]{16,200})\\?(?=\r?\n|$)`, "dyi"),
    group: 2,
    ...keywordRule(1),
  },
  {
    // HTML-escaped quotes, as in markup and diagram files: token=&quot;value&quot;
    id: "secret.generic_assignment",
    gate: ["&quot;"],
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})${TAIL}(?:[:=]|[ \t])[ \t]*&quot;([^"'\x60\s&]{6,200})&quot;`, "dyi"),
    group: 2,
    ...keywordRule(1),
  },
  {
    // the name and the value in fields of their own: a Kubernetes or ECS env entry
    // (`- name: DB_PASSWORD` / `value: "…"`), .NET appSettings (`<add key="ApiKey" value="…"/>`),
    // JSON/YAML/Terraform name–value objects and parameter lists
    id: "secret.generic_assignment",
    gate: ["value", "VALUE", "Value"],
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(
      String.raw`(${NAME})[\w.\-]{0,40}["']?[ \t]*(?:,|;|\r?\n)?[ \t]*(?:-[ \t]+)?["']?value["']?[ \t]*(?:=>|[:=])[ \t]*(["']?)([^\s"'\x60,;<>{}]{6,200})\2`,
      "dyi",
    ),
    group: 3,
    ...keywordRule(1),
  },
  {
    // a markdown or ASCII table row: | DB_PASSWORD | value |
    id: "secret.generic_assignment",
    gate: ["|"],
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})${TAIL}\x60?[ \t]*\|[ \t]*\x60?([^\s"'\x60|]{6,200})\x60?[ \t]*\|`, "dyi"),
    group: 2,
    ...keywordRule(1),
  },
  {
    // prose: "password for master: value", "the token is value", "passcode was value", and prose
    // that sets a named variable: "I set DB_PASSWORD to value", "use API_TOKEN as value"
    id: "secret.generic_assignment",
    gate: KEYWORD_ANCHORS,
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(
      String.raw`(${NAME})(?:[ \t]+(?:for|of|to|on)(?:[ \t]+[\w.@\-]{1,30}){1,4}?[ \t]*[:=]|[ \t]+(?:is|was)[ \t]*:?|[\w.\-]{0,40}\x60?[ \t]+(?:to|as)[ \t]+)[ \t]*["'\x60]?([^\s"'\x60,;<&]{6,200})`,
      "dyi",
    ),
    group: 2,
    ...keywordRule(1),
  },
  {
    // percent-encoded query strings: ...%26token%3Dvalue%26...
    id: "secret.generic_assignment",
    gate: ["%3D", "%3d"],
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(String.raw`(${NAME})%3D([A-Za-z0-9\-_.~]{6,200}?)(?=%26|%23|&|$|["'\s])`, "dyi"),
    group: 2,
    ...keywordRule(1),
  },
  {
    // an environment lookup with a literal fallback: PASSWORD = os.environ.get("X") or "value",
    // SECRET := getenv("X", "value"), token = process.env.X ?? "value"
    id: "secret.generic_assignment",
    gate: KEYWORD_ANCHORS,
    anchors: KEYWORD_ANCHORS,
    re: new RegExp(
      String.raw`(${NAME})${TAIL}(?::=|=)[ \t]*[\w.]*?(?:getenv|environ\.get|env\.get|getProperty|ENV\.fetch|process\.env\.\w+)(?:\([ \t]*["'][\w.\-]*["'][ \t]*)?(?:,[ \t]*|\)?[ \t]*(?:or|\|\||\?\?|\?:)[ \t]*)(["'])([^"'\x60\s]{6,200})\2`,
      "dyi",
    ),
    group: 3,
    ...keywordRule(1),
  },
  {
    // PowerShell: ConvertTo-SecureString [-String] [-AsPlainText] [-Force] "value"
    id: "secret.password_assignment",
    gate: ["ConvertTo-SecureString"],
    gateLower: true,
    re: /ConvertTo-SecureString(?:[ \t]+-\w+)*[ \t]+\\?["']?([^\s"'\\$(]{6,200})/dgi,
    group: 1,
    validate: (v) => keywordValueLooksSecret(v, "password", true),
  },
  {
    // "value" == password (comparisons written value-first)
    id: "secret.generic_assignment",
    gate: ["==", "!="],
    re: new RegExp(String.raw`(["'\x60])([^"'\x60\s]{6,200})\1[ \t]*(?:===?|!==?)[ \t]*[\w.\-]{0,40}?(${NAME})`, "dgi"),
    group: 2,
    ...keywordRule(3),
  },
  {
    // database and cache clients given the password on the command line: mysql -pVALUE (glued),
    // redis-cli -a VALUE, sshpass -p VALUE
    id: "secret.password_assignment",
    gate: ["mysql", "mariadb", "redis-cli", "sshpass"],
    gateLower: true,
    re: /\b(?:(?:mysql(?:dump|admin)?|mariadb)\b[^\n|;&]{0,200}?[ \t]-p|(?:redis-cli\b[^\n|;&]{0,200}?[ \t]-a|sshpass[ \t]+-p)[ \t]+)["']?([^\s"']{6,128})/dgi,
    group: 1,
    validate: (v) => keywordValueLooksSecret(v, "password", true),
  },
  {
    // prose that gives a login: "the admin login is admin / value", "credentials: deploy:value"
    id: "secret.password_assignment",
    gate: ["login", "log in", "sign in", "signin", "cred"],
    gateLower: true,
    re: /\b(?:log[ -]?in|sign[ -]?in|credentials?|creds)\b[^\n]{0,30}?(?:\bis|\bare|:)[ \t]+[\w.@+-]{2,64}[ \t]*(?:\/|:)[ \t]*([^\s"'\x60,;]{6,128})/dgi,
    group: 1,
    validate: (v) => keywordValueLooksSecret(v.replace(/[.,;:!?)]+$/, ""), "password", true),
  },
  {
    // JSON Web Key with its private members (d, p, q, dp, dq, qi) or a symmetric key (k)
    id: "secret.json_web_key",
    gate: ['"kty"'],
    re: /"(?:d|p|q|dp|dq|qi|k)"\s*:\s*"([A-Za-z0-9_-]{16,})"/dg,
    group: 1,
    validate: (v, _m, text) => text.includes('"kty"') && shannonEntropy(v) >= 3.5,
  },
  {
    // SQL: IDENTIFIED [WITH plugin] BY 'value', [WITH] [ENCRYPTED] PASSWORD 'value'
    id: "secret.password_assignment",
    gate: ["IDENTIFIED", "identified", "PASSWORD", "password"],
    // SQL quotes the literal; an unquoted word after "password" is prose, after IDENTIFIED BY or
    // WITH [LOGIN] PASSWORD it is still SQL
    re: /\b(?:identified\s+(?:with\s+\w+\s+)?by|(?:encrypted\s+)?password)\s+(?:'([^\s'";]{6,128})'|"([^\s'";]{6,128})")|\b(?:identified\s+by|with\s+(?:login\s+)?(?:encrypted\s+)?password)\s+([^\s'";]{6,128})/dgi,
    group: "first",
    validate: (v) => keywordValueLooksSecret(v, "password", true),
  },
];
