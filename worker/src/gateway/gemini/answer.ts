// The answer of a Gemini generateContent call as the log keeps it: the first candidate's text parts
// (thought summaries left out), function calls as `[tool call] name(args)`, `modelVersion`, the
// finish reason and `usageMetadata` (thinking tokens counted as output). A stream is a sequence of
// the same responses, each with the next piece: as server-sent events (`?alt=sse`) or, without it,
// one JSON array. Pure: the answer tap feeds them.
import { type Answer, clip, partialAfter, partialModel, type Usage } from "../chat-log";
import { isObj, type Obj, str } from "../request-text";
import { eventObject, type StreamReader } from "../wire";

function usageOf(u: unknown): Usage | null {
  if (!isObj(u)) return null;
  const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : 0);
  const prompt = n(u.promptTokenCount) + n(u.toolUsePromptTokenCount);
  const completion = n(u.candidatesTokenCount) + n(u.thoughtsTokenCount);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: n(u.totalTokenCount) || prompt + completion };
}

/** Assembles an answer from generateContent responses, one piece each (one response when not streamed). */
export class GeminiStream implements StreamReader {
  #pieces: string[] = [];
  #model: string | null = null;
  #usage: Usage | null = null;
  #finish: string | null = null;

  /** One response; answers whether it carried answer content. */
  add(chunk: Obj): boolean {
    this.#model ??= str(chunk.modelVersion) || null;
    if (isObj(chunk.usageMetadata)) this.#usage = usageOf(chunk.usageMetadata);
    const candidate = Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined;
    if (!isObj(candidate)) return false;
    if (candidate.finishReason) this.#finish = str(candidate.finishReason) || null;
    const parts = isObj(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
    let carried = false;
    for (const p of parts) {
      if (!isObj(p) || p.thought === true) continue;
      if (typeof p.text === "string" && p.text) {
        // consecutive text pieces join into one text; a call stands on its own line
        const last = this.#pieces.length - 1;
        if (last >= 0 && !this.#pieces[last]!.startsWith("\n[tool call]")) this.#pieces[last] += p.text;
        else this.#pieces.push(p.text);
        carried = true;
      } else if (isObj(p.functionCall)) {
        this.#pieces.push(`\n[tool call] ${str(p.functionCall.name)}(${JSON.stringify(p.functionCall.args ?? {})})`);
        carried = true;
      }
    }
    return carried;
  }

  feed(data: string): boolean {
    const chunk = eventObject(data);
    return chunk ? this.add(chunk) : false;
  }

  result(): Answer {
    return { text: clip(this.#pieces.join("").replace(/^\n/, "")), model: this.#model, usage: this.#usage, finishReason: this.#finish };
  }
}

/** A whole response, or (streamGenerateContent without `alt=sse`) the JSON array of a stream's responses. */
export function answerOfGenerate(body: unknown): Answer {
  const s = new GeminiStream();
  for (const chunk of Array.isArray(body) ? body : [body]) if (isObj(chunk)) s.add(chunk);
  return s.result();
}

/** The first bytes of a response: the first text part as far as they go, and the model version. */
export function answerOfTruncatedGenerate(head: string): Answer {
  const text = partialAfter(head, /"parts"\s*:\s*\[[\s\S]*?"text"\s*:\s*"/) ?? "";
  return { text: clip(text), model: partialModel(head, /"modelVersion"\s*:\s*"/), usage: null, finishReason: null };
}
