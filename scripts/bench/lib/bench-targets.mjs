// What the side-by-side benchmark (scripts/bench/peer.mjs) sends, and how each product takes it.
// Both products get the same text: one LLM call = one prompt, one response, one model, one user,
// token counts. PromptSentry takes it as one log (POST /api/logs, DESIGN §5); Lunary as one run of
// type "llm", i.e. a "start" event (input, model, user) and an "end" event (output, token usage) in
// one POST /v1/runs/ingest — what Lunary's own SDKs send for one call (packages/backend/src/api/v1/
// runs/ingest.ts in lunary-ai/lunary). The adapter is only this file: a peer with another API needs
// another object of the same shape.

/** Words mixed into the prompts, one in VOCAB.length logs each, and searched for afterwards. */
const VOCAB =
  "amber basalt cobalt dune ember fjord glacier harbor iris juniper kelp lagoon meadow nectar orchid pumice quartz reef sierra tundra umber violet willow xenon yarrow zephyr".split(
    " ",
  );
export const SEARCH_WORDS = ["amber", "fjord", "meadow", "quartz", "zephyr", "checkout", "rollback", "incident"];

const PROMPT =
  "Summarize the attached incident report for the on-call channel. The checkout service returned 502s for twelve minutes after a config push; rollback restored service. Include impact, root cause and follow-ups.";
const RESPONSE = "Impact: 12 minutes of failed checkouts. Cause: bad config. Follow-ups: canary config pushes.";

/** The i-th LLM call of a run: the same for every product. */
export function call(i) {
  const words = [VOCAB[i % VOCAB.length], VOCAB[(i * 7 + 3) % VOCAB.length]];
  return {
    prompt: `${PROMPT} Tags: ${words.join(" ")}. #${i}`,
    response: RESPONSE,
    model: "gpt-4",
    userId: `bench_${i % 50}`,
    promptTokens: 700,
    completionTokens: 200,
  };
}

/** The same call as a template for wrk ({{N}} etc. filled per request, see lib/wrk.mjs). */
const templated = {
  prompt: `${PROMPT} #{{N}}`,
  response: RESPONSE,
  model: "gpt-4",
  userId: "bench_{{U}}",
  promptTokens: 700,
  completionTokens: 200,
};

const bearer = (key) => ({ authorization: `Bearer ${key}` });
const json = { "content-type": "application/json" };

export const promptSentry = {
  name: "PromptSentry",
  healthPath: "/api/health",
  ingestPath: "/api/logs",
  /** @param {ReturnType<typeof call>} c */
  log: (c) => ({
    prompt: c.prompt,
    response: c.response,
    model: c.model,
    userId: c.userId,
    tokenCount: c.promptTokens + c.completionTokens,
  }),
  ingestTemplate() {
    return JSON.stringify(this.log(templated));
  },
  ingestHeaders: (key) => ({ ...json, ...bearer(key) }),
  /** @param {ReturnType<typeof call>[]} calls */
  batch(calls, key) {
    return { path: "/api/logs/batch", headers: { ...json, ...bearer(key) }, body: JSON.stringify({ logs: calls.map((c) => this.log(c)) }) };
  },
  search: (word, key) => ({ path: `/api/logs?search=${encodeURIComponent(word)}&limit=50`, headers: bearer(key) }),
};

export const lunary = {
  name: "Lunary",
  // Lunary's health route runs `select 1` on PostgreSQL; ours touches no database.
  healthPath: "/v1/health",
  ingestPath: "/v1/runs/ingest",
  /** Start and end events of one run (runId a UUID, timestamps ISO). */
  events: (c, runId, time) => [
    { type: "llm", event: "start", runId, timestamp: time, name: c.model, userId: c.userId, input: [{ role: "user", content: c.prompt }] },
    {
      type: "llm",
      event: "end",
      runId,
      timestamp: time,
      output: { role: "assistant", content: c.response },
      tokensUsage: { prompt: c.promptTokens, completion: c.completionTokens },
    },
  ],
  ingestTemplate() {
    return JSON.stringify({ events: this.events(templated, "{{UUID}}", "{{TIME}}") });
  },
  // Ingestion takes the project's public key (its id) as the bearer token.
  ingestHeaders: (key) => ({ ...json, ...bearer(key) }),
  batch(calls, key) {
    const time = new Date().toISOString();
    return {
      path: "/v1/runs/ingest",
      headers: { ...json, ...bearer(key) },
      body: JSON.stringify({ events: calls.flatMap((c) => this.events(c, crypto.randomUUID(), time)) }),
    };
  },
  // Reading runs takes the project's private key.
  search: (word, key) => ({ path: `/v1/runs?type=llm&search=${encodeURIComponent(word)}&limit=50`, headers: bearer(key) }),
};
