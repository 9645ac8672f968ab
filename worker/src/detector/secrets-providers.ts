// Provider tokens recognisable by their published prefix and shape (the formats gitleaks and
// CredSweeper document). Each entry: rule id, literal prefixes (the cheap gate), and the pattern.
// A candidate must also look random (entropy, no long filler runs) to count.
import { hasFiller, shannonEntropy } from "./checksums";
import type { SecretRule } from "./types";

const B = "(?<![A-Za-z0-9_\\-])"; // token boundary before
const E = "(?![A-Za-z0-9_\\-])"; // token boundary after

const PROVIDERS: ReadonlyArray<[id: string, gate: string[], body: string]> = [
  ["atlassian_token", ["ATATT", "ATCTT"], `AT[AC]TT3[A-Za-z0-9_\\-=]{150,}`],
  ["bitbucket_token", ["ATBB", "BBDC-"], `(?:ATBB[A-Za-z0-9]{28,}|BBDC-[A-Za-z0-9+/]{40,})`],
  ["age_secret_key", ["AGE-SECRET-KEY-1"], `AGE-SECRET-KEY-1[0-9A-Z]{58}`],
  ["alibaba_access_key", ["LTAI"], `LTAI[A-Za-z0-9]{12,20}`],
  ["anthropic_api_key", ["sk-ant-"], `sk-ant-(?:api|admin|sid)\\d{2}-[\\w\\-]{80,}`],
  ["akamai_token", ["akab-"], `akab-[a-z0-9]{16}-[a-z0-9]{16}`],
  ["aws_bedrock_key", ["bedrock-api-key-"], `bedrock-api-key-[A-Za-z0-9+/=]{24,}`],
  ["brevo_key", ["xkeysib-", "xsmtpsib-"], `xs(?:mtp)?sib-[a-f0-9]{64}-[A-Za-z0-9]{16}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}`],
  ["clojars_token", ["CLOJARS_"], `CLOJARS_[a-z0-9]{60}`],
  ["cloudflare_token", ["cfat_", "cfut_", "cfk_"], `cf(?:at|ut|k)_[A-Za-z0-9]{40,}`],
  ["databricks_token", ["dapi"], `dapi[a-f0-9]{32}(?:-\\d)?`],
  ["deepseek_api_key", ["sk-"], `sk-[a-f0-9]{32}`],
  ["digitalocean_token", ["_v1_"], `do[opr]_v1_[a-f0-9]{64}`],
  ["discord_webhook", ["/api/webhooks/"], `discord(?:app)?\\.com/api/webhooks/\\d{15,20}/[\\w\\-]{60,}`],
  ["docker_token", ["dckr_pat_", "SWMTKN-"], `(?:dckr_pat_[\\w\\-]{27}|SWMTKN-1-[a-z0-9]{50}-[a-z0-9]{25})`],
  ["doppler_token", ["dp.pt.", "dp.st.", "dp.ct."], `dp\\.(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,44}`],
  ["dynatrace_token", ["dt0c01."], `dt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}`],
  ["figma_token", ["figd_"], `figd_[\\w\\-]{40}`],
  [
    "gitlab_token",
    ["gloas-", "glcbt-", "glft-", "glagent-", "glsoat-", "glrtr-", "gldt-", "glimt-", "glffct-", "GR1348941"],
    `(?:gl(?:oas|cbt|ft|agent|soat|rtr|dt|imt|ffct)-[\\w\\-]{20,}|GR1348941[\\w\\-]{20})`,
  ],
  ["google_oauth_token", ["ya29."], `ya29\\.[\\w\\-]{30,}`],
  ["grafana_token", ["glc_", "glsa_"], `(?:glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8})`],
  ["groq_api_key", ["gsk_"], `gsk_[A-Za-z0-9]{48,52}`],
  ["terraform_token", [".atlasv1."], `[A-Za-z0-9]{14}\\.atlasv1\\.[\\w\\-]{60,}`],
  ["heroku_key", ["HRKU-"], `HRKU-[\\w\\-]{36,}`],
  ["linear_api_key", ["lin_api_"], `lin_api_[A-Za-z0-9]{40}`],
  ["llama_cloud_key", ["llx-"], `llx-[\\w\\-]{40,}`],
  ["mailgun_key", ["key-"], `key-[a-f0-9]{32}`],
  ["newrelic_key", ["NRAK-", "NRII-", "NRJS-"], `(?:NRAK-[A-Z0-9]{27}|NRII-[\\w\\-]{24,32}|NRJS-[a-f0-9]{19})`],
  ["planetscale_token", ["pscale_"], `pscale_(?:pw|oauth|tkn)_[\\w\\-.]{32,64}`],
  ["posthog_key", ["phx_", "phs_", "pha_"], `ph[xsa]_[A-Za-z0-9]{43,}`],
  ["postman_key", ["PMAK-"], `PMAK-[a-f0-9]{24}-[a-f0-9]{34}`],
  ["pypi_token", ["pypi-AgE"], `pypi-AgE[\\w\\-]{50,}`],
  ["square_token", ["sq0atp-", "sq0csp-", "EAAA"], `(?:sq0atp-[\\w\\-]{22}|sq0csp-[\\w\\-]{43})`],
  ["stripe_webhook_secret", ["whsec_"], `whsec_[A-Za-z0-9]{32,}`],
  ["supabase_token", ["sbp_"], `sbp_[a-f0-9]{40}`],
  ["telegram_bot_token", [":AA"], `\\d{8,10}:AA[\\w\\-]{33}`],
  ["together_key", ["tgp_v1_"], `tgp_v1_[\\w\\-]{40,}`],
  ["vercel_token", ["vcp_", "vci_", "vca_"], `vc[pia]_[A-Za-z0-9]{40,}`],
  ["xai_api_key", ["xai-"], `xai-[A-Za-z0-9]{80}`],
  ["shopify_token", ["shpat_", "shpca_", "shppa_", "shpss_"], `shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`],
  ["sonarqube_token", ["squ_", "sqp_", "sqa_"], `sq[upa]_[a-f0-9]{40}`],
  ["sentry_token", ["sntrys_", "sntryu_"], `(?:sntrys_eyJ[\\w+/=\\-]{50,}|sntryu_[a-f0-9]{64})`],
  ["slack_token", ["xox"], `xox[pboa]-\\d-[A-Za-z0-9]{60,}`],
  ["defined_networking_key", ["dnkey-"], `dnkey-[A-Z0-9]{26}-[A-Z0-9]{52}`],
  ["perplexity_key", ["pplx-"], `pplx-[A-Za-z0-9]{48}`],
  ["posthog_personal_key", ["phr_"], `phr_[A-Za-z0-9]{40,}`],
  ["postman_token", ["PMAT-"], `PMAT-[A-Z0-9]{26}`],
  ["rubygems_key", ["rubygems_"], `rubygems_[a-f0-9]{48}`],
  ["tavily_key", ["tvly-"], `tvly-[A-Za-z0-9]{32}`],
  ["google_oauth_secret", ["GOCSPX-"], `GOCSPX-[\\w\\-]{28}`],
  ["gitlab_workspace_token", ["glwt-"], `glwt-[\\w\\-]{20,}`],
  ["netlify_token", ["nfp_"], `nfp_[A-Za-z0-9]{36}`],
  ["newrelic_browser_key", ["NRBR-"], `NRBR-[a-f0-9]{19}`],
  ["slack_app_token", ["xapp-", "xoxe-"], `(?:xapp-\\d-[A-Z0-9]+-\\d+-[a-f0-9]{64}|xoxe-\\d-[A-Za-z0-9]{100,})`],
  ["supabase_token_v0", ["sbp_v0_"], `sbp_v0_[a-f0-9]{40}`],
  // formats CredSweeper documents that gitleaks also carries
  ["twilio_api_key", ["SK"], `SK[0-9a-fA-F]{32}`],
  ["jfrog_api_key", ["AKCp"], `AKCp[A-Za-z0-9]{64,73}`],
  ["google_refresh_token", ["1//0"], `1//0[\\w\\-]{40,}`],
  ["dropbox_token", ["sl."], `sl\\.[\\w\\-=]{100,}`],
  ["instagram_token", ["IGQV"], `IGQV[\\w\\-]{100,}`],
  ["grafana_api_key", ["eyJrIjoi"], `eyJrIjoi[A-Za-z0-9+/]{40,}={0,2}`],
  ["gitlab_session_cookie", ["_gitlab_session="], `_gitlab_session=[0-9a-f]{32}`],
  ["salesforce_token", ["00D"], `00D[A-Za-z0-9]{12,15}![\\w.]{60,}`],
  ["square_access_token", ["EAAA"], `EAAA[\\w\\-]{60}`],
  ["docker_oat_token", ["dckr_oat_", "SWMKEY-"], `(?:dckr_oat_[\\w\\-]{32}|SWMKEY-1-[A-Za-z0-9]{43})`],
];

/** Random enough: not filler, mixed, and at least 3 bits of entropy per character. */
const looksRandom = (s: string) => !hasFiller(s) && !/x{6,}|X{6,}/.test(s) && shannonEntropy(s) >= 3;

export const PROVIDER_RULES: readonly SecretRule[] = PROVIDERS.map(([id, gate, body]) => ({
  id: `secret.${id}`,
  gate,
  re: new RegExp(`${B}${body}${E}`, "g"),
  validate: looksRandom,
}));
