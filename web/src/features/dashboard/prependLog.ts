import { FEED_SIZE } from "@promptsentry/schema/constants/screens";
import type { PromptLog } from "../../api/types";

/** Put `log` on top of `list`, drop an older copy of it, keep `size` items (docs/web.md#behaviour-the-code-relies-on). */
export function prependLog(list: PromptLog[] | undefined, log: PromptLog, size: number = FEED_SIZE): PromptLog[] {
  return [log, ...(list ?? []).filter((l) => l.id !== log.id)].slice(0, size);
}
