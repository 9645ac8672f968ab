// Provider layouts from published formats: each true case is flagged, each look-alike is not.
import { describe, expect, it } from "vitest";
import { scanSecrets } from "./secrets";
import type { RawHit } from "./types";

const rules = (text: string) => {
  const out: RawHit[] = [];
  scanSecrets(text, out);
  return out.map((h) => h.rule);
};

describe("provider layouts", () => {
  it.each([
    ["NEW_RELIC_LICENSE_KEY=7c1f04be29d35a86e0b7f4c2d19a3e58b6f0NRAL", "secret.new_relic_license_key"],
    ["license: eu01x9d3f6a2c8b1e4f7a0d5c2b9e6f3a1c8NRAL", "secret.new_relic_license_key"],
    ["browserKey: NRBR-4e9a1c07b3f2d85e6a1", "secret.new_relic_browser_api_token"],
    ["client_token = akab-q3m8z1k5v7w2n9x4-p6r0t2y8u4i1o7s3", "secret.akamai_edgegrid_token"],
    ["dotnet nuget push pkg.nupkg -k oy2k7f3m9q1z5x8c2v6b4n0a7s3d9f1g5h8j2k4l6p0q3w", "secret.nuget_api_key"],
    ["BBDC-NzU4MTQ2OTg3MTI1OkqT3vP9xYw2Lm8Rb5Hc1Zd7Fg4Q", "secret.bitbucket_access_token"],
    ["DROPBOX = 'k3Vq9ZpL2wXAAAAAAAAAAb7Tn4Rm1Yc8Hd5Fs2Jg6Kx0Pw3Qe9Uz7Ai4Lo1Vb5Nc'", "secret.dropbox_long_lived_api_token"],
    ["access_token$production$7xk2m9q4v1z8c3b6$4f9a1c07b3f2d85e6a1c9e0b7d3f2a15", "secret.braintree_access_token"],
  ])("flags %s", (text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it.each([
    // filler and labels in the same layouts
    "NEW_RELIC_LICENSE_KEY=000000000000000000000000000000000000NRAL",
    "browserKey: NRBR-0000000000000000000",
    "client_token = akab-xxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxx",
    "client_token = akab-clienttokenhere-clienttokenhere",
    "access_token$production$merchantidmerch$00000000000000000000000000000000",
    "padding: AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "the NRAL suffix marks a license key; BBDC- marks a Bitbucket token",
  ])("does not flag %s", (text) => {
    expect(rules(text).filter((r) => /new_relic|akamai|nuget|bitbucket|braintree|dropbox/.test(r))).toEqual([]);
  });
});

/** Made-up random strings for the cases below (a seeded generator: the same values every run). */
let seed = 20261129;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const pick = (n: number, alphabet = ALNUM) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
const hex = (n: number) => pick(n, "0123456789abcdef");
const b64 = (s: string) => btoa(s);
const b64url = (s: string) => btoa(s).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

/** A NATS nkey seed of the given type byte, with its CRC-16 (XMODEM) as the format has it. */
function nkeySeed(type: number): string {
  const b = new Uint8Array(36);
  b[0] = 144 | (type >> 5);
  b[1] = (type & 31) << 3;
  for (let i = 2; i < 34; i++) b[i] = Math.floor(rand() * 256);
  let crc = 0;
  for (let i = 0; i < 34; i++) {
    crc ^= b[i]! << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  b[34] = crc & 0xff;
  b[35] = crc >> 8;
  const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let acc = 0;
  let out = "";
  for (const x of b) {
    acc = ((acc << 8) | x) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += A[(acc >> bits) & 31];
    }
  }
  return bits ? out + A[(acc << (5 - bits)) & 31] : out;
}

const atlassian = () => `ATATT3xFfGF0${pick(170, `${ALNUM}_-`)}`;
const opsToken = () =>
  `ops_${b64url(`{"signInAddress":"acme.1password.com","userAuth":{"method":"SRPg-4096","alg":"PBES2g-HS256","iterations":650000,"salt":"${pick(22)}"},"email":"${pick(12).toLowerCase()}@1passwordserviceaccounts.com","srpX":"${hex(64)}","muk":{"alg":"A256GCM","ext":true,"k":"${pick(43)}","key_ops":["encrypt","decrypt"],"kty":"oct","kid":"mp"},"secretKey":"A3-${pick(6).toUpperCase()}-${pick(6).toUpperCase()}","throttleSecret":{"seed":"${hex(64)}","uuid":"${pick(26).toUpperCase()}"},"deviceUuid":"${pick(26).toLowerCase()}"}`)}`;
const sentryOrg = (sep: string) =>
  `sntrys_${b64(`{"iat":${1_700_000_000 + Math.floor(rand() * 1e8)}.0,"url":"https://sentry.io","region_url":"https://de.sentry.io","org":"${pick(8).toLowerCase()}"}`)}${sep}${pick(43, `${ALNUM}_-`)}`;
const salesforce = () => `00D${pick(2)}000000${pick(4)}!AQ${pick(2)}AQ${pick(92, `${ALNUM}._`)}`;
const twitterBearer = () => `AAAAAAAAAAAAAAAAAAAAA${pick(3)}AAAAAAAA${pick(8)}%2B${pick(20)}%3D${pick(50)}`;

describe("provider layouts the pinned rule set misses or ties to the vendor's name", () => {
  it.each([
    // Atlassian API tokens, the "=" before the checksum escaped as configs and URLs write it
    [`JIRA_TOKEN=${atlassian()}=${hex(8).toUpperCase()}`, "secret.atlassian_api_token"],
    [`confluence.token = ${atlassian()}\\=${hex(8).toUpperCase()}`, "secret.atlassian_api_token"],
    [`https://acme.atlassian.net/rest?token=${atlassian()}%3D${hex(8).toUpperCase()}`, "secret.atlassian_api_token"],
    [`jira_api_token: ${atlassian()}%3d${hex(8).toUpperCase()}`, "secret.atlassian_api_token"],
    // 1Password service-account tokens in the URL-safe alphabet
    [`export OP_SERVICE_ACCOUNT_TOKEN=${opsToken()}`, "secret.1password_service_account_token"],
    [`op = "${opsToken()}"`, "secret.1password_service_account_token"],
    // Sentry organization tokens with and without "_" before the secret
    [`SENTRY_AUTH_TOKEN=${sentryOrg("_")}`, "secret.sentry_org_token"],
    [`sentry-cli --auth-token ${sentryOrg("")}`, "secret.sentry_org_token"],
    // Alibaba AccessKey ids of 16 and 24 characters, and the secret written after the id
    [`client = AcsClient("LTAI${pick(12)}", "${pick(30)}", "cn-hangzhou")`, "secret.alibaba_access_key_id"],
    [`client = AcsClient("LTAI${pick(12)}", "${pick(30)}", "cn-hangzhou")`, "secret.alibaba_secret_key"],
    [`creds.write(LTAI${pick(20)}, ${pick(30)})`, "secret.alibaba_secret_key"],
    // Discord webhooks, NATS nkey seeds, Salesforce sessions, Twitter bearer tokens
    [`DISCORD_HOOK=https://discord.com/api/webhooks/1187320495816342771/${pick(68, `${ALNUM}_-`)}`, "secret.discord_webhook_url"],
    [
      `curl -X POST https://canary.discordapp.com/api/v10/webhooks/982447109331852607/${pick(68)} -d @msg.json`,
      "secret.discord_webhook_url",
    ],
    [`NATS_NKEY=${nkeySeed(20 << 3)}`, "secret.nats_nkey_seed"],
    [`-----BEGIN USER NKEY SEED-----\n${nkeySeed(20 << 3)}\n------END USER NKEY SEED------`, "secret.nats_nkey_seed"],
    [`operator seed: ${nkeySeed(14 << 3)}`, "secret.nats_nkey_seed"],
    [`sf_session ${salesforce()}`, "secret.salesforce_access_token"],
    [`Authorization = "OAuth ${salesforce()}"`, "secret.salesforce_access_token"],
    [`bearer_tw: ${twitterBearer()}`, "secret.twitter_bearer_token"],
    [`const X_BEARER = '${twitterBearer()}';`, "secret.twitter_bearer_token"],
    // Mailgun signing keys, Supabase tokens
    [`webhook_signing = ${hex(32)}-${hex(8)}-${hex(8)}`, "secret.mailgun_signing_key"],
    [`supabase login --token sbp_v0_${hex(40)}`, "secret.supabase_token"],
    [`SUPABASE_SECRET=sb_secret_${pick(32)}`, "secret.supabase_secret_key"],
  ])("flags %s", (text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it.each([
    // placeholders, labels and made-up values in the same layouts
    "JIRA_TOKEN=ATATT3xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx=ABCDEF12",
    "OP_SERVICE_ACCOUNT_TOKEN=ops_<your-service-account-token>",
    "Atlassian tokens start with ATATT3 and Sentry org tokens with sntrys_eyJ",
    "SENTRY_AUTH_TOKEN=sntrys_eyJpYXQiOjE3MDAwMDAwMDB9_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "ALIBABA_CLOUD_ACCESS_KEY_ID=LTAIxxxxxxxxxxxxxxxxxxxx",
    "DISCORD_WEBHOOK=https://discord.com/api/webhooks/<id>/<token>",
    "https://discord.com/api/webhooks/123456789012345678/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    // base32 of the right length whose prefix and checksum are not a seed's
    `ref: SZ${pick(56, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}`,
    "NATS_NKEY=SUAXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    // a Salesforce org id alone, record ids, a UUID, an org id with a label after "!"
    "org id: 00D5g000004XyZaEAK, account 0015g00000AbCdEAAV",
    "00D5g000004XyZa!this_is_not_a_session_token_it_is_just_a_label_for_the_org_docs",
    "bearer = AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "id: 3f2b9c1e-8a4d-4e6f-9b2a-7c5d1e3f8a90",
    "supabase login --token sbp_v0_0000000000000000000000000000000000000000",
  ])("does not flag %s", (text) => {
    expect(rules(text)).toEqual([]);
  });
});

describe("the vendor's name as the variable's name", () => {
  it.each([
    `mailgun = "${hex(32)}"`,
    `TWILIO=${hex(32)}`,
    `config.sendgrid: ${pick(40)}`,
    `openai = "${pick(48)}"`,
    `STRIPE_LIVE="${pick(30)}"`,
    `datadog: ${hex(32)}`,
    `const mapbox = "${pick(60)}";`,
    `settings["slack"] = "${pick(40)}"`,
    `github: ${pick(40)}`,
    `MY_HUGGINGFACE=${pick(34)}`,
    `cohere => '${pick(40)}'`,
    `export SHOPIFY_PROD=${hex(32)}`,
  ])("flags %s", (text) => {
    expect(rules(text)).not.toEqual([]);
  });

  it.each([
    "linkedin: in/jane-doe-19842317",
    "github: acme-corp/payments-api2",
    'twitter: "@acme_corp2024"',
    "stripe: pk_live_51Hq8ZxKv2Lm7Np4Rt9Wc3YbQz",
    "stripe: cus_Nx8Kq2Lm5Vx9Tb3Nw7Yc",
    "sentry: https://f3a9c2e71d04b6a9@o4504.ingest.sentry.io/4505",
    "GITHUB_SHA=e83c5163316f89bfbde7d9ab23ca2e25604af290",
    "heroku: git@heroku.com:acme-app2.git",
    "mapbox: mapbox://styles/acme/cl9x2m4k7000114o1",
    "github: ${{ secrets.GITHUB_TOKEN }}",
    "cloudflare: 3f2b9c1e-8a4d-4e6f-9b2a-7c5d1e3f8a90",
    "gitlab: 16.4.1-ee.0-build-20231012",
    "openai = <your-openai-key>",
    "mailgun = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "pinstripe = Kq8Lm3Rw5vT2x9Kb4Nc7Yd1Hf6Jg0Ps3",
  ])("does not flag %s", (text) => {
    expect(rules(text)).toEqual([]);
  });
});

describe("macro definitions", () => {
  it.each([
    `#define API_TOKEN ${hex(64)}`,
    `%define token ${hex(40)}`,
    `#  define DB_PASSWORD Xq7${pick(9)}`,
    `#define MQTT_PASS ${pick(16)}`,
    `#define CLIENT_SECRET ${pick(32)} // from the portal`,
  ])("flags %s", (text) => {
    expect(rules(text)).not.toEqual([]);
  });
  it.each([
    "#define PASSWORD_LEN 16",
    "#define TOKEN_TYPE_BEARER 0x02",
    "#define SECRET_SIZE sizeof(struct secret)",
    "#define AUTH_HEADER_NAME Authorization",
    "pass the token abcdef123456 along",
  ])("does not flag %s", (text) => {
    expect(rules(text)).toEqual([]);
  });
});
