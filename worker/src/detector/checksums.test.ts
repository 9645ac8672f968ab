import { describe, expect, it } from "vitest";
import { ibanValid, luhnValid, shannonEntropy } from "./checksums";

describe("luhn", () => {
  it("accepts valid card numbers", () => {
    expect(luhnValid("4539148803436467")).toBe(true);
    expect(luhnValid("378282246310005")).toBe(true);
  });
  it("rejects a single changed digit", () => {
    expect(luhnValid("4539148803436468")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("45391488O3436467")).toBe(false);
  });
});

describe("iban mod-97", () => {
  it("accepts valid IBANs (any case)", () => {
    expect(ibanValid("DE89370400440532013000")).toBe(true);
    expect(ibanValid("GB82WEST12345698765432")).toBe(true);
    expect(ibanValid("gb42nawi04454264788619")).toBe(true);
  });
  it("rejects bad checksum, wrong length or unknown country", () => {
    expect(ibanValid("DE89370400440532013001")).toBe(false);
    expect(ibanValid("DE8937040044053201300")).toBe(false);
    expect(ibanValid("ZZ89370400440532013000")).toBe(false);
  });
});

describe("entropy", () => {
  it("is low for repeated characters and high for random tokens", () => {
    expect(shannonEntropy("aaaaaaaa")).toBe(0);
    expect(shannonEntropy("9dK3+fQ2/zX8vL1mN7pR")).toBeGreaterThan(4);
  });
});
