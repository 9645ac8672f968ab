// Export formats for logs: CSV with formula-injection protection (docs/api.md) and JSON Lines.
import type { PromptLog } from "@promptsentry/schema/responses";

/** The log fields a CSV row carries, in column order. */
const EXPORT_FIELDS = [
  "id",
  "createdAt",
  "model",
  "userId",
  "sessionId",
  "flagStatus",
  "flagReasons",
  "tokenCount",
  "estimatedCost",
  "latencyMs",
  "source",
  "prompt",
  "response",
] as const satisfies readonly (keyof PromptLog)[];

/**
 * A spreadsheet has no schema to say a number's unit, so a money column names it in its header. The
 * cost column keeps its place (a reader by position is unaffected) and its values (cents, as the
 * API's `estimatedCost`); a reader by name of the old `estimatedCost` header now fails loudly instead
 * of taking cents for dollars. JSON Lines rows are the API's own objects, documented in the OpenAPI
 * schema, so they keep `estimatedCost`.
 */
const HEADER_OF: Partial<Record<(typeof EXPORT_FIELDS)[number], string>> = { estimatedCost: "estimatedCostCents" };

/** The CSV header cells, in column order. */
export const EXPORT_COLUMNS = EXPORT_FIELDS.map((field) => HEADER_OF[field] ?? field);

/** Cells starting with = + - @ (or tab/CR) would run as formulas in a spreadsheet: prefix them with '. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = Array.isArray(value) ? value.join(";") : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(): string {
  return `${EXPORT_COLUMNS.join(",")}\r\n`;
}

export function csvRow(log: PromptLog): string {
  return `${EXPORT_FIELDS.map((k) => csvCell(log[k])).join(",")}\r\n`;
}

export function jsonlRow(log: PromptLog): string {
  return `${JSON.stringify(log)}\n`;
}
