// Generalisation checks on cases generated in styles the labelled dev sets do not have
// (style-cases.ts): many providers' token formats written the ways developers paste them, their
// look-alikes in the same places, personal data in running sentences and the numbers that
// resemble it. Seeds other than the ones read while writing the rules (1–3) are scored here too.
import { describe, expect, it } from "vitest";
import { detect } from "./index";
import { credentialLookalikes, PROVIDERS, piiLookalikes, piiSentences, rng, STYLES, structuredSecrets } from "./style-cases";

const findings = (text: string) =>
  detect({ prompt: text, response: "" }, { rules: { promptInjection: false, jailbreakAttempts: false } }).findings;
const secrets = (text: string) => findings(text).filter((f) => f.rule.startsWith("secret."));
const pii = (text: string) => findings(text).filter((f) => f.rule.startsWith("pii."));
const SEEDS = [11, 12, 13, 14];

describe("credentials in many providers' formats and many styles", () => {
  it("finds each provider's value where it is written (≥ 97 % of pairs, every provider ≥ 85 %)", () => {
    const misses: string[] = [];
    const perProvider = new Map<string, [number, number]>();
    for (const seed of SEEDS) {
      const r = rng(seed);
      for (const p of PROVIDERS)
        for (const s of STYLES) {
          if (!s.named && !p.prefixed) continue;
          const value = p.make(r);
          const text = s.render(p.env, value, r);
          // the reported span is the value (or lies inside it)
          const found = secrets(text).some((f) => value.includes(text.slice(f.start, f.end)) || text.slice(f.start, f.end).includes(value));
          const t = perProvider.get(p.name) ?? [0, 0];
          t[0]++;
          if (found) t[1]++;
          else misses.push(`${p.name} / ${s.name}: ${text.slice(0, 120)}`);
          perProvider.set(p.name, t);
        }
    }
    const total = [...perProvider.values()].reduce((a, [n]) => a + n, 0);
    expect(misses.length / total, misses.slice(0, 20).join("\n")).toBeLessThanOrEqual(0.03);
    for (const [name, [n, hit]] of perProvider) expect(hit / n, name).toBeGreaterThanOrEqual(0.85);
  });

  it("connection strings, URLs, headers and command lines with a password", () => {
    const misses: string[] = [];
    let n = 0;
    for (const seed of SEEDS)
      for (const text of structuredSecrets(rng(seed))) {
        n++;
        if (secrets(text).length === 0) misses.push(text);
      }
    expect(misses.length / n, misses.join("\n")).toBeLessThanOrEqual(0.1);
  });

  it("placeholders, labels, test values, documentation keys, hashes and ids stay safe", () => {
    const flagged: string[] = [];
    for (const seed of SEEDS)
      for (const text of credentialLookalikes(rng(seed)))
        for (const f of secrets(text)) flagged.push(`${f.rule} ${text.slice(f.start, f.end)} in ${text.slice(0, 80)}`);
    expect(flagged).toEqual([]);
  });
});

describe("personal data in sentences", () => {
  it("phones of many countries, SSNs with spaces or dashes, IPv6, cards (≥ 95 %)", () => {
    const misses: string[] = [];
    let n = 0;
    for (const seed of SEEDS)
      for (const c of piiSentences(rng(seed))) {
        n++;
        if (!pii(c.text).some((f) => f.rule === c.rule)) misses.push(`${c.rule}: ${c.text}`);
      }
    expect(misses.length / n, misses.join("\n")).toBeLessThanOrEqual(0.05);
  });

  it("orders, versions, timestamps, ISBNs, coordinates, MAC addresses stay safe", () => {
    const flagged: string[] = [];
    for (const seed of SEEDS)
      for (const text of piiLookalikes(rng(seed)))
        for (const f of pii(text)) flagged.push(`${f.rule} ${text.slice(f.start, f.end)} in ${text}`);
    expect(flagged).toEqual([]);
  });
});
