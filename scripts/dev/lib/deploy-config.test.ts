import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { deployProblems } from "./deploy-config";

const realIds = [
  { binding: "DB", database_id: "3f0c2a4e-9b1d-4c6e-8a7f-5d2e1b0c9a83" },
  { binding: "DATA_0", database_id: "b7e4d1c2-0a9f-4e3b-9c8d-1f2a3b4c5d6e" },
];
const ready = { vars: { PARTY_HOST: "promptsentry.acme.partykit.dev" }, d1_databases: realIds };

describe("deployProblems", () => {
  it("lets a production configuration through", () => {
    expect(deployProblems(ready)).toEqual([]);
    expect(deployProblems({ ...ready, vars: { PARTY_HOST: "https://party.acme.com" } })).toEqual([]);
  });

  it("ships no development values in the committed wrangler.toml", () => {
    const committed = unstable_readConfig({ config: path.resolve(import.meta.dirname, "../../../wrangler.toml") });
    expect(committed.vars.ALLOW_PRIVATE_WEBHOOKS).not.toBe("true");
    const host = String(committed.vars.PARTY_HOST ?? "");
    expect(host).not.toMatch(/^(127\.|localhost|\[?::1)/);
    // Deploying it as committed is refused: it names no party host and only placeholder databases.
    const problems = deployProblems(committed);
    expect(problems.some((p) => p.startsWith("PARTY_HOST is not set"))).toBe(true);
    expect(problems.filter((p) => p.includes("placeholder"))).toHaveLength(committed.d1_databases.length);
  });

  it.each([
    "127.0.0.1:1999",
    "localhost:1999",
    "[::1]:1999",
    "ws://127.0.0.1:1999",
    "10.0.0.5:1999",
    "party.internal",
    "partyserver",
    "169.254.169.254",
  ])("refuses the party host %s", (host) => {
    const problems = deployProblems({ ...ready, vars: { PARTY_HOST: host } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`PARTY_HOST "${host}" cannot be deployed`);
  });

  it("refuses a party host without TLS", () => {
    expect(deployProblems({ ...ready, vars: { PARTY_HOST: "http://party.acme.com" } })).toEqual([
      'PARTY_HOST "http://party.acme.com" must use https/wss',
    ]);
  });

  it("refuses private webhooks and placeholder databases", () => {
    const problems = deployProblems({
      vars: { ...ready.vars, ALLOW_PRIVATE_WEBHOOKS: "true" },
      d1_databases: [...realIds, { binding: "DATA_1", database_id: "00000000-0000-0000-0000-000000000011" }],
    });
    expect(problems).toEqual([
      'ALLOW_PRIVATE_WEBHOOKS is "true": webhooks could reach private networks; remove it for production',
      "DATA_1: database_id is a placeholder; put the id printed by `wrangler d1 create`",
    ]);
  });
});
