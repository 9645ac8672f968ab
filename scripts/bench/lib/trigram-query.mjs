// The search of the index without positions (trigrams ANDed, each candidate checked on the stored
// log) as the product builds it, for the benchmarks: the one copy is worker/src/queries/search-terms.ts,
// tested there against an index with positions (docs/data.md#index-size).
import { tsImport } from "tsx/esm/api";

export const { foldTerm, searchTerms, trigramSearch, trigramsOf } = await tsImport(
  "../../../worker/src/queries/search-terms.ts",
  import.meta.url,
);
