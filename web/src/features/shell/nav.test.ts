import { describe, expect, it } from "vitest";
import { NAV_ITEMS, documentTitle, pageTitle } from "./nav";

describe("page titles", () => {
  it("names every screen in the header and the browser tab", () => {
    for (const item of NAV_ITEMS) {
      expect(pageTitle(item.to)).toBe(item.label);
      expect(documentTitle(item.to)).toBe(`${item.label} · PromptSentry`);
    }
    expect(documentTitle("/logs")).toBe("Prompt Logs · PromptSentry");
    expect(documentTitle("/settings/audit")).toBe("Audit log · PromptSentry");
  });

  it("keeps the screen's header under a log's own URL and names the log in the tab", () => {
    expect(pageTitle("/logs/01ABC")).toBe("Prompt Logs");
    expect(documentTitle("/logs/01ABC")).toBe("Prompt Details · Prompt Logs · PromptSentry");
  });

  it("calls anything else the 404 page", () => {
    expect(pageTitle("/nope")).toBe("Page Not Found");
    expect(pageTitle("/logs/a/b")).toBe("Page Not Found");
    expect(documentTitle("/nope")).toBe("Page Not Found · PromptSentry");
  });
});

describe("session and user views", () => {
  it("are pages of their own; other paths under them are the 404", () => {
    expect(pageTitle("/sessions/conv-1")).toBe("Session");
    expect(pageTitle("/users/alice/")).toBe("User");
    expect(documentTitle("/users/alice")).toBe("User · PromptSentry");
    expect(pageTitle("/sessions")).toBe("Page Not Found");
    expect(pageTitle("/users/a/b")).toBe("Page Not Found");
  });
});
