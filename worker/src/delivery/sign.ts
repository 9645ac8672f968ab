// Standard Webhooks signatures (https://www.standardwebhooks.com), WebCrypto only.
//   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<unix seconds>.<body>">
//   X-Signature:       <hex HMAC-SHA256 of the body> — the spec's sample header, for receivers that
//                      check only the body. Both are keyed with the same bytes: the base64-decoded
//                      part of the `whsec_` secret (what Standard Webhooks libraries use as the key).
const encoder = new TextEncoder();

export function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const raw = atob(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const toBase64 = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf)));
const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function signatureHeaders(
  secret: string,
  messageId: string,
  body: string,
  timestampSeconds: number,
): Promise<Record<string, string>> {
  const key = await crypto.subtle.importKey("raw", secretBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const [standard, bodyOnly] = await Promise.all([
    crypto.subtle.sign("HMAC", key, encoder.encode(`${messageId}.${timestampSeconds}.${body}`)),
    crypto.subtle.sign("HMAC", key, encoder.encode(body)),
  ]);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": `v1,${toBase64(standard)}`,
    "x-signature": toHex(bodyOnly),
  };
}
