// Every file under a directory, recursively (the byte-grep checks read all a stack wrote).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export function* filesUnder(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const st = statSync(full, { throwIfNoEntry: false });
    if (st?.isDirectory()) yield* filesUnder(full);
    else if (st?.isFile()) yield full;
  }
}
