// Fingerprints, not values: a keyed HMAC-SHA256 of each redacted value. The key is per organization
// and server-side only, so a fingerprint can be compared across logs but not brute-forced from a
// list of candidate secrets by anyone without the key.
const KEY_BYTES = 32;
const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

export type Fingerprinter = (value: string) => Promise<string>;

export async function fingerprinter(keyHex: string): Promise<Fingerprinter> {
  const key = await crypto.subtle.importKey("raw", fromHex(keyHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const encoder = new TextEncoder();
  return async (value) => toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(value)));
}

export function newFingerprintKey(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(KEY_BYTES)).buffer);
}
