// The log's view of a provider answer: the relay (relay.ts) hands each chunk it passes to the client
// to a tap, which reads at most GATEWAY_LOG_MAX_BYTES of it. Past the cap the tap stops reading and
// drops what it no longer needs, so the log holds a bounded copy however large the answer is.
import { createParser, type EventSourceParser } from "eventsource-parser";
import { GATEWAY_LOG_MAX_BYTES } from "@promptsentry/schema/constants/gateway";
import type { Answer } from "./chat-log";
import { openAiChatWire } from "./openai-chat";
import type { Wire } from "./wire";

export interface AnswerTap {
  /** Sees one chunk of the answer, in order; never keeps a reference to it. */
  write(chunk: Uint8Array): void;
  /** The answer as far as the tap read it (call once, after the last write). */
  answer(): Answer;
  /** Bytes the tap read (at most the cap). */
  readonly loggedBytes: number;
  /** Whether the answer went on past the cap. */
  readonly truncated: boolean;
  /** Streams: when the first content chunk arrived, from the call's start. */
  readonly firstTokenMs: number | null;
}

/** Reads the first `cap` bytes of the chunks it is given, decoded; then notes the truncation and reads no more. */
abstract class CappedTap implements AnswerTap {
  loggedBytes = 0;
  truncated = false;
  firstTokenMs: number | null = null;
  protected decoder = new TextDecoder();

  constructor(private readonly cap: number) {}

  write(chunk: Uint8Array) {
    if (this.truncated) return;
    const room = this.cap - this.loggedBytes;
    const part = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
    this.loggedBytes += part.byteLength;
    this.read(this.decoder.decode(part, { stream: true }));
    if (part !== chunk) {
      this.truncated = true;
      this.stop();
    }
  }

  protected abstract read(text: string): void;
  /** Called once at the cap: drop whatever only a complete answer would need. */
  protected abstract stop(): void;
  abstract answer(): Answer;
}

/** A `text/event-stream` answer, parsed event by event as it passes: only the assembled answer is kept. */
export class StreamTap extends CappedTap {
  #answer: ReturnType<Wire["streamReader"]>;
  #parser: EventSourceParser;

  constructor(started: number, cap = GATEWAY_LOG_MAX_BYTES, wire: Pick<Wire, "streamReader"> = openAiChatWire) {
    super(cap);
    this.#answer = wire.streamReader();
    this.#parser = createParser({
      onEvent: (event) => {
        if (this.#answer.feed(event.data, event.event) && this.firstTokenMs === null) this.firstTokenMs = Date.now() - started;
      },
    });
  }

  protected read(text: string) {
    this.#parser.feed(text);
  }

  protected stop() {
    // An event cut by the cap is never complete: its buffered part is dropped, not parsed.
    this.#parser.reset();
  }

  answer() {
    if (!this.truncated) this.#parser.feed(this.decoder.decode());
    return this.#answer.result();
  }
}

/**
 * A JSON completion: its text is kept up to the cap and parsed at the end. An answer over the cap is
 * read for its first choice's content as far as the cap went, at the cap, and the copy dropped.
 */
export class JsonTap extends CappedTap {
  #parts: string[] = [];
  #cut: Answer | null = null;

  constructor(
    cap = GATEWAY_LOG_MAX_BYTES,
    private readonly wire: Pick<Wire, "answerOf" | "answerOfTruncated"> = openAiChatWire,
  ) {
    super(cap);
  }

  protected read(text: string) {
    this.#parts.push(text);
  }

  protected stop() {
    this.#cut = this.wire.answerOfTruncated(this.#parts.join(""));
    this.#parts = [];
  }

  answer() {
    if (this.#cut) return this.#cut;
    const text = this.#parts.join("") + this.decoder.decode();
    try {
      return this.wire.answerOf(JSON.parse(text));
    } catch {
      // Cut short by the provider (an idle timeout, a broken connection): what came, as far as it goes.
      return this.wire.answerOfTruncated(text);
    }
  }
}
