// Passes a provider's answer body to the client as it arrives, one chunk per client read, with no
// second branch to buffer: the provider is read only as fast as the client takes the answer (a
// ReadableStream.tee() would let the faster reader pull the whole answer into the slower branch's
// queue). The log sees every chunk through a tap that keeps a bounded copy (answer-tap.ts). A read
// that waits longer than the idle limit ends the answer: a stream gets OpenAI's error event, so the
// official clients raise an APIError rather than take a cut-off answer as whole.
import type { AnswerTap } from "./answer-tap";
import { openAiChatWire } from "./openai-chat";
import type { Wire } from "./wire";

export type RelayEndReason = "complete" | "idle_timeout" | "upstream_error" | "client_closed";
export type RelayEnd = { reason: RelayEndReason; bytes: number; at: number };

export type RelayOptions = {
  tap: AnswerTap;
  /** Longest wait for one read of the provider's body. */
  idleMs: number;
  /** `text/event-stream`: end a broken answer with an error event instead of breaking the connection. */
  sse: boolean;
  /** The error event in the provider's wire format (OpenAI chat completions' unless said). */
  wire?: Pick<Wire, "streamError">;
  /** Drops the provider's connection (the fetch's abort). */
  abort: () => void;
};

const IDLE = Symbol("idle");
const encoder = new TextEncoder();

/** Why the answer broke off, as the client reads it. */
function brokenMessage(reason: RelayEndReason, idleMs: number) {
  return reason === "idle_timeout"
    ? `The provider sent nothing for ${idleMs / 1000} s; the answer is incomplete.`
    : "The provider's connection broke off; the answer is incomplete.";
}

/** The most one read of the provider's body takes. */
const READ_BYTES = 64 * 1024;

/**
 * Reads a body in chunks of up to READ_BYTES through one reused buffer where the source is a byte
 * stream (a fetch body), each chunk copied out at its size: a fetch body's default reader hands out
 * 4 KiB chunks, and every chunk costs the relay a read, a timer and garbage to collect.
 */
function chunkReader(source: ReadableStream<Uint8Array>) {
  let byob: ReadableStreamBYOBReader;
  try {
    byob = source.getReader({ mode: "byob" });
  } catch {
    return source.getReader();
  }
  let buffer = new ArrayBuffer(READ_BYTES);
  return {
    async read(): Promise<ReadableStreamReadResult<Uint8Array>> {
      const { done, value } = await byob.read(new Uint8Array(buffer));
      if (done || !value) return { done: true, value: undefined };
      buffer = value.buffer; // the buffer read into comes back with the chunk; read into it again
      return { done: false, value: value.slice() };
    },
    cancel: (reason?: unknown) => byob.cancel(reason),
  };
}

/** The client's body, and a promise of how the relay ended (settles once, whatever ends it). */
export function relayBody(source: ReadableStream<Uint8Array>, opts: RelayOptions) {
  const reader = chunkReader(source);
  let bytes = 0;
  let settle!: (end: RelayEnd) => void;
  const ended = new Promise<RelayEnd>((resolve) => (settle = resolve));
  let over = false;
  const end = (reason: RelayEndReason) => {
    if (over) return;
    over = true;
    settle({ reason, bytes, at: Date.now() });
    if (reason !== "complete") {
      opts.abort();
      reader.cancel().catch(() => {});
    }
  };

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const idle = new Promise<typeof IDLE>((resolve) => {
          timer = setTimeout(() => resolve(IDLE), opts.idleMs);
        });
        let next: ReadableStreamReadResult<Uint8Array> | typeof IDLE | Error;
        try {
          next = await Promise.race([reader.read(), idle]);
        } catch (error) {
          next = error instanceof Error ? error : new Error(String(error));
        } finally {
          clearTimeout(timer);
        }
        if (over) return; // the client went away while this read waited
        if (next !== IDLE && !(next instanceof Error)) {
          if (next.done) {
            end("complete");
            controller.close();
            return;
          }
          bytes += next.value.byteLength;
          opts.tap.write(next.value);
          controller.enqueue(next.value);
          return;
        }
        const reason = next === IDLE ? "idle_timeout" : "upstream_error";
        end(reason);
        const message = brokenMessage(reason, opts.idleMs);
        if (opts.sse) {
          // The blank lines end any event the provider left half-sent, so the error event stands alone.
          const wire = opts.wire ?? openAiChatWire;
          const event =
            reason === "idle_timeout"
              ? wire.streamError(504, "upstream_timeout", message)
              : wire.streamError(502, "upstream_broken", message);
          controller.enqueue(encoder.encode(`\n\n${event}`));
          controller.close();
        } else controller.error(new Error(message));
      },
      cancel() {
        end("client_closed");
      },
    },
    // Nothing is read ahead of the client: a chunk is fetched only when the client asks for one.
    { highWaterMark: 0 },
  );
  return { body, ended };
}
