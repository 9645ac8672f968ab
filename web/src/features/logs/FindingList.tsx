// 'Matched rules' in the Prompt Details dialog: for each finding, the rule that matched, where,
// and how sure the detector was (docs/flags.md).
import type { Finding } from "../../api/types";
import { findingRows } from "./findings";

export function FindingList({ findings }: { findings: readonly Finding[] }) {
  const rows = findingRows(findings);
  if (rows.length === 0) return null;
  return (
    <section aria-label="Matched Rules">
      <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">Matched Rules</h3>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {rows.map((r) => (
          <li key={r.key} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
            <span>
              <span className="font-medium text-gray-900 dark:text-white">{r.reason}</span>
              <span className="text-gray-500 dark:text-gray-400"> · {r.where} · </span>
              <code className="text-xs text-gray-700 dark:text-gray-300">{r.rule}</code>
            </span>
            {r.sureness ? <span className="text-xs text-gray-600 dark:text-gray-400">{r.sureness}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
