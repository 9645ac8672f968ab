import { describe, expect, it } from "vitest";
import { NETWORK_ERRORS, networkErrorText, postJson } from "./http";

describe("networkErrorText", () => {
  it("turns the runtime's failures into sentences", () => {
    // workerd's whole text for an unresolvable host.
    expect(networkErrorText(new Error("internal error; reference = 4h5dvr81neajgg84cst3muek"))).toBe(NETWORK_ERRORS.hostNotFound);
    expect(networkErrorText(new Error("getaddrinfo ENOTFOUND hooks.example"))).toBe(NETWORK_ERRORS.hostNotFound);
    expect(networkErrorText(new Error("Network connection lost."))).toBe(NETWORK_ERRORS.connection);
    expect(networkErrorText(new Error("TLS peer's certificate is not trusted"))).toBe(NETWORK_ERRORS.tls);
    expect(networkErrorText("something else")).toBe(NETWORK_ERRORS.unreachable);
  });
});

describe("postJson", () => {
  it("says a host that does not resolve could not be found, with no runtime reference", async () => {
    const result = await postJson("http://no-such-host.invalid/hook", "{}", {}, 5_000);
    expect(result).toMatchObject({ statusCode: null, error: NETWORK_ERRORS.hostNotFound });
  });
  it("says a refused connection was refused", async () => {
    const result = await postJson("http://127.0.0.1:1/closed", "{}", {}, 5_000);
    expect(result).toMatchObject({ statusCode: null, error: NETWORK_ERRORS.connection });
  });
});
