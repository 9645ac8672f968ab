// Credential and personal-data cases generated for the tests, in styles the labelled dev sets do
// not have: many providers' published token formats (random bodies from a seeded generator), each
// written the ways developers paste them (.env, YAML, JSON, code in several languages, CLI flags,
// headers, connection strings, URLs, prose and chat), their look-alikes (placeholders, labels,
// test values, hashes, ids) in the same places, and personal data in running sentences beside the
// numbers that resemble it (orders, versions, timestamps, ISBNs, coordinates). Deterministic: the
// same seed gives the same cases, so a failing case can be printed and read. Nothing here is copied
// from a public benchmark; the formats are the providers' own documentation of their token shapes.
// Not imported by the worker: tests and `npm run eval:secrets-pii` read it.

/** A small seeded generator (mulberry32): the same seed, the same cases. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const AN = UPPER + LOWER + DIGITS;
const AN_ = `${AN}_-`;
const HEX = "0123456789abcdef";
const B64 = `${AN}+/`;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** `n` characters of `alphabet`, drawn until the string has no counting run or filler word in it. */
function chars(r: Rand, alphabet: string, n: number): string {
  for (;;) {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    if (!/(.)\1{3}|0123|1234|2345|3456|4567|5678|6789|abcd|bcde|cdef|test|fake|xxx|key|pass/i.test(s)) return s;
  }
}
const an = (r: Rand, n: number) => chars(r, AN, n);
const hex = (r: Rand, n: number) => chars(r, HEX, n);
const b64 = (r: Rand, n: number) => chars(r, B64, n);
/** Base64 of an ASCII string (btoa exists in workerd and Node). */
const base64 = (s: string) => btoa(s);
const b64url = (s: string) => base64(s).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const jwt = (header: string, claims: string, sig: string) => `${b64url(header)}.${b64url(claims)}.${sig.replace(/[+/]/g, "_")}`;

/** A provider's credential: the variable name it is usually kept under and a fresh value. */
export interface Provider {
  name: string;
  env: string;
  /** Has a distinctive prefix or shape of its own (found without a keyword beside it). */
  prefixed: boolean;
  make: (r: Rand) => string;
}

export const PROVIDERS: readonly Provider[] = [
  { name: "github classic", env: "GITHUB_TOKEN", prefixed: true, make: (r) => `ghp_${an(r, 36)}` },
  { name: "github fine-grained", env: "GH_PAT", prefixed: true, make: (r) => `github_pat_${an(r, 22)}_${an(r, 59)}` },
  { name: "gitlab", env: "GITLAB_PRIVATE_TOKEN", prefixed: true, make: (r) => `glpat-${chars(r, AN_, 20)}` },
  {
    name: "slack bot",
    env: "SLACK_BOT_TOKEN",
    prefixed: true,
    make: (r) => `xoxb-${chars(r, DIGITS, 12)}-${chars(r, DIGITS, 13)}-${an(r, 24)}`,
  },
  { name: "stripe live", env: "STRIPE_SECRET_KEY", prefixed: true, make: (r) => `sk_live_${an(r, int(r, 24, 99))}` },
  { name: "stripe restricted", env: "STRIPE_RESTRICTED_KEY", prefixed: true, make: (r) => `rk_live_${an(r, 99)}` },
  { name: "openai project", env: "OPENAI_API_KEY", prefixed: true, make: (r) => `sk-proj-${chars(r, AN_, 156)}` },
  { name: "openai legacy", env: "OPENAI_KEY", prefixed: true, make: (r) => `sk-${an(r, 20)}T3BlbkFJ${an(r, 20)}` },
  { name: "anthropic", env: "ANTHROPIC_API_KEY", prefixed: true, make: (r) => `sk-ant-api03-${chars(r, AN_, 93)}AA` },
  { name: "aws access key id", env: "AWS_ACCESS_KEY_ID", prefixed: true, make: (r) => `AKIA${chars(r, `${UPPER}234567`, 16)}` },
  {
    name: "aws bedrock long-term",
    env: "AWS_BEARER_TOKEN_BEDROCK",
    prefixed: true,
    make: (r) => `ABSK${base64(`BedrockAPIKey-${an(r, 4).toLowerCase()}-at-${chars(r, DIGITS, 12)}:${b64(r, 40)}`)}`,
  },
  {
    name: "aws bedrock short-term",
    env: "BEDROCK_API_KEY",
    prefixed: true,
    make: (r) =>
      `bedrock-api-key-${base64(`bedrock.amazonaws.com/?Action=CallWithBearerToken&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA${chars(r, UPPER, 16)}&X-Amz-Signature=${hex(r, 64)}`).replace(/=+$/, "")}&Version=1`,
  },
  { name: "google api", env: "GOOGLE_API_KEY", prefixed: true, make: (r) => `AIza${chars(r, AN_, 35)}` },
  {
    name: "atlassian api token",
    env: "JIRA_API_TOKEN",
    prefixed: true,
    make: (r) => `ATATT3${chars(r, AN_, 177)}=${chars(r, `${DIGITS}ABCDEF`, 8)}`,
  },
  {
    name: "bitbucket app password",
    env: "BITBUCKET_APP_PASSWORD",
    prefixed: true,
    make: (r) => `ATBB${an(r, 24)}${chars(r, `${DIGITS}ABCDEF`, 8)}`,
  },
  { name: "new relic user key", env: "NEW_RELIC_API_KEY", prefixed: true, make: (r) => `NRAK-${chars(r, UPPER + DIGITS, 27)}` },
  { name: "heroku v2", env: "HEROKU_API_KEY", prefixed: true, make: (r) => `HRKU-AA${chars(r, AN_, 58)}` },
  { name: "twilio api key", env: "TWILIO_API_KEY", prefixed: true, make: (r) => `SK${hex(r, 32)}` },
  { name: "sendgrid", env: "SENDGRID_API_KEY", prefixed: true, make: (r) => `SG.${chars(r, AN_, 22)}.${chars(r, AN_, 43)}` },
  { name: "mailgun", env: "MAILGUN_API_KEY", prefixed: true, make: (r) => `key-${hex(r, 32)}` },
  { name: "npm", env: "NPM_TOKEN", prefixed: true, make: (r) => `npm_${an(r, 36)}` },
  { name: "pypi", env: "PYPI_TOKEN", prefixed: true, make: (r) => `pypi-AgEIcHlwaS5vcmc${chars(r, AN_, 80)}` },
  { name: "shopify", env: "SHOPIFY_ACCESS_TOKEN", prefixed: true, make: (r) => `shpat_${hex(r, 32)}` },
  { name: "digitalocean", env: "DIGITALOCEAN_TOKEN", prefixed: true, make: (r) => `dop_v1_${hex(r, 64)}` },
  { name: "hugging face", env: "HF_TOKEN", prefixed: true, make: (r) => `hf_${chars(r, UPPER + LOWER, 34)}` },
  { name: "doppler", env: "DOPPLER_TOKEN", prefixed: true, make: (r) => `dp.st.prd.${an(r, 43)}` },
  { name: "linear", env: "LINEAR_API_KEY", prefixed: true, make: (r) => `lin_api_${an(r, 40)}` },
  { name: "postman", env: "POSTMAN_API_KEY", prefixed: true, make: (r) => `PMAK-${hex(r, 24)}-${hex(r, 34)}` },
  { name: "sentry user token", env: "SENTRY_AUTH_TOKEN", prefixed: true, make: (r) => `sntryu_${hex(r, 64)}` },
  { name: "grafana service account", env: "GRAFANA_TOKEN", prefixed: true, make: (r) => `glsa_${an(r, 32)}_${hex(r, 8)}` },
  { name: "databricks", env: "DATABRICKS_TOKEN", prefixed: true, make: (r) => `dapi${hex(r, 32)}` },
  { name: "vault", env: "VAULT_TOKEN", prefixed: true, make: (r) => `hvs.${chars(r, AN_, 90)}` },
  { name: "pulumi", env: "PULUMI_ACCESS_TOKEN", prefixed: true, make: (r) => `pul-${hex(r, 40)}` },
  { name: "notion", env: "NOTION_TOKEN", prefixed: true, make: (r) => `ntn_${chars(r, DIGITS, 11)}${an(r, 35)}` },
  { name: "replicate", env: "REPLICATE_API_TOKEN", prefixed: true, make: (r) => `r8_${an(r, 37)}` },
  { name: "perplexity", env: "PERPLEXITY_API_KEY", prefixed: true, make: (r) => `pplx-${an(r, 48)}` },
  { name: "groq", env: "GROQ_API_KEY", prefixed: true, make: (r) => `gsk_${an(r, 52)}` },
  { name: "langsmith", env: "LANGSMITH_API_KEY", prefixed: true, make: (r) => `lsv2_pt_${hex(r, 32)}_${hex(r, 10)}` },
  { name: "pinecone", env: "PINECONE_API_KEY", prefixed: true, make: (r) => `pcsk_${an(r, 6)}_${an(r, 63)}` },
  { name: "resend", env: "RESEND_API_KEY", prefixed: true, make: (r) => `re_${an(r, 8)}_${an(r, 24)}` },
  {
    name: "age secret key",
    env: "SOPS_AGE_KEY",
    prefixed: true,
    make: (r) => `AGE-SECRET-KEY-1${chars(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)}`,
  },
  { name: "telegram bot", env: "BOT_TOKEN", prefixed: true, make: (r) => `${int(r, 1, 7)}${chars(r, DIGITS, 9)}:AA${chars(r, AN_, 33)}` },
  { name: "azure ad client secret", env: "AZURE_CLIENT_SECRET", prefixed: true, make: (r) => `${an(r, 3)}8Q~${chars(r, `${AN}_~.-`, 34)}` },
  {
    name: "discord bot",
    env: "DISCORD_TOKEN",
    prefixed: true,
    make: (r) => `${pick(r, ["M", "N", "O"])}${an(r, 25)}.${an(r, 6)}.${chars(r, AN_, 38)}`,
  },
  { name: "square", env: "SQUARE_ACCESS_TOKEN", prefixed: true, make: (r) => `EAAA${chars(r, AN_, 60)}` },
  { name: "dropbox", env: "DROPBOX_ACCESS_TOKEN", prefixed: true, make: (r) => `sl.${chars(r, AN_, 135)}` },
  {
    name: "jwt",
    env: "SUPABASE_SERVICE_ROLE_KEY",
    prefixed: true,
    make: (r) =>
      `${base64('{"alg":"HS256","typ":"JWT"}').replace(/=+$/, "")}.${base64(`{"iss":"supabase","ref":"${an(r, 20).toLowerCase()}","role":"service_role","iat":${int(r, 1600000000, 1800000000)}}`).replace(/=+$/, "")}.${chars(r, AN_, 43)}`,
  },
  // no prefix: only the variable name beside them says what they are
  { name: "datadog api key", env: "DD_API_KEY", prefixed: false, make: (r) => hex(r, 32) },
  { name: "datadog app key", env: "DATADOG_APP_KEY", prefixed: false, make: (r) => hex(r, 40) },
  { name: "algolia admin key", env: "ALGOLIA_ADMIN_API_KEY", prefixed: false, make: (r) => hex(r, 32) },
  { name: "cloudflare api token", env: "CLOUDFLARE_API_TOKEN", prefixed: false, make: (r) => chars(r, AN_, 40) },
  { name: "mistral", env: "MISTRAL_API_KEY", prefixed: false, make: (r) => an(r, 32) },
  { name: "cohere", env: "COHERE_API_KEY", prefixed: false, make: (r) => an(r, 40) },
  { name: "aws secret access key", env: "AWS_SECRET_ACCESS_KEY", prefixed: false, make: (r) => b64(r, 40) },
  { name: "okta", env: "OKTA_API_TOKEN", prefixed: false, make: (r) => `00${chars(r, AN_, 40)}` },
  { name: "django secret", env: "DJANGO_SECRET_KEY", prefixed: false, make: (r) => chars(r, `${LOWER + DIGITS}!@#$%^&*(-_=+)`, 50) },
  { name: "session secret", env: "SESSION_SECRET", prefixed: false, make: (r) => hex(r, 64) },
  { name: "jwt signing secret", env: "JWT_SECRET", prefixed: false, make: (r) => b64(r, 44) },
  { name: "webhook signing secret", env: "WEBHOOK_SIGNING_SECRET", prefixed: false, make: (r) => an(r, 32) },
  {
    name: "database password",
    env: "DB_PASSWORD",
    prefixed: false,
    make: (r) => `${an(r, 6)}${pick(r, ["!", "#", "%", "@", "^"])}${an(r, 7)}`,
  },
  { name: "admin password", env: "ADMIN_PASS", prefixed: false, make: (r) => `${an(r, 5)}${pick(r, ["-", "_", "."])}${an(r, 6)}` },
  { name: "smtp password", env: "SMTP_PASSWD", prefixed: false, make: (r) => an(r, 16) },
  { name: "encryption key", env: "ENCRYPTION_KEY", prefixed: false, make: (r) => b64(r, 43).concat("=") },
  { name: "client secret", env: "OAUTH_CLIENT_SECRET", prefixed: false, make: (r) => chars(r, AN_, 40) },
  { name: "private token", env: "PRIVATE_TOKEN", prefixed: false, make: (r) => an(r, 28) },
];

/** How a name/value pair is written. `{N}` the variable's name, `{n}` its lower camel form, `{V}` the value. */
export interface Style {
  name: string;
  /** A name is written beside the value (keyword-less values need one). */
  named: boolean;
  render: (name: string, value: string, r: Rand) => string;
}

const camel = (env: string) => env.toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const snake = (env: string) => env.toLowerCase();
const kebab = (env: string) => env.toLowerCase().replace(/_/g, "-");
const dotted = (env: string) => env.toLowerCase().replace(/_/g, ".");

export const STYLES: readonly Style[] = [
  { name: ".env", named: true, render: (n, v) => `# local settings\nNODE_ENV=production\n${n}=${v}\nPORT=8080\n` },
  { name: "export", named: true, render: (n, v) => `export ${n}="${v}"` },
  { name: "yaml", named: true, render: (n, v) => `service:\n  region: eu-west-1\n  ${snake(n)}: ${v}\n  retries: 3\n` },
  { name: "yaml quoted", named: true, render: (n, v) => `env:\n  - name: ${n}\n    value: "${v}"\n` },
  {
    name: "json",
    named: true,
    render: (n, v) => `{\n  "endpoint": "https://api.acme-corp.io/v2",\n  "${camel(n)}": "${v}",\n  "timeout": 30\n}`,
  },
  { name: "python", named: true, render: (n, v) => `import requests\n\n${n} = '${v}'\nresp = requests.get(url, timeout=10)\n` },
  { name: "python dict", named: true, render: (n, v) => `client = Client(\n    ${snake(n)}="${v}",\n    region="us-east-1",\n)` },
  { name: "js const", named: true, render: (n, v) => `const ${camel(n)} = "${v}";\nexport default { ${camel(n)} };` },
  { name: "js object", named: true, render: (n, v) => `const cfg = { ${camel(n)}: '${v}', retries: 2 };` },
  { name: "go", named: true, render: (n, v) => `var ${camel(n)} = "${v}"\n\nfunc main() {\n\tclient := New(${camel(n)})\n}` },
  { name: "java properties", named: true, render: (n, v) => `app.name=orders\n${dotted(n)}=${v}\n` },
  { name: "toml", named: true, render: (n, v) => `[deploy]\nregion = "fra1"\n${snake(n)} = "${v}"\n` },
  { name: "terraform", named: true, render: (n, v) => `provider "acme" {\n  ${snake(n)} = "${v}"\n}` },
  { name: "dockerfile", named: true, render: (n, v) => `FROM node:20-alpine\nENV ${n}=${v}\nCMD ["node", "server.js"]` },
  { name: "docker run", named: true, render: (n, v) => `docker run -d -e ${n}=${v} -p 3000:3000 acme/app:latest` },
  { name: "cli flag", named: true, render: (n, v) => `./deploy.sh --${kebab(n)} ${v} --verbose` },
  { name: "xml", named: true, render: (n, v) => `<appSettings>\n  <add key="${camel(n)}" value="${v}" />\n</appSettings>` },
  { name: "php", named: true, render: (n, v) => `<?php\ndefine('${n}', '${v}');\n` },
  { name: "ruby", named: true, render: (n, v) => `config.${snake(n)} = "${v}"` },
  { name: "csharp", named: true, render: (n, v) => `private const string ${camel(n).replace(/^./, (c) => c.toUpperCase())} = "${v}";` },
  { name: "powershell", named: true, render: (n, v) => `$env:${n} = "${v}"` },
  {
    name: "chat with name",
    named: true,
    render: (n, v) => `I set ${n} to ${v} but the client still says unauthorized. What am I doing wrong?`,
  },
  { name: "markdown table", named: true, render: (n, v) => `| Variable | Value |\n|---|---|\n| ${n} | ${v} |\n| REGION | us-east-1 |` },
  { name: "log line", named: true, render: (n, v) => `2025-03-04T10:22:31Z DEBUG loaded config ${snake(n)}=${v} from env` },
  // no name beside the value: only a prefixed token can be told apart here
  { name: "bearer header", named: false, render: (_n, v) => `curl -s https://api.acme-corp.io/v1/items -H "Authorization: Bearer ${v}"` },
  { name: "chat bare", named: false, render: (_n, v) => `Why does this one fail with 401? ${v}` },
  { name: "chat backticks", named: false, render: (_n, v) => `hey, I'm getting a 403 when I use \`${v}\` — is it expired?` },
  { name: "python call", named: false, render: (_n, v) => `client = Client("${v}")\nprint(client.whoami())` },
  { name: "list item", named: false, render: (_n, v) => `Rotate these before Friday:\n- ${v}\n- the staging one` },
];

/** Secret-bearing forms that are not a name/value pair: URLs, connection strings, headers. */
export function structuredSecrets(r: Rand): string[] {
  const pw = () => `${an(r, 5)}${pick(r, ["!", "%21", "_", "-", "."])}${an(r, 7)}`;
  const host = () =>
    `${pick(r, ["db", "pg", "mysql", "cache", "mq"])}-${int(r, 1, 9)}.${pick(r, ["internal.acme.io", "prod.example-corp.net", "eu.rds.amazonaws.com"])}`;
  return [
    `DATABASE_URL=postgresql://svc_orders:${pw()}@${host()}:5432/orders?sslmode=require`,
    `mongodb+srv://analytics:${pw()}@cluster0.${an(r, 5).toLowerCase()}.mongodb.net/?retryWrites=true`,
    `Server=tcp:${host()},1433;Initial Catalog=billing;User ID=app;Password=${pw()};Encrypt=True;`,
    `jdbc:mysql://${host()}:3306/shop?user=shop&password=${pw()}`,
    `spring.datasource.password=${pw()}`,
    `curl -u deploy:${pw()} https://ci.acme.io/api/json`,
    `git clone https://oauth2:glpat-${chars(r, AN_, 20)}@gitlab.acme.io/platform/api.git`,
    `Authorization: Basic ${base64(`admin:${pw()}`)}`,
    `X-API-Key: ${an(r, 32)}`,
    `GET /v1/report?format=csv&api_key=${hex(r, 32)} HTTP/1.1`,
    `"auths": { "registry.acme.io": { "auth": "${base64(`ci-bot:${pw()}`)}" } }`,
    `mysql -h ${host()} -u root -p${pw()} shop`,
    `psql "host=${host()} user=report password=${pw()} dbname=metrics"`,
    `redis-cli -h ${host()} -a ${pw()} ping`,
    `The staging admin login is admin / ${pw()} — please change it after the demo.`,
  ];
}

/** Values that sit where secrets sit but are not secrets. */
export function credentialLookalikes(r: Rand): string[] {
  const sha = () => hex(r, 40);
  const uuid = () => `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-a${hex(r, 3)}-${hex(r, 12)}`;
  const placeholders = [
    "your-api-key-here",
    "<YOUR_API_KEY>",
    "<TOKEN>",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a reference as config files write it
    "${API_KEY}",
    "$SECRET_TOKEN",
    "{{ api_key }}",
    "xxxxxxxxxxxxxxxxxxxxxxxx",
    "sk-...",
    "sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "YOUR_SECRET_HERE",
    "REPLACE_ME",
    "changeme",
    "********",
    "[REDACTED]",
    "test123",
    "password123",
    "dummy-token",
    "fake_secret_for_tests",
    "example-key-1234",
    "insert-token-here",
    "TODO",
    "null",
    "my-secret-password",
    "SuperSecret2024!",
    "hunter2",
    "secret",
    "<password>",
    "%API_KEY%",
    "process.env.API_KEY",
    "os.getenv('TOKEN')",
  ];
  const out: string[] = [];
  const names = ["API_KEY", "SECRET_TOKEN", "DB_PASSWORD", "auth_token", "clientSecret", "password"];
  for (const p of placeholders) {
    const n = pick(r, names);
    out.push(pick(r, [`${n}=${p}`, `${snake(n)}: ${p}`, `"${camel(n)}": "${p}"`, `${n} = '${p}'`, `--${kebab(n)} ${p}`]));
  }
  out.push(
    // labels and prompts for a value, no value
    "Password:",
    "API key: (see the team vault)",
    "Enter your API token:",
    "token = input('Paste your token: ')",
    "password = getpass.getpass()",
    "  -p, --password <password>    password for the admin user",
    "  --token TOKEN                the API token to use",
    "| Name | Description |\n|---|---|\n| `API_KEY` | Your API key from the dashboard |",
    "api_key: required",
    "Set SECRET_KEY to a long random string in production.",
    "The password must be at least 12 characters and contain a digit.",
    "passwordField.setHint(R.string.password_hint);",
    "const passwordRegex = /^(?=.*[A-Z])(?=.*\\d).{12,}$/;",
    "if (token === undefined) throw new Error('missing token');",
    "secretKeyRef:\n  name: app-secrets\n  key: stripe-key",
    "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
    "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
    // documentation example keys
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "stripe.api_key = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'",
    `Authorization: Bearer ${jwt('{"alg":"HS256","typ":"JWT"}', '{"sub":"1234567890","name":"John Doe","iat":1516239022}', b64(r, 43))}`,
    // hashes, ids and digests where config puts values
    `commit ${sha()}\nAuthor: Dana Ortiz <dana@acme.io>\n\n    fix: retry on 503`,
    `- uses: actions/checkout@${sha()} # v4.1.1`,
    `"resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",\n"integrity": "sha512-${b64(r, 86)}=="`,
    `[[package]]\nname = "serde"\nversion = "1.0.197"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${hex(r, 64)}"`,
    `golang.org/x/text v0.14.0 h1:${b64(r, 43)}=`,
    `image: ghcr.io/acme/api@sha256:${hex(r, 64)}`,
    `requests==2.31.0 \\\n    --hash=sha256:${hex(r, 64)}`,
    `"request_id": "req_${an(r, 14)}", "trace_id": "${hex(r, 32)}"`,
    `tenant_id = "${uuid()}"\nsubscription_id = "${uuid()}"`,
    `<script src="https://cdn.acme.io/app.js" integrity="sha384-${b64(r, 64)}" crossorigin="anonymous"></script>`,
    `ETag: "${hex(r, 32)}"`,
    `{"_id": {"$oid": "${hex(r, 24)}"}, "status": "shipped"}`,
    `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${b64(r, 43)} dana@laptop`,
    `STRIPE_PUBLISHABLE_KEY=pk_live_${an(r, 24)}`,
    `client_id: ${hex(r, 20)}.apps.acme.io`,
    `"public_key": "${b64(r, 43)}="`,
    `cache_key = "${hex(r, 40)}"`,
    `session.id=${uuid()}`,
    `build_hash: ${sha()}`,
    `password_length = 32\ntoken_expiry = 3600`,
  );
  return out;
}

/** Personal data in running sentences, several countries' conventions. */
export function piiSentences(r: Rand): Array<{ text: string; rule: string }> {
  const d = (n: number) => chars(r, DIGITS, n);
  const nz = () => String(int(r, 2, 9));
  const card = (prefix: string, len: number) => {
    let body = prefix;
    while (body.length < len - 1) body += String(int(r, 0, 9));
    // Luhn check digit
    let sum = 0;
    for (let i = 0; i < body.length; i++) {
      let x = Number(body[body.length - 1 - i]);
      if (i % 2 === 0) {
        x *= 2;
        if (x > 9) x -= 9;
      }
      sum += x;
    }
    return body + String((10 - (sum % 10)) % 10);
  };
  const group4 = (s: string, sep: string) => s.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
  const ssn = () => `${int(r, 101, 665)}-${int(r, 10, 99)}-${int(r, 1001, 9999)}`;
  const h4 = () => hex(r, 4).replace(/^0+/, "") || "1";
  return [
    { rule: "pii.phone", text: `You can reach me on +44 7${int(r, 400, 999)} ${d(6)} any evening.` },
    { rule: "pii.phone", text: `Mein Handy: +49 15${int(r, 1, 9)} ${d(4)} ${d(4)}, ruf einfach an.` },
    { rule: "pii.phone", text: `Appelle-moi au +33 6 ${d(2)} ${d(2)} ${d(2)} ${d(2)} demain matin.` },
    { rule: "pii.phone", text: `Her WhatsApp is +91 9${d(4)} ${d(5)} if the call drops.` },
    { rule: "pii.phone", text: `Call the landlord at +61 2 ${nz()}${d(3)} ${d(4)} about the lease.` },
    { rule: "pii.phone", text: `The clinic number is 0039 06 ${d(4)} ${d(4)}.` },
    { rule: "pii.phone", text: `My number changed to +1 (${nz()}${d(2)}) ${nz()}${d(2)}-${d(4)}, please update the CRM.` },
    { rule: "pii.phone", text: `Contact: +34 6${d(2)} ${d(3)} ${d(3)}` },
    { rule: "pii.phone", text: `Text me at +55 11 9${d(4)}-${d(4)} when you land.` },
    { rule: "pii.phone", text: `For deliveries ring +81 90-${d(4)}-${d(4)} before noon.` },
    { rule: "pii.ssn", text: `My SSN is ${ssn().replace(/-/g, " ")} and my date of birth is 4 March 1988.` },
    { rule: "pii.ssn", text: `Applicant social security no. ${ssn()}, employer Acme Freight.` },
    { rule: "pii.ssn", text: `Please verify ${ssn()} against the W-2 before payroll runs.` },
    { rule: "pii.ip_address", text: `The attacker came from 2a02:${h4()}:${h4()}:${h4()}::${h4()} according to the firewall log.` },
    {
      rule: "pii.ip_address",
      text: `Whitelist my home address 2607:f8b0:${h4()}:${h4()}:${h4()}:${h4()}:${h4()}:${h4()} please.`,
    },
    {
      rule: "pii.ip_address",
      text: `She logged in from ${int(r, 81, 95)}.${int(r, 10, 250)}.${int(r, 10, 250)}.${int(r, 10, 250)} last night.`,
    },
    { rule: "pii.credit_card", text: `Charge it to my Visa ${group4(card("4", 16), " ")}, expiry 09/27.` },
    { rule: "pii.credit_card", text: `The Mastercard on file is ${group4(card(`5${int(r, 1, 5)}`, 16), "-")}.` },
    {
      rule: "pii.credit_card",
      text: `Amex ${(() => {
        const c = card("37", 15);
        return `${c.slice(0, 4)} ${c.slice(4, 10)} ${c.slice(10)}`;
      })()} was declined twice.`,
    },
    { rule: "pii.credit_card", text: `I paid with card number ${card("6011", 16)} yesterday.` },
    { rule: "pii.email", text: `Send the contract to ${an(r, 6).toLowerCase()}.${an(r, 5).toLowerCase()}@gmail.com before Monday.` },
  ];
}

/** Numbers that look like personal data in the same kind of sentences, and are not. */
export function piiLookalikes(r: Rand): string[] {
  const d = (n: number) => chars(r, DIGITS, n);
  return [
    `Order #${d(10)} shipped on 2024-11-03 and arrives Thursday.`,
    `Your tracking number is 1Z${an(r, 6).toUpperCase()}${d(10)}.`,
    `Upgrade from 3.${int(r, 1, 9)}.${int(r, 1, 20)} to 4.0.1 fixes the leak.`,
    `The build 20240115.${int(r, 1, 9)} was promoted to staging.`,
    `created_at: 2024-03-0${int(r, 1, 9)}T${int(r, 10, 23)}:${int(r, 10, 59)}:${int(r, 10, 59)}Z`,
    `The event timestamp was 17${d(11)} ms since epoch.`,
    `ISBN 978-3-${d(2)}-${d(6)}-${int(r, 0, 9)} is the second edition.`,
    `The office is at 48.85${d(2)}, 2.35${d(2)} near the river.`,
    `Coordinates: 40.7${d(3)}° N, 74.0${d(3)}° W`,
    `Invoice INV-${d(4)}-${d(5)} is due in 30 days.`,
    `Run it with a seed of ${d(9)} for reproducible results.`,
    `The MAC address is ${hex(r, 2)}:${hex(r, 2)}:${hex(r, 2)}:${hex(r, 2)}:${hex(r, 2)}:${hex(r, 2)}.`,
    `The meeting is at 10:30:00 and the call runs until 11:45:30.`,
    `Price: $${d(1)},${d(3)},${d(3)}.${d(2)} for the whole fleet.`,
    `Use std::chrono::duration<double> for the interval.`,
    `The ratio was 1:2:3:4:5 across the five cohorts.`,
    `Part number 4${d(3)}-${d(4)}-${d(4)}-${d(4)} is back in stock.`,
    `Account 00${d(8)} was opened in the Oslo branch.`,
    `Population grew from 1 234 567 to 1 298 004 in a decade.`,
    `See RFC 4291 section 2.5.2 for the unspecified address ::.`,
    `The docs use 2001:db8::${hex(r, 3)} as the example address.`,
  ];
}
