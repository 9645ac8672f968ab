// Rows carried between segments as JSON parameters (segment-run.ts, partials-run.ts): how many, how
// many characters in all, and how many in one bound parameter.

/**
 * Rows, characters of JSON in all (the statement's parameters stay well inside the Worker's memory),
 * and characters bound as one parameter (D1 caps a value at 2 MB; a UTF-16 unit is at most 3 bytes of UTF-8).
 */
export type CarryLimits = { rows: number; chars: number; chunkChars: number };

/** JSON texts (one row each) as JSON arrays of at most `limits.chunkChars` characters; `tooMany` past `limits.chars`. */
export function chunked(rows: readonly string[], limits: CarryLimits, tooMany: () => Error): string[] {
  const chunks: string[] = [];
  let part: string[] = [];
  let chars = 0;
  let total = 0;
  for (const text of rows) {
    total += text.length + 1;
    if (total > limits.chars) throw tooMany();
    if (part.length && chars + text.length + 1 > limits.chunkChars) {
      chunks.push(`[${part.join(",")}]`);
      part = [];
      chars = 0;
    }
    part.push(text);
    chars += text.length + 1;
  }
  if (part.length) chunks.push(`[${part.join(",")}]`);
  return chunks;
}
