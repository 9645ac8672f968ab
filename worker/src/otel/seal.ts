// Pending OTLP parts (otel/pending.ts) hold prompt text until their call is complete. Redacting them
// before storage, as logs are, would hide the secrets from the detector that later judges the joined
// log (its flags are the verdict on the text as sent), so they are sealed instead: AES-256-GCM under
// a key per organization derived (HKDF-SHA256) from the worker secret SESSION_SECRET, which lives in
// no database. The associated data binds each payload to its organization, span and kind, so a row
// copied under another organization or span does not open. Neither the database file nor the free
// space a deleted row leaves behind holds the text in the clear.
import { base64Decode, base64Encode } from "@bufbuild/protobuf/wire";

export type SealKeys = { aes: CryptoKey; mac: CryptoKey };

const utf8 = (s: string) => new TextEncoder().encode(s);
const SALT = utf8("promptsentry/otel-pending/v1");
const IV_BYTES = 12;

/** The organization's sealing and digest keys. */
export async function sealKeys(secret: string, orgId: string): Promise<SealKeys> {
  const base = await crypto.subtle.importKey("raw", utf8(secret), "HKDF", false, ["deriveKey"]);
  const params = (use: string) => ({ name: "HKDF", hash: "SHA-256", salt: SALT, info: utf8(`${use}:${orgId}`) });
  const [aes, mac] = await Promise.all([
    crypto.subtle.deriveKey(params("aes"), base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]),
    crypto.subtle.deriveKey(params("mac"), base, { name: "HMAC", hash: "SHA-256", length: 256 }, false, ["sign"]),
  ]);
  return { aes, mac };
}

/** base64(iv ‖ ciphertext ‖ tag). */
export async function seal(keys: SealKeys, aad: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: utf8(aad) }, keys.aes, utf8(plain)));
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return base64Encode(out);
}

/** The plaintext, or null when the payload does not open under these keys and associated data. */
export async function unseal(keys: SealKeys, aad: string, sealed: string): Promise<string | null> {
  try {
    const bytes = base64Decode(sealed);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES), additionalData: utf8(aad) },
      keys.aes,
      bytes.subarray(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** A keyed digest of a payload (hex, 128 bits): equal parts are recognised without storing their text. */
export async function digest(keys: SealKeys, plain: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", keys.mac, utf8(plain)));
  return Array.from(mac.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}
