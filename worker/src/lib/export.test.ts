import { describe, expect, it } from "vitest";
import type { PromptLog } from "../serialize";
import { EXPORT_COLUMNS, csvCell, csvHeader, csvRow, jsonlRow } from "./export";
import { parseCsv } from "../../test/csv";

const log = (over: Partial<PromptLog> = {}): PromptLog => ({
  id: "log1",
  createdAt: "2024-05-01T12:00:00.000Z",
  model: "gpt-4",
  userId: "u1",
  sessionId: null,
  prompt: "Hello",
  response: "Hi",
  tokenCount: 12,
  estimatedCost: 0.25,
  latencyMs: null,
  source: "sdk",
  metadata: { a: 1 },
  flagStatus: "safe",
  flagReasons: [],
  findings: [],
  contentExpired: false,
  blocked: false,
  ...over,
});

describe("csvCell", () => {
  it("prefixes cells that start with = + - @ (and tab / CR) with a quote", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+44 20 7946")).toBe("'+44 20 7946");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it("leaves other cells alone, including those with the characters later on", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("1+1")).toBe("1+1");
    expect(csvCell("user@example.com")).toBe("user@example.com");
    expect(csvCell(" =x")).toBe(" =x");
    expect(csvCell("'already")).toBe("'already");
    expect(csvCell("")).toBe("");
  });

  it("quotes cells with commas, quotes or line breaks, doubling inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell("line1\r\nline2")).toBe('"line1\r\nline2"');
    expect(csvCell("-a,b")).toBe(`"'-a,b"`);
  });

  it("renders null, numbers and lists", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(0.125)).toBe("0.125");
    expect(csvCell(["prompt_injection", "jailbreak_attempt"])).toBe("prompt_injection;jailbreak_attempt");
    expect(csvCell([])).toBe("");
    // A negative number is data, but a spreadsheet would still read it as a formula: prefixed too.
    expect(csvCell(-1)).toBe("'-1");
  });
});

describe("csvHeader / csvRow", () => {
  it("writes the header and one CRLF-terminated row per log in the column order", () => {
    expect(csvHeader()).toBe(`${EXPORT_COLUMNS.join(",")}\r\n`);
    expect(EXPORT_COLUMNS).toEqual([
      "id",
      "createdAt",
      "model",
      "userId",
      "sessionId",
      "flagStatus",
      "flagReasons",
      "tokenCount",
      // The unit is in the header: the values are the API's cents.
      "estimatedCostCents",
      "latencyMs",
      "source",
      "prompt",
      "response",
    ]);
    expect(csvRow(log())).toBe("log1,2024-05-01T12:00:00.000Z,gpt-4,u1,,safe,,12,0.25,,sdk,Hello,Hi\r\n");
  });

  it("round-trips hostile text through a CSV parser, neutralising formulas", () => {
    const hostile = log({
      prompt: '=cmd|" /C calc"!A0, then\r\nmore "quotes"',
      response: "@import, -rm -rf",
      userId: "+1 555",
      flagStatus: "critical",
      flagReasons: ["prompt_injection", "sensitive_content"],
    });
    const text = csvHeader() + csvRow(hostile) + csvRow(log({ id: "log2" }));
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.length === EXPORT_COLUMNS.length)).toBe(true);
    const cell = (name: string) => rows[1][EXPORT_COLUMNS.indexOf(name)];
    expect(cell("prompt")).toBe(`'${hostile.prompt}`);
    expect(cell("response")).toBe(`'${hostile.response}`);
    expect(cell("userId")).toBe("'+1 555");
    expect(cell("flagReasons")).toBe("prompt_injection;sensitive_content");
    expect(rows[2][0]).toBe("log2");
    for (const r of rows) for (const c of r) expect(/^[=+\-@\t\r]/.test(c)).toBe(false);
  });
});

describe("jsonlRow", () => {
  it("writes one JSON object per line, escaping newlines inside values", () => {
    const l = log({ prompt: "multi\nline\r\ntext", metadata: { nested: { ok: true } } });
    const line = jsonlRow(l);
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
    expect(JSON.parse(line)).toEqual(l);
  });
});
