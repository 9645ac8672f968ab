// Flag feedback across an organization's segments (docs/scaling.md#step-3--segments): a verdict lives
// beside its log, in the log's segment. The summary adds every live segment's counts; the export
// merges every live segment's verdicts in log id order, each read once, page by page.
import type { FeedbackVerdict } from "@promptsentry/schema/constants/feedback";
import { newestFirst, type Segment } from "../tenancy/segments";
import type { Db } from "../env";
import { feedbackExportPage, verdictCounts } from "./feedback";

/** Every live segment's verdict counts, side by side (the summary adds rows of the same verdict and reason). */
export async function verdictCountsIn(segments: readonly Segment[], orgId: string) {
  const parts = await Promise.all(newestFirst(segments).map((s) => verdictCounts(s.db, orgId)));
  return { overall: parts.flatMap((p) => p.overall), perReason: parts.flatMap((p) => p.perReason) };
}

type ExportRow = Awaited<ReturnType<typeof feedbackExportPage>>[number];
type ExportQuery = { verdict?: FeedbackVerdict; pageSize: number };

/** One database's verdicts with their logs in log id order, a page (keyset on log id) at a time. */
async function* pagesOf(db: Db, orgId: string, { verdict, pageSize }: ExportQuery): AsyncGenerator<ExportRow[]> {
  for (let after: string | undefined; ; ) {
    const rows = await feedbackExportPage(db, orgId, { verdict, after, limit: pageSize });
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].feedback.logId;
  }
}

/** One database's rows one by one, the next page read when the last one is used up. */
async function* rowsOf(pages: AsyncGenerator<ExportRow[]>): AsyncGenerator<ExportRow> {
  for await (const page of pages) yield* page;
}

/**
 * The organization's verdicts with their logs in log id order, in pages of at most `pageSize`, so
 * an export never holds every prompt at once. Several live segments: a merge of each one's rows by
 * log id (segments are id ranges, but segment 0 can hold hand-made ids of any order).
 */
export async function* feedbackExportIn(segments: readonly Segment[], orgId: string, q: ExportQuery): AsyncGenerator<ExportRow[]> {
  const live = newestFirst(segments);
  if (live.length === 1) {
    yield* pagesOf(live[0].db, orgId, q);
    return;
  }
  const streams = live.map((s) => rowsOf(pagesOf(s.db, orgId, q)));
  const heads = await Promise.all(streams.map((s) => s.next()));
  let out: ExportRow[] = [];
  for (;;) {
    let next = -1;
    heads.forEach((h, i) => {
      if (!h.done && (next < 0 || h.value.feedback.logId < (heads[next].value as ExportRow).feedback.logId)) next = i;
    });
    if (next < 0) break;
    out.push(heads[next].value as ExportRow);
    if (out.length === q.pageSize) {
      yield out;
      out = [];
    }
    heads[next] = await streams[next].next();
  }
  if (out.length) yield out;
}
