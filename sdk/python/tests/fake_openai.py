"""A local stand-in for the OpenAI Chat Completions API speaking its wire protocol: JSON answers,
SSE streams (data: {chunk} ... data: [DONE], usage last when stream_options.include_usage), and
OpenAI-style errors. The official `openai` client talks to it."""

import json
import time

from ._http import JsonHandler, serve, stop_server

ANSWER = ["Paris ", "is the ", "capital ", "of France."]
USAGE = {"prompt_tokens": 21, "completion_tokens": 7, "total_tokens": 28}
CHUNK_DELAY = 0.02


class FakeOpenAI:
    def __init__(self):
        class Handler(JsonHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                if body.get("model") == "bad-model":
                    return self._json(404, {"error": {"message": "The model `bad-model` does not exist", "type": "invalid_request_error",
                                                      "param": None, "code": "model_not_found"}})
                base = {"id": "chatcmpl-fake1", "created": int(time.time()), "model": body["model"] + "-0613"}
                if not body.get("stream"):
                    time.sleep(CHUNK_DELAY)
                    return self._json(200, dict(base, object="chat.completion", usage=USAGE, choices=[
                        {"index": 0, "message": {"role": "assistant", "content": "".join(ANSWER)}, "finish_reason": "stop", "logprobs": None}]))
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                chunk = dict(base, object="chat.completion.chunk")

                def send(data):
                    self.wfile.write(b"data: " + json.dumps(data).encode() + b"\n\n")
                    self.wfile.flush()

                send(dict(chunk, choices=[{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]))
                for part in ANSWER:
                    time.sleep(CHUNK_DELAY)
                    send(dict(chunk, choices=[{"index": 0, "delta": {"content": part}, "finish_reason": None}]))
                send(dict(chunk, choices=[{"index": 0, "delta": {}, "finish_reason": "stop"}]))
                if (body.get("stream_options") or {}).get("include_usage"):
                    send(dict(chunk, choices=[], usage=USAGE))
                self.wfile.write(b"data: [DONE]\n\n")
                self.close_connection = True

        self.server = serve(Handler)
        self.url = "http://127.0.0.1:%d/v1" % self.server.server_address[1]

    def stop(self):
        stop_server(self.server)
