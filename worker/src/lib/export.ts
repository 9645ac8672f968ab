// Export formats for logs: CSV with formula-injection protection (docs/api.md) and JSON Lines.
import type { PromptLog } from "../../../schema/responses";

export const EXPORT_COLUMNS = [
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
] as const;

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
  return `${EXPORT_COLUMNS.map((k) => csvCell(log[k])).join(",")}\r\n`;
}

export function jsonlRow(log: PromptLog): string {
  return `${JSON.stringify(log)}\n`;
}
