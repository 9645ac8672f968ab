// The vendor's name as the variable's name: `mailgun = "…"`, `TWILIO=…`, `config.sendgrid: …`. Code
// and configs often name a credential after its provider alone, with no "key", "token" or "secret"
// beside it for the keyword rules to find. The vendor names come from gitleaks' rule set (each
// rule's vendor, and the names its semi-generic rules look for), not from a list written here; the
// name must be the vendor's alone (or with an environment: `stripe_live`, `datadog-api`), so
// `github_sha` or `slack_channel` never count, and the value must look generated.
import { GITLEAKS_RULES } from "./secrets-gitleaks-rules";
import { identifierAt, keywordValueLooksSecret } from "./secrets-keyword";
import { randomBody } from "./secrets-layouts";
import type { SecretRule } from "./types";

/** Vendor names that are also ordinary words or name something other than the vendor's key. */
const NOT_A_VENDOR_NAME = new Set([
  "private",
  "defined",
  "readme",
  "vault",
  "linear",
  "harness",
  "notion",
  "square",
  "prefect",
  "octopus",
  "sonar",
  "telegr",
  "dnkey",
  "nrak",
]);

/** Each rule's vendor (its id's first word) and the names its semi-generic pattern looks for. */
export const VENDOR_NAMES: readonly string[] = [
  ...new Set(
    GITLEAKS_RULES.flatMap((r) => [
      r.id.split("-")[0]!,
      ...(r.re.startsWith("(?:") ? r.keywords.filter((k) => /^[a-z]{4,}$/.test(k)) : []),
    ]).filter((n) => /^[a-z]{5,}$|^[a-z]{4}$/.test(n) && n !== "aws" && !NOT_A_VENDOR_NAME.has(n)),
  ),
].sort((a, b) => b.length - a.length);

/** Public object ids a vendor-named field may hold (Stripe's customers, prices, publishable keys…). */
const PUBLIC_ID = /^(?:pk|pub|cus|price|prod|sub|acct|pi|ch|evt|txn|in|pm|src|seti|po|tr)_/;

/** A URL, an address or a path with a word between its separators: where to reach the vendor, not a key. */
const URL_OR_PATH = /:\/\/|@|(?:^|[/.:])[a-z]{4,}(?:[/.:]|$)/;

export const VENDOR_NAME_RULE: SecretRule = {
  id: "secret.generic_assignment",
  gate: VENDOR_NAMES,
  anchors: VENDOR_NAMES,
  re: new RegExp(
    String.raw`(${VENDOR_NAMES.join("|")})(?:[_.\-]?(?:api|prod|production|live|dev|staging))?["'\]]{0,2}[ \t]*(?::=|=>|[:=])[ \t]*(["'\x60]?)([^\s"'\x60,;&]{16,200})\2(?![^\s"'\x60,;&])`,
    "dyi",
  ),
  group: 3,
  validate: (value, m, text) => {
    // the vendor starts the name or follows a path or prefix (config.mailgun, MY_TWILIO)
    if (/[A-Za-z0-9]/.test(text[m.index - 1] ?? "")) return false;
    // generated, not a handle, a slug or a path (linkedin: jane-doe-1984, github: acme/app2)
    if (PUBLIC_ID.test(value) || URL_OR_PATH.test(value) || !(randomBody(value) || randomBody(value.replace(/^[a-z]{2,6}[-_.]/, ""))))
      return false;
    // the rest of the name must not say what else it holds (a vendor's name may end like one: sendgr-id)
    const vendor = (m[1] ?? "").toLowerCase();
    const name = identifierAt(text, m.index, m.index + vendor.length)
      .toLowerCase()
      .replace(vendor, "");
    return keywordValueLooksSecret(value, name, false);
  },
};
