// Whether migration 0024 (schema/migrations/0024_search_index_contract.sql) may run on the remote
// databases. It indexes whatever prompt_logs_trigrams' rebuild has left in one statement, and D1 stops
// a query after 30 s: deployed, that rebuild must already be done by the minute schedule
// (worker/src/schedules/search-backfill.ts of a release before 0024). Each data and segment database
// is asked how many rebuild cursors it still has; deploy-check.ts refuses while any has one.

/** What wrangler answered for one statement: its rows, or the error it printed. */
export type Answer = { rows: Record<string, unknown>[] } | { error: string };

/** The rebuild cursor: a row while rowids are left, the table gone once 0024 ran. */
export const PENDING_QUERY = "SELECT count(*) AS pending FROM search_trigrams_rebuild";
/**
 * Asked only when the cursor table is missing: gone after 0024 (the index is there), or never made
 * (before 0021, whose rebuild 0024 would then run whole on every log).
 */
export const BEFORE_0021_QUERY =
  "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'prompt_logs_trigrams') AS trigrams, EXISTS (SELECT 1 FROM prompt_logs) AS logs";

const missingTable = (answer: Answer) => "error" in answer && /no such table/i.test(answer.error);

/** The rows of `wrangler d1 execute --json` (one statement), or its error, from its exit code and output. */
export function parseAnswer(status: number | null, stdout: string, stderr: string): Answer {
  if (status === 0) {
    try {
      const [first] = JSON.parse(stdout) as { results?: Record<string, unknown>[] }[];
      if (Array.isArray(first?.results)) return { rows: first.results };
    } catch {
      // reported below with the output
    }
    return { error: `unexpected output: ${stdout.trim().slice(0, 200)}` };
  }
  try {
    const { error } = JSON.parse(stderr || stdout) as { error?: { text?: string } | string };
    const text = typeof error === "string" ? error : error?.text;
    if (text) return { error: text };
  } catch {
    // not JSON: wrangler failed before the query (login, network)
  }
  return { error: (stderr || stdout).trim().slice(0, 300) || `wrangler exited with ${status}` };
}

/**
 * Why 0024 must not run on `binding` yet, or null when it may: given the answer to PENDING_QUERY and,
 * when that table is missing, `ask` for the answer to BEFORE_0021_QUERY.
 */
export async function contractProblem(binding: string, pending: Answer, ask: () => Promise<Answer>): Promise<string | null> {
  const wait = "deploy the release before migration 0024 and let the minute schedule finish the rebuild first";
  if ("rows" in pending) {
    const left = Number(pending.rows[0]?.pending ?? 0);
    return left > 0 ? `${binding}: prompt_logs_trigrams is still being rebuilt (search_trigrams_rebuild); ${wait}` : null;
  }
  if (!missingTable(pending)) return `${binding}: cannot tell whether its search index rebuild is done: ${pending.error}`;
  const state = await ask();
  // No prompt_logs at all: a database no migration has reached yet holds nothing to index.
  if (missingTable(state)) return null;
  if ("error" in state) return `${binding}: cannot tell whether its search index rebuild is done: ${state.error}`;
  const [row] = state.rows;
  if (Number(row?.trigrams) === 1) return null; // 0024 already ran: the cursor is gone, the index stays
  return Number(row?.logs) === 1
    ? `${binding}: holds logs and has not run migration 0021 yet, so 0024 would index them all in one statement; ${wait}`
    : null;
}
