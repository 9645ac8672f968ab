// A keyword-named value in configuration: what its place says of it. Every value here is typed for
// this file (random strings, never real keys).
import { describe, expect, it } from "vitest";
import { detect } from "./index";

const secretRules = (text: string) =>
  detect({ prompt: text, response: "" }, { rules: { promptInjection: false, jailbreakAttempts: false } })
    .findings.filter((f) => f.rule.startsWith("secret."))
    .map((f) => f.rule);

describe("keyword-named values in configuration", () => {
  // each literal credential beside its look-alike in the same place
  const pairs: Array<[what: string, secret: string, lookAlike: string]> = [
    [
      "a Helm template's filter is a name, a literal in a values file is not",
      "auth:\n  password: Tq7vLm2Xz9Rk4b",
      "  password: {{ .Values.auth.password | b64enc | quote }}\n  token: {{ .Values.token | sha256sum }}",
    ],
    [
      "ciphertext under an encrypted key (SealedSecret, Travis secure)",
      "stringData:\n  password: Wq8Lz3Nr5Tx2Vb7Mc4Yd1HfA2b",
      "spec:\n  encryptedData:\n    password: AgBy3i4OJSWK+PiTy7Lm2Xz9Rk4Wq8Lz3Nr5Tx2Vb7Mc4Yd1HfA2b3C4d5E6f7G8h9Ij0Kq3vB8nZ2",
    ],
    [
      "token-replacement placeholders (#{VAR}#, __VAR__)",
      "api_secret: 'Zq8Lm3Rw5vT2x9Kb'",
      "api_secret: '#{API_SECRET}#'\nauth_token: __AUTH_TOKEN__",
    ],
    [
      "a secret-store reference written as a call",
      '"password": "Hq7#vP2mzL9xKw"',
      '"password": "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/db-password/)"',
    ],
    [
      "a digest of a token is named for its hash",
      "token: 9b2f4c7e1a8d3f6b0c5e2a9d4f7b1c8e3a6d0f5b2c9e4a7d1f8b3c6e0a5d2f9b",
      "checksums:\n  token-sha256: 9b2f4c7e1a8d3f6b0c5e2a9d4f7b1c8e3a6d0f5b2c9e4a7d1f8b3c6e0a5d2f9b",
    ],
    [
      "a family of constants written with a brace expansion is a name",
      "| `OTLP_CLIENT_KEY` | `Hq7vP2mzL9xKw4Tb` |",
      "| `OTLP_CLIENT_KEY` | `OTLP_{TRACES,METRICS,LOGS}_CLIENT_KEY` |",
    ],
    [
      "letters only: random case is generated, CamelCase words are a name",
      "DB_PASSWORD=QzRmKxLvTpWnYcHb",
      "__all__ = ['HTTPPasswordMgr', 'HTTPPasswordMgrWithDefaultRealm', 'HTTPBasicAuthHandler']",
    ],
  ];
  it.each(pairs)("%s: the literal is a credential", (_, secret) => expect(secretRules(secret)).not.toEqual([]));
  it.each(pairs)("%s: the look-alike is not", (_, __, lookAlike) => expect(secretRules(lookAlike)).toEqual([]));
});
