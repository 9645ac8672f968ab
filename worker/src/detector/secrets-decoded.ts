// Credentials wrapped in base64: a Kubernetes Secret's `data:` value holding a connection URL or a
// token, an .env file or a docker config piped through `base64`, a JSON Web Key set stored encoded.
// A run of base64 that decodes to text (printable ASCII, line breaks) is read again, decoded, by the
// same credential rules; what they find is reported on the encoded characters that hold it, so
// redaction replaces those. Binary payloads (images, hashes, random keys) do not read as text and
// are left to the rules that judge the encoded run itself.
import { charSet, forEachRun } from "./runs";
import { fromBase64 } from "./secrets-layouts";
import type { RawHit } from "./types";

/** Runs shorter than this hide no credential worth decoding (18 bytes). */
const MIN_RUN = 24;
/** A decoded head of this many characters decides whether the rest is worth decoding. */
const HEAD = 64;
/** Decoding stops after this many characters of one text: a log is not a base64 archive. */
const MAX_DECODED_CHARS = 256 * 1024;

/** Characters of base64 in either alphabet. */
const B64 = charSet("A-Za-z0-9", "+/-_");

/** Decoded bytes that read as text: printable ASCII, tabs and line breaks only. */
function readsAsText(d: string): boolean {
  for (let i = 0; i < d.length; i++) {
    const c = d.charCodeAt(i);
    if ((c < 32 || c > 126) && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return true;
}

/**
 * Decode the base64 runs of `text` that hold text and `scan` the decoded text for credentials,
 * pushing each hit onto `out` with offsets of the encoded characters that hold it (3 bytes are 4
 * characters).
 */
export function scanBase64Wrapped(text: string, out: RawHit[], scan: (decoded: string, hits: RawHit[]) => void): void {
  let budget = MAX_DECODED_CHARS;
  forEachRun(text, MIN_RUN, B64, (i, j) => {
    const run = text.slice(i, j);
    // base64 of text mixes cases; a run of one case or of hex digits is a hash or an id
    if (!/[a-z]/.test(run) || !/[A-Z]/.test(run) || /^[0-9a-fA-F]+$/.test(run)) return;
    const head = fromBase64(run.slice(0, HEAD));
    if (head === null || !readsAsText(head)) return;
    const decoded = run.length <= HEAD ? head : fromBase64(run);
    if (decoded === null || !readsAsText(decoded)) return;
    budget -= decoded.length;
    const hits: RawHit[] = [];
    scan(decoded, hits);
    for (const h of hits)
      out.push({ rule: h.rule, start: i + Math.floor(h.start / 3) * 4, end: Math.min(j, i + Math.ceil(h.end / 3) * 4) });
    return budget > 0;
  });
}
