// The log both ingestion benchmarks send (bench:ingest for throughput, bench:ingest-cpu for workerd
// CPU per request), so their figures describe the same request: an ~850-character safe prompt,
// 50 users, token count given.
const prompt =
  "Summarize the attached incident report for the on-call channel. The checkout service returned 502s for twelve minutes after a config push; rollback restored service. Include impact, root cause and follow-ups. ".repeat(
    4,
  );

/** The i-th benchmark log. */
export const benchLog = (i) => ({
  prompt: `${prompt} #${i}`,
  response: "Impact: 12 minutes of failed checkouts. Cause: bad config. Follow-ups: canary config pushes.",
  model: "gpt-4",
  userId: `bench_${i % 50}`,
  tokenCount: 900,
});
