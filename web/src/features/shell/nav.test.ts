import { describe, expect, it } from "vitest";
import { pageTitle } from "./nav";

describe("pageTitle", () => {
  it("names the session and user views and keeps the 404 for other paths", () => {
    expect(pageTitle("/sessions/conv-1")).toBe("Session");
    expect(pageTitle("/users/alice/")).toBe("User");
    expect(pageTitle("/logs")).toBe("Prompt Logs");
    expect(pageTitle("/sessions")).toBe("Page Not Found");
    expect(pageTitle("/users/a/b")).toBe("Page Not Found");
  });
});
