// How a log's turns read in the details dialog: labels, tool arguments and results as formatted
// JSON when they are JSON, and code fenced so no text can close its fence early. Pure.
import type { ConversationMessage, ConversationRole } from "@promptsentry/schema/conversation";

export const ROLE_LABEL: Record<ConversationRole, string> = { system: "System", user: "User", assistant: "Assistant", tool: "Tool" };

/** JSON text (an object or an array) indented two spaces; anything else as it is. */
export function prettyJson(text: string): string | null {
  const t = text.trim();
  if (!(t.startsWith("{") || t.startsWith("["))) return null;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return null;
  }
}

/** A markdown code block of `code` whose fence is longer than any run of backticks inside it. */
export function fenced(code: string, language = ""): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${code}\n${fence}`;
}

/** A text as the markdown a turn shows: JSON (a tool's result, say) as a JSON code block, the rest as written. */
export function turnMarkdown(text: string): string {
  const json = prettyJson(text);
  return json === null ? text : fenced(json, "json");
}

/** Tool call arguments as markdown: JSON formatted and highlighted, other text in a plain code block. */
export const argumentsMarkdown = (args: string) => fenced(prettyJson(args) ?? args, prettyJson(args) === null ? "" : "json");

/** The turn's heading beside its role: the speaker's name, or the call a tool result answers. */
export function turnCaption(turn: ConversationMessage): string | null {
  if (turn.role === "tool" && turn.toolCallId)
    return turn.name ? `${turn.name} · result of ${turn.toolCallId}` : `result of ${turn.toolCallId}`;
  return turn.name ?? null;
}
