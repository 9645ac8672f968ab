// A turn's text as markdown (GitHub-flavoured, fenced code highlighted), loaded on demand: the
// details dialog imports it lazily so the logs screens do not carry the parser. What a model or a
// sender wrote is untrusted, so nothing in it runs or loads: raw HTML shows as text (no rehype-raw),
// link targets other than http(s) and mailto are dropped (react-markdown's urlTransform), and images
// are never fetched — an image URL is how an injected prompt exfiltrates data from a reader's browser
// — they show as a text link instead.
import bash from "highlight.js/lib/languages/bash";
import diff from "highlight.js/lib/languages/diff";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import ReactMarkdown, { type Components, defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { rehypeHighlightSome } from "./highlight";

/** The languages fenced code is highlighted in (named or detected): what prompts mostly carry, not all 190. */
const highlight = rehypeHighlightSome({
  bash,
  diff,
  javascript,
  json,
  markdown,
  python,
  shell,
  sql,
  typescript,
  xml,
  yaml,
});

/** Only web and mail links survive; anything else (javascript:, data:, vbscript:, file:) becomes no link. */
export function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(kept) ? kept : "";
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-indigo-600 underline dark:text-indigo-400">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // never fetched: shown as the text of the image and where it points
  img: ({ alt, src }) => (
    <span className="text-gray-500 dark:text-gray-400" data-image={typeof src === "string" ? src : undefined}>
      [image{alt ? `: ${alt}` : ""}]{typeof src === "string" && src ? ` (${src})` : ""}
    </span>
  ),
};

export default function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[highlight]} urlTransform={safeUrl} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
