// Proof that a change to the detector changes no finding: this tree's detector and another
// commit's run over every eval row, the code-and-data corpus and the bench logs, at every
// sensitivity; each row whose result differs is printed, and the exit code is 1 if any does.
//   EVAL_DIR=/work/shared/eval npx tsx scripts/detector/same-ab.ts <git-ref>
import { DETECTION_SENSITIVITIES } from "../../schema/constants/detection";
import { detect, type DetectInput, type DetectOptions, type DetectResult } from "../../worker/src/detector/index";
import { benchLogs } from "./lib/bench-logs";
import { buildCodeCorpus } from "./lib/corpus";
import { corpusRows, hasEvalData, loadAll, type EvalRow } from "./lib/data";
import { withDetectorAt } from "./lib/other-ref";

const ref = process.argv[2];
if (!ref) {
  console.error("usage: npx tsx scripts/detector/same-ab.ts <git-ref>");
  process.exit(2);
}
if (!hasEvalData()) console.warn("no eval files found (set EVAL_DIR): comparing the hard cases, corpus and bench logs only");

/** An eval row as the eval feeds it to detect() (the text in its field, the other side beside it). */
function inputOf(r: EvalRow): DetectInput {
  const field = (r.field as string) === "response" ? "response" : "prompt";
  const other = String(r.other ?? "");
  return {
    prompt: field === "prompt" ? r.text : other,
    response: field === "response" ? r.text : other,
    tokenCount: (r.tokenCount as number | undefined) ?? null,
  };
}
const inputs: Array<{ name: string; input: DetectInput }> = [
  ...loadAll().map((r, i) => ({ name: `${r.file}#${i}`, input: inputOf(r) })),
  ...corpusRows(buildCodeCorpus()).map((r) => ({ name: String(r.source), input: inputOf(r) })),
  ...benchLogs(2000).map((input, i) => ({ name: `bench#${i}`, input })),
];

/** The parts of a result that must not change (the score exactly, as stored). */
const key = (r: DetectResult) =>
  JSON.stringify([r.flagStatus, r.flagReasons, r.findings.map((f) => [f.rule, f.target, f.start, f.end, f.score])]);

type Detect = (input: DetectInput, opts?: DetectOptions) => DetectResult;
const differing = await withDetectorAt<{ detect: Detect }, number>(ref, (other) => {
  let n = 0;
  for (const { name, input } of inputs)
    for (const sensitivity of DETECTION_SENSITIVITIES) {
      const [a, b] = [key(other.detect(input, { sensitivity })), key(detect(input, { sensitivity }))];
      if (a === b) continue;
      n++;
      console.log(`${name} (${sensitivity})\n  ${ref}: ${a}\n  tree: ${b}`);
    }
  console.log(`${inputs.length} inputs × ${DETECTION_SENSITIVITIES.length} sensitivities: ${n} differ`);
  return n;
});
process.exit(differing ? 1 : 0);
