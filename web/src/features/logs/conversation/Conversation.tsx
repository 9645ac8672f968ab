// A log's conversation as turns — system, user, assistant, tool — in the Prompt Details dialog. Text
// is rendered as markdown by a chunk loaded on first use; until it arrives the plain text shows.
import { lazy, Suspense } from "react";
import type { Conversation as Turns, ConversationMessage, ConversationPart } from "@promptsentry/schema/conversation";
import { cx } from "../../../components/ui";
import { argumentsMarkdown, ROLE_LABEL, turnCaption, turnMarkdown } from "./turns";

const Markdown = lazy(() => import("./Markdown"));

const ROLE_CLASS: Record<ConversationMessage["role"], string> = {
  system: "border-gray-400 dark:border-gray-500",
  user: "border-indigo-500 dark:border-indigo-400",
  assistant: "border-emerald-500 dark:border-emerald-400",
  tool: "border-amber-500 dark:border-amber-400",
};

export function MarkdownText({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="font-mono text-sm wrap-anywhere whitespace-pre-wrap">{text}</div>}>
      <Markdown text={text} />
    </Suspense>
  );
}

function Part({ part }: { part: ConversationPart }) {
  if (part.type === "text") return part.text ? <MarkdownText text={turnMarkdown(part.text)} /> : null;
  return (
    <span className="inline-block rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-600 dark:bg-gray-800 dark:text-gray-300">
      [{part.kind}]
    </span>
  );
}

function Turn({ turn }: { turn: ConversationMessage }) {
  const caption = turnCaption(turn);
  const parts = typeof turn.content === "string" ? [{ type: "text" as const, text: turn.content }] : (turn.content ?? []);
  return (
    <li data-testid="turn" data-role={turn.role} className={cx("border-l-4 py-1 pl-3", ROLE_CLASS[turn.role])}>
      <p className="mb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300">
        {ROLE_LABEL[turn.role]}
        {caption ? <span className="ml-2 font-normal tracking-normal text-gray-500 normal-case dark:text-gray-400">{caption}</span> : null}
      </p>
      <div className="space-y-2 text-sm text-gray-800 dark:text-gray-200">
        {parts.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional pieces of one turn.
          <Part key={i} part={p} />
        ))}
        {(turn.toolCalls ?? []).map((call, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: calls keep their order; ids are optional.
          <div key={i} data-testid="tool-call" className="rounded-lg border border-gray-200 p-2 dark:border-gray-700">
            <p className="mb-1 text-xs text-gray-600 dark:text-gray-300">
              Tool call <code className="font-semibold">{call.name}</code>
              {call.id ? <span className="ml-2 text-gray-500 dark:text-gray-400">{call.id}</span> : null}
            </p>
            <MarkdownText text={argumentsMarkdown(call.arguments)} />
          </div>
        ))}
      </div>
    </li>
  );
}

export function Conversation({ turns }: { turns: Turns }) {
  return (
    <ol aria-label="Conversation" className="max-h-[28rem] space-y-3 overflow-y-auto rounded-lg bg-gray-50 p-3 dark:bg-gray-800/60">
      {turns.map((turn, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: turns are positional; they never reorder.
        <Turn key={i} turn={turn} />
      ))}
    </ol>
  );
}
