import { describe, expect, it } from "vitest";
import { RegisterSchema, validate } from "./schemas";

describe("registration validation", () => {
  it("accepts a valid organization", () => {
    const [values, errors] = validate(RegisterSchema, { name: "  Acme ", email: "ops@acme.test" });
    expect(errors).toBeNull();
    expect(values).toEqual({ name: "Acme", email: "ops@acme.test" });
  });
  it("uses the spec's messages", () => {
    const [, errors] = validate(RegisterSchema, { name: "A", email: "nope" });
    expect(errors).toEqual({
      name: "Organization name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
  });
});
