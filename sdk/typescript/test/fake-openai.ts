// A local stand-in for the OpenAI Chat Completions API speaking its wire protocol: JSON answers,
// SSE streams (`data: {chunk}` … `data: [DONE]`, usage in a last chunk when asked with
// stream_options.include_usage), and OpenAI-style errors. The official `openai` client talks to it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const ANSWER = ["Paris ", "is the ", "capital ", "of France."];
export const USAGE = { prompt_tokens: 21, completion_tokens: 7, total_tokens: 28 };

export class FakeOpenAI {
  private server!: Server;
  url = "";
  /** Delay between streamed chunks (ms), so latency and time to first token are measurable. */
  chunkDelayMs = 20;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", async () => {
        const body = JSON.parse(raw || "{}") as {
          model: string;
          stream?: boolean;
          stream_options?: { include_usage?: boolean };
          messages: { content: string }[];
        };
        if (req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
        if (body.model === "bad-model") {
          return void res.writeHead(404, { "Content-Type": "application/json" }).end(
            JSON.stringify({
              error: {
                message: "The model `bad-model` does not exist",
                type: "invalid_request_error",
                param: null,
                code: "model_not_found",
              },
            }),
          );
        }
        const id = "chatcmpl-fake1";
        const created = Math.floor(Date.now() / 1000);
        const model = `${body.model}-0613`;
        if (!body.stream) {
          await new Promise((r) => setTimeout(r, this.chunkDelayMs));
          return void res.writeHead(200, { "Content-Type": "application/json" }).end(
            JSON.stringify({
              id,
              object: "chat.completion",
              created,
              model,
              choices: [
                {
                  index: 0,
                  message: { role: "assistant", content: ANSWER.join(""), refusal: null },
                  finish_reason: "stop",
                  logprobs: null,
                },
              ],
              usage: USAGE,
            }),
          );
        }
        res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
        const send = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        const base = { id, object: "chat.completion.chunk", created, model };
        send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
        for (const part of ANSWER) {
          await new Promise((r) => setTimeout(r, this.chunkDelayMs));
          send({ ...base, choices: [{ index: 0, delta: { content: part }, finish_reason: null }] });
        }
        send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
        if (body.stream_options?.include_usage) send({ ...base, choices: [], usage: USAGE });
        res.end("data: [DONE]\n\n");
      });
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
