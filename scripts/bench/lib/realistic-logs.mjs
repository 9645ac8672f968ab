// Realistic logs for the benchmarks (docs/performance.md): the demo generator's prompt shapes, models, users and
// sources (scripts/lib/seed-data.ts), padded or cut to a long-tailed length between 50 and 4,000
// characters, 250 users coming back to a few sessions each, ~10% flagged.
//
// Generating must cost the client next to nothing (it shares the machine with the server): the real
// detector runs once per entry of a pool of demo logs at start, and each log then draws a safe or
// a flagged entry by the share aimed at, pads it with detector-safe context and picks its user,
// session and length from a seeded PRNG (~0.02 ms a log instead of ~0.35 ms with a detector call per
// log). The server's detector has the last word; the fill reports the share it actually flagged.
import { tsImport } from "tsx/esm/api";

/** Words the read benchmarks search for: common in generated prompts, rare (RARE_EVERY logs), absent. */
export const SEARCH_WORDS = { common: "customer", rare: "quokka", none: "zqxjvkwpf" };
/** The local detector's verdict on a generated log ({ flagStatus, flagReasons }), for the straight-SQLite baseline; JSON.stringify leaves it out. */
export const VERDICT = Symbol("verdict");
/** One log in this many mentions SEARCH_WORDS.rare. */
export const RARE_EVERY = 1_000;

const POOL = 3_000;
const CONTEXT_PARAGRAPHS = 400;

let modules;
async function load() {
  modules ??= {
    seed: await tsImport("../../lib/seed-data.ts", import.meta.url),
    detector: await tsImport("../../../worker/src/detector/index.ts", import.meta.url),
    constants: await tsImport("@promptsentry/schema/constants/flags", import.meta.url),
  };
  return modules;
}

/**
 * A deterministic stream of realistic logs (same seed, same logs) for POST /api/logs/batch.
 * @param {{ seed?: number, flagged?: number }} [options] flagged: share of flagged logs aimed at
 */
export async function logGenerator({ seed = 11, flagged = 0.1 } = {}) {
  const { seed: s, detector, constants } = await load();
  const r = s.rng(seed);
  const users = Array.from({ length: 250 }, (_, i) => `user_${((i + 1) * 7919 + seed).toString(36)}`);
  const verdictOf = (log) => {
    const { flagStatus, flagReasons } = detector.detect(log, {
      rules: constants.DEFAULT_FLAG_RULES,
      tokenThreshold: constants.DEFAULT_TOKEN_THRESHOLD,
    });
    return { flagStatus, flagReasons };
  };
  const safe = [];
  const risky = [];
  const context = [];
  while (safe.length + risky.length < POOL || context.length < CONTEXT_PARAGRAPHS) {
    const d = s.demoLog(r, users);
    const verdict = verdictOf(d);
    if (verdict.flagStatus === "safe" && context.length < CONTEXT_PARAGRAPHS) context.push(d.prompt);
    else if (safe.length + risky.length < POOL) (verdict.flagStatus === "safe" ? safe : risky).push({ ...d, verdict });
  }
  /** Long-tailed (log-uniform) length in [min, max]. */
  const lengthBetween = (min, max) => Math.round(Math.exp(Math.log(min) + r.next() * (Math.log(max) - Math.log(min))));
  const fit = (text, length) => {
    let out = text;
    while (out.length < length) out += `\n\n${r.pick(context)}`;
    return out.length > length ? out.slice(0, length) : out;
  };
  const sessionsOf = new Map(); // a user keeps a few sessions and comes back to them
  let made = 0;
  const next = () => {
    const d = r.next() < flagged ? r.pick(risky) : r.pick(safe);
    const userId = d.userId ? r.pick(users) : null; // the demo's share of logs without a user
    let sessionId = null;
    if (userId) {
      const own = sessionsOf.get(userId) ?? [];
      if (!own.length || r.next() < 0.15) own.push(`sess_${userId}_${own.length}`);
      sessionsOf.set(userId, own);
      sessionId = r.pick(own);
    }
    made++;
    // The flagged part of a prompt comes first, so cutting to length rarely removes it.
    let prompt = fit(d.prompt, lengthBetween(50, 4_000));
    if (made % RARE_EVERY === 0) prompt = `Our ${SEARCH_WORDS.rare} mascot ticket: ${prompt}`.slice(0, 4_000);
    const response = fit(d.response, lengthBetween(50, 2_000));
    return {
      prompt,
      response,
      model: d.model,
      source: d.source,
      userId,
      sessionId,
      tokenCount: Math.min(d.tokenCount, Math.round((prompt.length + response.length) / 3.6) + 400),
      latencyMs: d.latencyMs,
      [VERDICT]: d.verdict,
    };
  };
  return { next, batch: (n) => Array.from({ length: n }, next) };
}
