// The functions and operators metric SQL may use, with how large each one's value can get
// (docs/custom-metric-sql.md#bounded-cost). Sizes are counted in "cells": one cell is the largest value a `logs` column
// holds (at least MAX_TEXT_CHARS bytes); a literal counts its bytes. The policy refuses any expression
// that could exceed MAX_GROWTH cells, so chained CTEs that double a string per level, nested
// replace() and the like are refused before they run, however they are spelled, and the work a
// query does stays within a small multiple of the data it reads.
import { MAX_TEXT_CHARS } from "@promptsentry/schema/constants/ingestion";

/** The largest value any expression may build, in cells: `prompt || ' / ' || response` is just over 2. */
export const MAX_GROWTH = 4;

/** A literal's size in cells (never 0, so replace() of a literal still multiplies something). */
export const literalGrowth = (text: string) => Math.max(1, utf8Length(text)) / MAX_TEXT_CHARS;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;
/** A number or a short fixed text (a date, a type name): 40 bytes, in cells. */
export const SMALL = 40 / MAX_TEXT_CHARS;

/** Functions whose value is a number or a short fixed-size text, whatever their arguments. */
const SMALL_RESULT = [
  "abs",
  "round",
  "sign",
  "ceil",
  "ceiling",
  "floor",
  "length",
  "instr",
  "typeof",
  "strftime",
  "date",
  "time",
  "datetime",
  "julianday",
  "unixepoch",
  "current_timestamp",
  "current_date",
  "current_time",
  "json_array_length",
  "json_type",
  "json_valid",
];
/** Functions whose value is never longer than their longest argument. */
const NO_LONGER_THAN_ARGUMENTS = [
  "coalesce",
  "ifnull",
  "nullif",
  "iif",
  "min",
  "max",
  "lower",
  "upper",
  "substr",
  "substring",
  "trim",
  "ltrim",
  "rtrim",
];

export const AGGREGATES = new Set(["count", "sum", "avg", "min", "max", "total"]);
const NUMERIC_AGGREGATES = new Set(["count", "sum", "avg", "total"]);
export const SCALAR_FUNCTIONS = new Set([...SMALL_RESULT, ...NO_LONGER_THAN_ARGUMENTS, "replace", "json_extract"]);

/** The longest quoted text accepted where a function needs a literal (patterns, replacements, formats). */
export const MAX_PATTERN = 200;
/**
 * Arguments (by position) that must be short quoted literals. Searching a column for another column
 * costs length × length per row, and replace(x, 'a', x) squares a string: literals keep every
 * function linear in the data it reads, and let functionGrowth know the replacement ratio.
 */
export const LITERAL_ARGUMENTS: Record<string, number[]> = {
  instr: [1],
  replace: [1, 2],
  trim: [1],
  ltrim: [1],
  rtrim: [1],
  strftime: [0],
};

/**
 * The size of a function's value, in cells, from the sizes of its arguments (`args`) and the
 * literal texts where LITERAL_ARGUMENTS requires them (`literals`).
 */
export function functionGrowth(name: string, args: number[], literals: (string | undefined)[]): number {
  if (SMALL_RESULT.includes(name) || NUMERIC_AGGREGATES.has(name)) return SMALL;
  if (NO_LONGER_THAN_ARGUMENTS.includes(name)) return Math.max(SMALL, ...args);
  if (name === "replace") {
    // Every occurrence of the pattern (at least one byte) may become the replacement: SQLite
    // replaces bytes of UTF-8, so the ratio is in bytes.
    const pattern = Math.max(1, utf8Length(literals[1] ?? ""));
    return (args[0] ?? SMALL) * Math.max(1, Math.ceil(utf8Length(literals[2] ?? "") / pattern));
  }
  if (name === "json_extract") {
    // Several paths answer a JSON array of their values; JSON5 input may come back up to twice as long.
    return 2 * (args[0] ?? SMALL) * Math.max(1, args.length - 1);
  }
  throw new Error(`functionGrowth: no rule for ${name}`);
}

export const BINARY_OPERATORS = new Set([
  "=",
  "==",
  "!=",
  "<>",
  "<",
  "<=",
  ">",
  ">=",
  "+",
  "-",
  "*",
  "/",
  "%",
  "||",
  "&",
  "|",
  "<<",
  ">>",
  "AND",
  "OR",
  "IS",
  "IS NOT",
  "IN",
  "NOT IN",
  "BETWEEN",
  "NOT BETWEEN",
  "->",
  "->>",
  "LIKE",
  "NOT LIKE",
  "GLOB",
  "NOT GLOB",
]);
export const PATTERN_OPERATORS = new Set(["LIKE", "NOT LIKE", "GLOB", "NOT GLOB"]);
export const UNARY_OPERATORS = new Set(["-", "+", "~", "NOT"]);

/** Size of a binary operator's value: concatenation adds, JSON extraction as json_extract, the rest are numbers. */
export function operatorGrowth(op: string, left: number, right: number): number {
  if (op === "||") return left + right;
  if (op === "->" || op === "->>") return 2 * left;
  return SMALL;
}
