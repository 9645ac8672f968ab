// Fenced code highlighted with lowlight (highlight.js on a syntax tree) for a few languages only.
// rehype-highlight would do the same but always bundles lowlight's 37 common grammars; this keeps
// the markdown chunk to the languages registered here.
import type { Element, ElementContent, Root } from "hast";
import { createLowlight } from "lowlight";

type Languages = Parameters<typeof createLowlight>[0];

function highlightCode(lowlight: ReturnType<typeof createLowlight>, code: Element) {
  const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
  const named = classes.find((c) => c.startsWith("language-"))?.slice("language-".length);
  const text = code.children.map((child) => (child.type === "text" ? child.value : "")).join("");
  // A language we do not carry stays plain rather than being guessed as another.
  if (named && !lowlight.registered(named)) {
    code.properties.className = ["hljs", ...classes];
    return;
  }
  const result = named ? lowlight.highlight(named, text) : lowlight.highlightAuto(text);
  const detected = !named && result.data?.language ? [`language-${result.data.language}`] : [];
  code.properties.className = ["hljs", ...classes, ...detected];
  if (result.children.length) code.children = result.children as ElementContent[];
}

/** A rehype plugin highlighting each `pre > code` in `languages` (named by the fence, else detected among them). */
export function rehypeHighlightSome(languages: Languages) {
  const lowlight = createLowlight(languages);
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (child.tagName === "pre")
        for (const code of child.children) if (code.type === "element" && code.tagName === "code") highlightCode(lowlight, code);
      walk(child);
    }
  };
  return () => (tree: Root) => walk(tree);
}
