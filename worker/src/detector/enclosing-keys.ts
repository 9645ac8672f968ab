// The keys a line sits under, read from indentation: YAML nesting (CI workflows, Kubernetes
// manifests, CITATION.cff) and the continuation lines of RFC 822-style fields (DEP-5 copyright
// files, Debian control). What a value means often shows only in a key above it: the address a
// CI config notifies, the ciphertext under `encryptedData:`.

const KEY_LINE = /^\s*(?:-\s+)?([\w.-]{1,40})\s*:(?:\s|$)/;

/** The keys above the line at `lineStart`, nearest first: YAML nesting, or a field's continuation lines. */
export function enclosingKeys(text: string, lineStart: number, max = 6): string[] {
  const keys: string[] = [];
  const own = uncomment(text.slice(lineStart, lineEnd(text, lineStart)));
  const ownKey = KEY_LINE.exec(own);
  if (ownKey) keys.push(ownKey[1]!.toLowerCase());
  let indent = indentOf(own);
  // a list item may sit at its key's indentation ("email:\n- a@b")
  let item = /^\s*-\s/.test(own);
  for (let pos = lineStart, lines = 0; pos > 0 && lines < 60 && keys.length < max; lines++) {
    const start = text.lastIndexOf("\n", pos - 2) + 1;
    const line = uncomment(text.slice(start, pos - 1));
    pos = start;
    if (!line.trim()) continue;
    const ind = indentOf(line);
    const isItem = /^\s*-\s/.test(line);
    if (ind > indent || (ind === indent && (!item || isItem))) continue;
    const key = KEY_LINE.exec(line);
    if (!key) break;
    keys.push(key[1]!.toLowerCase());
    if (ind === 0) break;
    indent = ind;
    item = isItem;
  }
  return keys;
}
export const lineEnd = (text: string, from: number) => {
  const nl = text.indexOf("\n", from);
  return nl === -1 ? text.length : nl;
};
/** A commented-out line is read as the configuration it was ("# deploy:" → " deploy:"). */
const uncomment = (line: string) => line.replace(/^\s*#/, "");
const indentOf = (line: string) => line.length - line.trimStart().length;
