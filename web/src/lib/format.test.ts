import { describe, expect, it } from "vitest";
import {
  alertRelativeTime,
  feedRelativeTime,
  formatAlertType,
  formatLogCost,
  formatNumber,
  formatStatsCost,
  formatUsd,
  initials,
  percentChange,
  roundedPercent,
  shortMonthDay,
  shortWeekday,
  truncate,
} from "./format";

const NOW = Date.parse("2025-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("truncate", () => {
  it("cuts at the limit and adds '...'", () => {
    expect(truncate("a".repeat(101), 100)).toBe(`${"a".repeat(100)}...`);
  });
  it("leaves short and exact-length text alone", () => {
    expect(truncate("hello", 100)).toBe("hello");
    expect(truncate("a".repeat(150), 150)).toBe("a".repeat(150));
  });
  it("treats null as empty", () => {
    expect(truncate(null, 10)).toBe("");
  });
});

describe("feedRelativeTime", () => {
  it("uses seconds under a minute", () => {
    expect(feedRelativeTime(ago(0), NOW)).toBe("0 seconds ago");
    expect(feedRelativeTime(ago(59_999), NOW)).toBe("59 seconds ago");
  });
  it("uses minutes under an hour", () => {
    expect(feedRelativeTime(ago(60_000), NOW)).toBe("1 minute ago");
    expect(feedRelativeTime(ago(1_000), NOW)).toBe("1 second ago");
    expect(feedRelativeTime(ago(59 * 60_000 + 59_000), NOW)).toBe("59 minutes ago");
  });
  it("uses hours beyond", () => {
    expect(feedRelativeTime(ago(3_600_000), NOW)).toBe("1 hour ago");
    expect(feedRelativeTime(ago(49 * 3_600_000), NOW)).toBe("49 hours ago");
  });
  it("never goes negative for clock skew", () => {
    expect(feedRelativeTime(new Date(NOW + 5000).toISOString(), NOW)).toBe("0 seconds ago");
  });
});

describe("alertRelativeTime", () => {
  it("says 'Just now' under a minute, then minutes, then hours", () => {
    expect(alertRelativeTime(ago(30_000), NOW)).toBe("Just now");
    expect(alertRelativeTime(ago(5 * 60_000), NOW)).toBe("5 minutes ago");
    expect(alertRelativeTime(ago(3 * 3_600_000), NOW)).toBe("3 hours ago");
    expect(alertRelativeTime(ago(60_000), NOW)).toBe("1 minute ago");
    expect(alertRelativeTime(ago(3_600_000), NOW)).toBe("1 hour ago");
  });
});

describe("cost formatting", () => {
  it("shows stats cost as dollars with 2 decimals", () => {
    expect(formatStatsCost(12345)).toBe("$123.45");
    expect(formatStatsCost(0)).toBe("$0.00");
    expect(formatStatsCost(undefined)).toBe("$0.00");
  });
  it("shows log cost as dollars with 3 decimals", () => {
    expect(formatLogCost(1.5)).toBe("$0.015");
    expect(formatLogCost(250)).toBe("$2.500");
  });
  it("keeps three significant digits for a cost below the precision, never '$0.000'", () => {
    expect(formatUsd(0.0323, 3)).toBe("$0.000323");
    expect(formatLogCost(0.0323)).toBe("$0.000323");
    // Not rounded up to '$0.001' either: a test prompt's cost is just under a tenth of a cent.
    expect(formatLogCost(0.0966)).toBe("$0.000966");
    expect(formatLogCost(0.5)).toBe("$0.005");
    expect(formatStatsCost(0.05)).toBe("$0.0005");
    expect(formatUsd(0.00001234, 3)).toBe("$0.000000123");
    expect(formatLogCost(0)).toBe("$0.000");
    expect(formatUsd(-150, 2)).toBe("-$1.50");
  });
  it("formats counts with thousands separators", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
  });
});

describe("percentChange", () => {
  it("is green when a good figure goes up", () => {
    expect(percentChange(1125, 1000, true)).toEqual({ text: "+12.5%", tone: "good" });
  });
  it("is red when a bad figure goes up", () => {
    expect(percentChange(1032, 1000, false)).toEqual({ text: "+3.2%", tone: "bad" });
  });
  it("is green when a bad figure goes down, red when a good one does", () => {
    expect(percentChange(50, 100, false)).toEqual({ text: "-50.0%", tone: "good" });
    expect(percentChange(50, 100, true)).toEqual({ text: "-50.0%", tone: "bad" });
  });
  it("shows '—' without a previous value", () => {
    expect(percentChange(10, 0, true)).toEqual({ text: "—", tone: "neutral" });
    expect(percentChange(10, undefined, true)).toEqual({ text: "—", tone: "neutral" });
  });
  it("is neutral when unchanged", () => {
    expect(percentChange(100, 100, true)).toEqual({ text: "0.0%", tone: "neutral" });
  });
});

describe("misc", () => {
  it("makes initials", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("acme")).toBe("A");
    expect(initials("Grace Brewster Murray Hopper")).toBe("GH");
    expect(initials("")).toBe("?");
  });
  it("formats alert types", () => {
    expect(formatAlertType("red_flag")).toBe("RED FLAG");
    expect(formatAlertType("high_token_usage")).toBe("HIGH TOKEN_USAGE");
  });
  it("labels days", () => {
    expect(shortWeekday("2025-03-10")).toBe("Mon");
    expect(shortMonthDay("2025-03-10")).toBe("Mar 10");
  });
  it("rounds percentages", () => {
    expect(roundedPercent(1, 3)).toBe(33);
    expect(roundedPercent(0, 0)).toBe(0);
  });
});
