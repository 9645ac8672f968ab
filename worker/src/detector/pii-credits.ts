// E-mail addresses that are published attribution or a tool's own account, not someone's personal
// data: authors, maintainers and copyright holders in source, manifests, licence and changelog
// files; the people a project's CI notifies, publishes or commits as. Each is recognised by the
// structure it sits in (a credit line, a field, a key path, a kind of document), never by the
// address itself. An address in a message header (From:, To:) or a sentence stays personal data.
import { enclosingKeys, lineEnd } from "./enclosing-keys";

/** Authorship credits on the same line: a public attribution in source, docs and manifests. */
const CREDIT_BEFORE =
  /(?:\bauthors?\b|__author__|written by|\bby\s+(?:\w+,\s+)?[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}\s*[<(]?$|maintain(?:er|ed by)|contributors?|upstream-contact|copyright|\(c\)|©|signed-off-by|co-authored-by|reported-by|reviewed-by|acked-by|author_email|maintainer_email|mailto:|user\.email|git_(?:author|committer)_email|--author\b)/i;
/** A package manifest (package.json, composer.json…): its "email" fields are the maintainers'. */
const MANIFEST = /"(?:name|version)"\s*:\s*"[^"]*"[\s\S]*"(?:version|name|license|repository|dependencies)"\s*:/;

/**
 * Sign-offs and copyright holders written as "Name <e-mail>" at the start of a line: a Debian
 * changelog's trailer (" -- Name <e-mail>  date"), an RPM changelog's entry ("* Tue Jun 04 2024 Name
 * <e-mail>"), a GNU ChangeLog entry ("2020-01-03  Name  <e-mail>"), a copyright file's "1994-2016 Name <e-mail>".
 */
const SIGNOFF_LINE = /^\s*(?:--|\* \w{3} \w{3} +\d{1,2} \d{4}|\d{4}-\d\d-\d\d|(?:\d{4}(?:\s*[-–,]\s*\d{4})*,?))\s+[^<>@\n]{2,80}<$/;
/**
 * What a credit above leaves on the address's own line: the rest of a wrapped name, a comment
 * marker, an "Email:" label, maybe its "<".
 */
const NAME_ONLY = /^\s*(?:#+|\/\/+|\*)?[\s\p{L}.'’-]*(?:e-?mail\s*:)?\s*<?$/iu;
/** How many lines above a bare address a credit may stand (a header comment's copyright line). */
const CREDIT_LINES_ABOVE = 3;

/**
 * A line that holds one person and nothing else, the way credits lists write them (AUTHORS,
 * MAINTAINERS, a manifest's "contributors" array, a README's table of port maintainers): an
 * optional list bullet or quote, copyright years, a name, the address in <> (or a markdown
 * autolink's <<>>), an optional note in parentheses, the closing quote, comma or parenthesis.
 */
const PERSON_LINE =
  /^\s*(?:[-*]\s+)?"?(?:\d{4}(?:\s*[-–,]\s*\d{4})*,?\s+)?[^<>@"\n:]{2,60}<?<[^<>\s@]+@[^<>\s]+>>?(?:\s*\([^()\n]{1,80}\))?[\s",)]*$/;
/**
 * What makes lines of "Name <e-mail>" a credits list rather than people pasted from a customer
 * export: a heading or wording above them that says whose names they are, or entries written as a
 * program's quoted strings (a manifest's array cut from its key).
 */
const CREDITS_CUE =
  /\b(?:authors?|contributors?|maintainers?|credits?|thanks|acknowledge?ments?|copyright|porters?|developers|uploaders|committers)\b/i;
const CREDITS_CUE_REACH = 2_000;
/** npm's person shorthand, "Name <e-mail> (url)": only package metadata writes it. */
const PERSON_URL_AFTER = /^>\s*\((?:https?:\/\/|www\.)[^()\s]+\)/;

/**
 * Keys whose values are a tool's own accounts or a work's credits: the recipients of CI
 * notifications, the account a pipeline deploys or publishes as, the identity it commits as,
 * the authors of a CITATION.cff, a DEP-5 copyright file's holders and contacts.
 */
const ACCOUNT_KEYS =
  /^(?:notifications?|notify|deploy(?:ment)?|publish(?:er)?|committer|git|authors?|maintainers?|uploaders|contributors?|owners?|copyright|upstream-contact|changed-by|licen[cs]e)$/;

/**
 * A changelog: a Debian trailer or entry header, a GNU ChangeLog entry header, or release
 * headings that give a version and a date. The addresses in one credit who made or reported a change.
 */
const CHANGELOG =
  /^ -- [^<\n]{2,80}<[^<>\s]+@[^<>\s]+> {1,2}\w{3}, \d|^[a-z0-9][a-z0-9+.-]* \([^()\s]+\) [\w-]+(?: [\w-]+)*; urgency=|^\d{4}-\d\d-\d\d {1,2}[^<\n]{2,80}<[^<>\s]+@[^<>\s]+>$|^(?:#{1,4} *\[?v?\d+(?:\.\d+){1,3}\]?|\[v?\d+(?:\.\d+){1,3}\]|v?\d+\.\d+\.\d+(?:\.\d+)?:?) +(?:[-–(] *)?(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2},? \d{4}|\d{4}-\d\d-\d\d)/m;
/**
 * Package and licence metadata written as fields (DEP-5 copyright, Debian control, PKG-INFO): a
 * field only they have, or a licence field that names a licence and nothing else.
 */
const METADATA_FIELDS =
  /^(?:Files|Copyright|Upstream-Contact|Upstream-Name|Uploaders|Maintainer|Author-email|Maintainer-email)\s*:|^License: *[\w.+-]+(?: +(?:or|and|with) +[\w.+-]+)* *$/m;

/** Facts about the whole text, read once per text and only when an address needs them. */
export class CreditDocument {
  private changelogOrMetadata?: boolean;
  private manifest?: boolean;
  constructor(private readonly text: string) {}
  /** A changelog or a block of package / licence metadata fields: its addresses are credits. */
  isCreditDocument(): boolean {
    return (this.changelogOrMetadata ??= CHANGELOG.test(this.text) || METADATA_FIELDS.test(this.text));
  }
  isManifest(): boolean {
    return (this.manifest ??= this.text.includes('"version"') && MANIFEST.test(this.text));
  }
}

/** Whether the address at [start, end) of `text` is a credit or a tool's account (see the head of this file). */
export function creditedAddress(text: string, start: number, end: number, doc: CreditDocument): boolean {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const prefix = text.slice(lineStart, start);
  // a credit wrapped onto the next line ("… by Ian\n Jackson <…>"), or a header comment's
  // contact line under its copyright line, is read with the lines above (up to a blank line)
  let from = lineStart;
  if (NAME_ONLY.test(prefix))
    for (let k = 0; k < CREDIT_LINES_ABOVE && from > 0; k++) {
      const above = text.lastIndexOf("\n", from - 2) + 1;
      if (!text.slice(above, from - 1).trim()) break;
      from = above;
    }
  const before = text.slice(Math.max(from, start - (from === lineStart ? 120 : 400)), start);
  if (CREDIT_BEFORE.test(before) || SIGNOFF_LINE.test(prefix)) return true;
  // a list's address ("A mailing-list xslt@… is available"), and the text of a mailto: link
  if (/mailing[- ]?lists?\b[^.\n]{0,20}$/i.test(before) || text.startsWith("](mailto:", end)) return true;
  // inside a manifest's "contributors": [ "Name <e-mail>", … ] list or "author": { … } object
  const back = text.slice(Math.max(0, start - 1500), start);
  if (/"(?:contributors|maintainers|authors?)"\s*:\s*(?:\[[^\]]*|\{[^}]*)$/i.test(back)) return true;
  if (/"e-?mail"\s*:\s*"?$|"(?:author|maintainers?|contributors?|bugs)"\s*:/i.test(before) && doc.isManifest()) return true;
  if (text[end] === ">" && PERSON_URL_AFTER.test(text.slice(end, end + 200))) return true;
  if (inPersonList(text, lineStart)) return true;
  if (enclosingKeys(text, lineStart).some((k) => ACCOUNT_KEYS.test(k))) return true;
  return doc.isCreditDocument();
}

/**
 * The line at `lineStart` holds one person, and so does one of the two lines above or below it (a
 * credits list, its entries maybe two lines each, under a cue that says so), or the line before is
 * the "--" of a sign-off.
 */
function inPersonList(text: string, lineStart: number): boolean {
  const end = lineEnd(text, lineStart);
  const line = text.slice(lineStart, end);
  if (!PERSON_LINE.test(line)) return false;
  if (!/^\s*"/.test(line) && !CREDITS_CUE.test(text.slice(Math.max(0, lineStart - CREDITS_CUE_REACH), lineStart))) return false;
  let from = lineStart;
  for (let k = 0; k < 2 && from > 0; k++) {
    const above = text.lastIndexOf("\n", from - 2) + 1;
    const line = text.slice(above, from - 1);
    if ((k === 0 && /^--\s*$/.test(line)) || PERSON_LINE.test(line)) return true;
    from = above;
  }
  let to = end;
  for (let k = 0; k < 2 && to < text.length; k++) {
    const next = lineEnd(text, to + 1);
    if (PERSON_LINE.test(text.slice(to + 1, next))) return true;
    to = next;
  }
  return false;
}
