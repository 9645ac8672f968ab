import { describe, expect, it } from "vitest";
import { call } from "../test/helpers";
import { routeKeys } from "../test/route-table";
import { OPERATIONS } from "./openapi";

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { summary?: string; security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: any }>>;
  components: { securitySchemes: Record<string, unknown> };
};


describe("GET /api/openapi.json", () => {
  it("answers an OpenAPI 3.1 document without credentials, for the caller's origin", async () => {
    const res = await call<Doc>("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.servers).toEqual([{ url: "http://localhost" }]);
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(["bearerKey", "gatewayKey", "queryKey", "session"]);
  });

  it("describes exactly the routes the app has, each with a summary and its credentials", async () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(routeKeys());
    const doc = (await call<Doc>("GET", "/openapi.json")).body;
    for (const key of routeKeys()) {
      const [method, path] = key.split(" ");
      const op = doc.paths[path.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      expect(op!.summary, key).toBe(OPERATIONS[key].summary);
      const security = OPERATIONS[key].security ?? (OPERATIONS[key].access === "none" ? [] : expect.arrayContaining([{ bearerKey: [] }]));
      expect(op!.security, key).toEqual(security);
    }
  });

  it("carries the validators' schemas: required body fields without placeholders, query filters, path ids", async () => {
    const doc = (await call<Doc>("GET", "/openapi.json")).body;
    const body = doc.paths["/api/logs"].post.requestBody.content["application/json"].schema;
    expect([...body.required].sort()).toEqual(["model", "prompt", "response"]);
    expect(body.properties.prompt).not.toHaveProperty("default");
    expect(body.properties.tokenCount).toBeDefined();
    const query = (doc.paths["/api/logs"].get.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(["limit", "search", "flagStatus", "model", "userId", "from", "to", "before"]));
    expect(doc.paths["/api/logs/{id}"].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" })]));
    const invite = doc.paths["/api/team/invite"].post.requestBody.content["application/json"].schema;
    expect([...invite.required].sort()).toEqual(["email", "name", "role"]);
  });
});

it("documents the gateway's own credential: X-PromptSentry-Key, not Bearer", async () => {
  const doc = (await call<any>("GET", "/openapi.json")).body;
  const op = doc.paths["/api/gateway/v1/chat/completions"].post;
  expect(op.security).toEqual([{ gatewayKey: [] }]);
  expect(doc.components.securitySchemes.gatewayKey).toMatchObject({ type: "apiKey", in: "header", name: "X-PromptSentry-Key" });
  expect(op.responses["502"].description).toContain("upstream_unreachable");
});

it("documents validation failures with the app's error envelope", async () => {
  const doc = (await call<any>("GET", "/openapi.json")).body;
  const bad = doc.paths["/api/logs"].post.responses["400"].content["application/json"].schema;
  expect(bad.required).toEqual(["error"]);
  expect(bad.properties.error.required).toEqual(["code", "message"]);
});

it("documents POST /api/custom-metrics' 409 limit_reached with the error envelope", async () => {
  const doc = (await call<any>("GET", "/openapi.json")).body;
  const conflict = doc.paths["/api/custom-metrics"].post.responses["409"];
  expect(conflict.description).toContain("limit_reached");
  expect(conflict.content["application/json"].schema.required).toEqual(["error"]);
});
