// A log's conversation as turns (docs/api.md#conversations): `messages` on POST /api/logs and batch,
// answered by GET /api/logs/{id} only, bounded, redacted like the prompt, and the organization's own.
import { describe, expect, it } from "vitest";
import { CONVERSATION_LIMITS } from "@promptsentry/schema/conversation";
import { call, dataD1, expectEnvelope, logCount, registerOrg } from "../../test/helpers";

const AWS = () => `AKIA${crypto.getRandomValues(new Uint8Array(16)).reduce((s, b) => s + "ABCDEFGHJKLMNPQRSTUVWXYZ234567"[b % 30], "")}`;

const messages = [
  { role: "system", content: "You are a **careful** assistant." },
  {
    role: "user",
    content: [
      { type: "text", text: "What's the weather in Paris?" },
      { type: "media", kind: "image" },
    ],
  },
  { role: "assistant", content: null, toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' }] },
  { role: "tool", content: '{"temp":21}', toolCallId: "call_1" },
];
const log = {
  prompt: "system: You are a **careful** assistant.\n\nuser: What's the weather in Paris?",
  response: "It is 21 °C in Paris.",
  model: "gpt-4o",
  messages,
};

async function storedMessages(orgId: string, id: string): Promise<string | null> {
  const row = await (await dataD1(orgId))
    .prepare("SELECT messages FROM prompt_logs WHERE id = ?")
    .bind(id)
    .first<{ messages: string | null }>();
  return row!.messages;
}

describe("a log's turns", () => {
  it("are stored with the log and answered by its own page, not by lists, exports or the POST answer", async () => {
    const org = await registerOrg();
    const res = await call("POST", "/logs", { key: org.apiKey, body: log });
    expect(res.status, res.text).toBe(201);
    expect(res.body).not.toHaveProperty("messages");
    expect(res.body.prompt).toBe(log.prompt);
    const one = await call("GET", `/logs/${res.body.id}`, { key: org.apiKey });
    expect(one.body.messages).toEqual(messages);
    const list = await call("GET", "/logs", { key: org.apiKey });
    expect(list.body[0]).not.toHaveProperty("messages");
    const jsonl = await call("GET", "/logs/export?format=jsonl", { key: org.apiKey });
    expect(jsonl.text).not.toContain("get_weather");
  });

  it("come through the batch too; a log without them answers none", async () => {
    const org = await registerOrg();
    const res = await call("POST", "/logs/batch", { key: org.apiKey, body: { logs: [log, { ...log, messages: undefined }] } });
    expect(res.status, res.text).toBe(201);
    expect((await call("GET", `/logs/${res.body.ids[0]}`, { key: org.apiKey })).body.messages).toEqual(messages);
    expect((await call("GET", `/logs/${res.body.ids[1]}`, { key: org.apiKey })).body).not.toHaveProperty("messages");
    expect(await storedMessages(org.orgId, res.body.ids[1])).toBeNull();
  });

  it("are redacted like the prompt: a credential in a tool call or result is stored nowhere in clear", async () => {
    const org = await registerOrg();
    const key = AWS();
    const turns = [
      { role: "user", content: `rotate ${key}` },
      { role: "assistant", content: null, toolCalls: [{ name: "rotate", arguments: JSON.stringify({ key }) }] },
      { role: "tool", content: `rotated ${key}` },
    ];
    const res = await call("POST", "/logs", { key: org.apiKey, body: { ...log, prompt: `rotate ${key}`, messages: turns } });
    expect(res.status, res.text).toBe(201);
    const stored = await storedMessages(org.orgId, res.body.id);
    expect(stored).not.toContain(key);
    expect(stored).toContain("[REDACTED:aws_access_key]");
    const one = await call("GET", `/logs/${res.body.id}`, { key: org.apiKey });
    expect(one.text).not.toContain(key);
    expect(one.body.messages[2]).toEqual({ role: "tool", content: "rotated [REDACTED:aws_access_key]" });
  });

  it("are another organization's to nobody: its log's page answers 404 like an unknown id", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const res = await call("POST", "/logs", { key: a.apiKey, body: log });
    const foreign = await call("GET", `/logs/${res.body.id}`, { key: b.apiKey });
    expectEnvelope(foreign, 404, "not_found");
    expect(foreign.text).not.toContain("get_weather");
  });

  describe("bad turns are refused with 400 and nothing is stored", () => {
    const cases: [string, unknown, string, string][] = [
      ["not an array", "hello", "messages", "messages must be an array of messages"],
      [
        "an unknown role",
        [{ role: "wizard", content: "x" }],
        "messages.0.role",
        "Each message's role must be one of system, user, assistant, tool",
      ],
      [
        "content of the wrong type",
        [{ role: "user", content: 42 }],
        "messages.0.content",
        "content must be a string, an array of content parts or null",
      ],
      [
        "an unknown part",
        [{ role: "user", content: [{ type: "html", html: "<b>x</b>" }] }],
        "messages.0.content",
        "content must be a string, an array of content parts or null",
      ],
      [
        "a tool call without a name",
        [{ role: "assistant", content: null, toolCalls: [{ arguments: "{}" }] }],
        "messages.0.toolCalls.0.name",
        "Each tool call needs a name and its arguments as a string",
      ],
      [
        "too many turns",
        Array.from({ length: CONVERSATION_LIMITS.messages + 1 }, () => ({ role: "user", content: "x" })),
        "messages",
        `messages must hold at most ${CONVERSATION_LIMITS.messages} messages`,
      ],
      [
        "too much text in all",
        [
          { role: "user", content: "a".repeat(CONVERSATION_LIMITS.chars / 2) },
          { role: "assistant", content: "b".repeat(CONVERSATION_LIMITS.chars / 2 + 1) },
        ],
        "messages",
        "The text of messages must be at most 200,000 characters in all",
      ],
    ];
    it.each(cases)("%s", async (_name, bad, field, message) => {
      const org = await registerOrg();
      const error = expectEnvelope(
        await call("POST", "/logs", { key: org.apiKey, body: { ...log, messages: bad } }),
        400,
        "validation_failed",
      );
      expect(error.issues?.[field]).toEqual([message]);
      const batch = expectEnvelope(
        await call("POST", "/logs/batch", { key: org.apiKey, body: { logs: [log, { ...log, messages: bad }] } }),
        400,
        "validation_failed",
      );
      expect(batch.issues?.[`logs.1.${field}`]).toEqual([message]);
      expect(await logCount(org.orgId)).toBe(0);
    });
  });
});
