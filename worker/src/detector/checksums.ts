// Checksums and cheap randomness measures used to validate candidate matches.

/** Luhn (mod 10) check over a string of ASCII digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * IBAN check (ISO 13616 mod-97 == 1). Input: the IBAN without spaces, any case.
 * Computed piecewise so no BigInt is needed.
 */
export function ibanValid(iban: string): boolean {
  const s = iban.toUpperCase();
  if (s.length < 15 || s.length > 34) return false;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s)) return false;
  const expected = IBAN_LENGTHS[s.slice(0, 2)];
  if (expected === undefined || expected !== s.length) return false;
  const rearranged = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const c = rearranged.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      rem = (rem * 10 + (c - 48)) % 97;
    } else {
      const v = c - 55; // 'A' = 10
      rem = (rem * 100 + v) % 97;
    }
  }
  return rem === 1;
}

/** IBAN length per country (SWIFT IBAN registry). */
export const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * True when a token looks like a placeholder rather than a real secret: long runs of one
 * character (xxxx, 0000, ****), obvious filler words, or very low entropy.
 */
export function looksLikePlaceholder(token: string, minEntropy = 3): boolean {
  if (/(.)\1{5,}/.test(token)) return true;
  if (
    /x{4,}|X{4,}|\*{3,}|\.{3}|<[^>]*>|\{\{|\$\{|\$\(|your[_-]?(?:api[_-]?)?(?:key|token|secret)|placeholder|redacted|changeme|replace[_-]?me|here\b/i.test(
      token,
    )
  )
    return true;
  if (/abcdefgh|12345678|qwerty/i.test(token)) return true;
  return shannonEntropy(token) < minEntropy;
}

/**
 * Made-up values in docs and test fixtures: long repeats, counting runs (12345, abcdef), and the
 * words vendors and test suites put in fake keys.
 */
export function hasFiller(token: string): boolean {
  return /(.)\1{5,}|01234|12345|23456|34567|45678|56789|abcdef|abc123|example|fake|dummy|sample|not-?real|notreal/i.test(token);
}
