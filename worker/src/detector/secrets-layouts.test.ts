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
