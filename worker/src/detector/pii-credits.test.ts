// Published attribution and a tool's own accounts are not personal data; the same addresses in a
// message, a sentence or a record still are. Every name and address here is made up for this file.
import { describe, expect, it } from "vitest";
import { detect } from "./index";

const SENSITIVE_ONLY = { promptInjection: false, jailbreakAttempts: false };
const emails = (text: string) =>
  detect({ prompt: text, response: "" }, { rules: SENSITIVE_ONLY })
    .findings.filter((f) => f.rule === "pii.email")
    .map((f) => text.slice(f.start, f.end));

describe("e-mail credits by structure", () => {
  // each credit beside the same address where it is someone's personal data
  const pairs: Array<[credit: string, personal: string]> = [
    // CI configuration: notification recipients, the account a pipeline publishes as, git identity
    ["notifications:\n  email:\n    - hana.okafor@posteo.net\n", "recipients:\n  - hana.okafor@posteo.net\n"],
    ["# deploy:\n#   provider: npm\n#   email: hana.okafor@posteo.net\n", "users:\n  - name: Hana\n    email: hana.okafor@posteo.net\n"],
    ['  - git config --global user.email "hana.okafor@posteo.net"', 'echo "hana.okafor@posteo.net" >> customers.txt'],
    ["env:\n  GIT_AUTHOR_EMAIL: hana.okafor@posteo.net", "env:\n  REPORT_TO: hana.okafor@posteo.net"],
    // a CITATION.cff's authors
    [
      "authors:\n  - given-names: Hana\n    email: hana.okafor@posteo.net",
      "buyers:\n  - given-names: Hana\n    email: hana.okafor@posteo.net",
    ],
    // credits lists one person a line: a manifest array cut from its key, a table of port maintainers
    [
      '"Hana Okafor <hana.okafor@posteo.net>",\n    "Rui Tanaka <rtanaka@fastmail.jp>"\n  ],',
      "Send it to:\nHana Okafor <hana.okafor@posteo.net>",
    ],
    [
      "Port maintainers:\n\nHana Okafor <hana.okafor@posteo.net>\t\t(arm64)\nRui Tanaka <rtanaka@fastmail.jp>\t\t(riscv64)",
      "To: Hana Okafor <hana.okafor@posteo.net>",
    ],
    // the same lines with nothing saying they are credits: people, e.g. pasted from a customer export
    [
      "AUTHORS\n\nHana Okafor <hana.okafor@posteo.net>\nRui Tanaka <rtanaka@fastmail.jp>\n",
      "Churned accounts this week:\n\nHana Okafor <hana.okafor@posteo.net>\nRui Tanaka <rtanaka@fastmail.jp>\n",
    ],
    // npm's person shorthand with a homepage
    ['"Hana Okafor <hana.okafor@posteo.net> (https://okafor.dev)"\n  ],', '{"to": "Hana Okafor <hana.okafor@posteo.net>"}'],
    // a DEP-5 copyright file: a field's continuation lines, a holder cut from its field
    [
      "Upstream-Contact: bugs-widget@lists.fabrikam.io\n                  Hana Okafor <hana.okafor@posteo.net>",
      "Customer: Hana Okafor <hana.okafor@posteo.net>",
    ],
    ["Hana Okafor <hana.okafor@posteo.net>\nLicense: Artistic or GPL-1+\n", "Hana Okafor <hana.okafor@posteo.net>\nPlan: Business\n"],
    // a sign-off under its "--" line; a packager's credit with an appositive
    ["Thanks for reading.\n--\nHana Okafor <hana.okafor@posteo.net>", "Thanks for reading.\nHana Okafor <hana.okafor@posteo.net>"],
    [
      "This package was put together by me, Hana Okafor <hana.okafor@posteo.net>, from the sources.",
      "This was sent to me, Hana Okafor <hana.okafor@posteo.net>, yesterday.",
    ],
    // a header comment's contact line under its copyright line; a credit to a name with an apostrophe
    [
      "# Copyright (c) 2001 by Hana Okafor.  All rights reserved.\n#\n# hana.okafor@posteo.net\n",
      "# Deploy notes for the new cluster.\n#\n# hana.okafor@posteo.net\n",
    ],
    ["#   by Hana O'Kafor <hana.okafor@posteo.net>", "#   met Hana O'Kafor <hana.okafor@posteo.net>"],
    // credits lists with two-line entries (markdown autolinks), a Python author string's continuation
    [
      "## Maintainers\n\n* [hokafor](https://github.com/hokafor) -\n  **Hana Okafor** <<hana.okafor@posteo.net>> (she/her)\n* [rtanaka](https://github.com/rtanaka) -\n  **Rui Tanaka** <<rtanaka@fastmail.jp>>",
      "* [hokafor](https://github.com/hokafor) -\n  **Hana Okafor** <<hana.okafor@posteo.net>> (she/her)",
    ],
    [
      '            "Hana Okafor <hana.okafor@posteo.net>, "\n            "Rui Tanaka <rtanaka@fastmail.jp>")',
      'notify("Hana Okafor <hana.okafor@posteo.net>, ")',
    ],
    // a credit wrapped onto the next line of a licence text
    [
      "Based on an earlier tool by Hana\n Okafor <hana.okafor@posteo.net>.  May be used freely.",
      "I met Hana\n Okafor <hana.okafor@posteo.net> yesterday.",
    ],
    // changelogs: a Debian entry, release headings with a date
    [
      "widget (2.3-1) unstable; urgency=medium\n\n  * Fix the crash, patch from Hana Okafor <hana.okafor@posteo.net>.\n",
      "Meeting notes\n\n  * Call Hana Okafor <hana.okafor@posteo.net> about the invoice.\n",
    ],
    ["2.4.0: Mar 3 2024:\n   - fixed a parser bug pointed out by hana.okafor@posteo.net", "2.4 notes: ask hana.okafor@posteo.net about it"],
    // a list's address, the text of a mailto: link
    ["Join the mailing list widget-talk@fabrikam.io to discuss.", "Join hana.okafor@posteo.net for lunch."],
    [
      "Questions? [hana.okafor@posteo.net](mailto:hana.okafor@posteo.net)",
      "Questions? [write to her](https://okafor.dev) at hana.okafor@posteo.net",
    ],
  ];
  it.each(pairs)("%j is a credit", (credit) => expect(emails(credit)).toEqual([]));
  it.each(pairs)("%#: the look-alike stays personal data", (_, personal) => expect(emails(personal)).toContain("hana.okafor@posteo.net"));

  it("message headers and quote attributions stay personal data", () => {
    expect(
      emails("From: Hana Okafor <hana.okafor@posteo.net>\nTo: Rui Tanaka <rtanaka@fastmail.jp>,\n    Ana Lima <ana.lima@posteo.net>"),
    ).toEqual(["hana.okafor@posteo.net", "rtanaka@fastmail.jp", "ana.lima@posteo.net"]);
  });
});

describe("sign-off lines", () => {
  it("an RPM changelog entry credits its packager; a bullet that names someone does not", () => {
    expect(emails("* Tue Jun 04 2024 Hana Okafor <hana.okafor@posteo.net> - 2.3-1\n- New upstream release")).toEqual([]);
    expect(emails("* Remind Hana Okafor <hana.okafor@posteo.net> about the invoice")).toEqual(["hana.okafor@posteo.net"]);
  });
});
