"""A local stand-in for Anthropic's Messages API (POST /v1/messages) speaking its wire protocol: a
JSON message, or server-sent events (message_start, content_block_start, content_block_delta with
text_delta / input_json_delta, content_block_stop, message_delta with usage, message_stop, ping),
and Anthropic's error body. The official `anthropic` client talks to it. By `model`: anything gets
the ANSWER text; "fake-tool" a text block then TOOL_USE; "bad-model" 404; "fake-overloaded" 529;
"fake-stream-error" one text delta, then an `error` event; a body without max_tokens 400. Every request's headers are kept in `headers`."""

import json
import time

from ._http import JsonHandler, serve, stop_server

ANSWER = ["Paris ", "is the ", "capital ", "of France."]
USAGE = {"input_tokens": 21, "output_tokens": 7, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 4}
TOOL_TEXT = "Let me look that up."
TOOL_USE = {"type": "tool_use", "id": "toolu_fake1", "name": "get_weather", "input": {"city": "Paris"}}
CHUNK_DELAY = 0.02


class FakeAnthropic:
    def __init__(self):
        self.headers = []
        fake = self

        class Handler(JsonHandler):
            def do_POST(self):
                fake.headers.append(dict(self.headers))
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                if "max_tokens" not in body:
                    return self._error(400, "invalid_request_error", "max_tokens: Field required")
                if body.get("model") == "bad-model":
                    return self._error(404, "not_found_error", "model: bad-model")
                if body.get("model") == "fake-overloaded":
                    return self._error(529, "overloaded_error", "Overloaded")
                tool = body.get("model") == "fake-tool"
                texts = [TOOL_TEXT] if tool else ANSWER
                message = {"id": "msg_fake1", "type": "message", "role": "assistant", "model": body["model"] + "-20260101",
                           "content": [{"type": "text", "text": "".join(texts)}] + ([TOOL_USE] if tool else []),
                           "stop_reason": "tool_use" if tool else "end_turn", "stop_sequence": None, "usage": USAGE}
                if not body.get("stream"):
                    time.sleep(CHUNK_DELAY)
                    return self._json(200, message)
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()

                def send(kind, **data):
                    data["type"] = kind
                    try:
                        self.wfile.write(("event: %s\ndata: %s\n\n" % (kind, json.dumps(data))).encode())
                        self.wfile.flush()
                    except (BrokenPipeError, ConnectionResetError):
                        pass  # the caller stopped reading and hung up

                send("message_start", message=dict(message, content=[], stop_reason=None, usage=dict(USAGE, output_tokens=1)))
                send("content_block_start", index=0, content_block={"type": "text", "text": ""})
                send("ping")
                for part in texts:
                    time.sleep(CHUNK_DELAY)
                    send("content_block_delta", index=0, delta={"type": "text_delta", "text": part})
                    if body["model"] == "fake-stream-error":
                        send("error", error={"type": "overloaded_error", "message": "Overloaded"})
                        self.close_connection = True
                        return
                send("content_block_stop", index=0)
                if tool:
                    send("content_block_start", index=1, content_block=dict(TOOL_USE, input={}))
                    raw = json.dumps(TOOL_USE["input"])
                    for piece in (raw[:5], raw[5:]):
                        send("content_block_delta", index=1, delta={"type": "input_json_delta", "partial_json": piece})
                    send("content_block_stop", index=1)
                send("message_delta", delta={"stop_reason": message["stop_reason"], "stop_sequence": None},
                     usage={"output_tokens": USAGE["output_tokens"]})
                send("message_stop")
                self.close_connection = True

            def _error(self, status, kind, text):
                self._json(status, {"type": "error", "error": {"type": kind, "message": text}, "request_id": "req_fake1"})

        self.server = serve(Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]

    def stop(self):
        stop_server(self.server)
