// The details dialog's redacted values (docs/log-flow.md, the redaction step): each placeholder's kind, the short form of its
// fingerprint, in how many of the organization's logs the same value appeared since when, and a
// link to Prompt Logs filtered by it. The value itself was never stored.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FINGERPRINT_SHORT_LENGTH } from "@promptsentry/schema/constants/privacy";
import { fingerprintQueryOptions } from "../../api/logs";
import type { Finding } from "../../api/types";
import { formatDateTime, formatNumber } from "../../lib/format";

/** One entry per distinct fingerprint, in order of first appearance. */
export function redactedFindings(findings: readonly Finding[] | null | undefined): (Finding & { fingerprint: string })[] {
  const seen = new Set<string>();
  return (findings ?? []).filter((f): f is Finding & { fingerprint: string } => {
    if (!f.fingerprint || seen.has(f.fingerprint)) return false;
    seen.add(f.fingerprint);
    return true;
  });
}

const kind = (rule: string) => rule.slice(rule.indexOf(".") + 1).replace(/_/g, " ");

function Seen({ fingerprint }: { fingerprint: string }) {
  const q = useQuery(fingerprintQueryOptions(fingerprint));
  if (q.isPending) return <span className="text-gray-400">Counting…</span>;
  if (q.isError || !q.data.firstSeenAt) return <span className="text-gray-400">Could not count its logs</span>;
  const { logs, firstSeenAt } = q.data;
  return (
    <span>
      Seen in {formatNumber(logs)} {logs === 1 ? "log" : "logs"} since {formatDateTime(firstSeenAt)}
    </span>
  );
}

export function RedactedValues({ findings, onNavigate }: { findings: readonly Finding[] | null | undefined; onNavigate: () => void }) {
  const redacted = redactedFindings(findings);
  if (!redacted.length) return null;
  return (
    <section aria-label="Redacted values">
      <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">Redacted values</h3>
      <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 text-sm dark:divide-gray-800 dark:border-gray-800">
        {redacted.map((f) => (
          <li key={f.fingerprint} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2" data-fingerprint={f.fingerprint}>
            <span className="font-medium text-gray-900 capitalize dark:text-gray-100">{kind(f.rule)}</span>
            <code className="rounded bg-gray-100 px-1.5 py-0.5 text-xs dark:bg-gray-800" title={f.fingerprint}>
              {f.fingerprint.slice(0, FINGERPRINT_SHORT_LENGTH)}
            </code>
            <span className="text-gray-600 dark:text-gray-400">
              <Seen fingerprint={f.fingerprint} />
            </span>
            <Link
              to="/logs"
              search={{ fingerprint: f.fingerprint }}
              onClick={onNavigate}
              className="ml-auto text-indigo-600 hover:underline dark:text-indigo-400"
            >
              Show these logs
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
