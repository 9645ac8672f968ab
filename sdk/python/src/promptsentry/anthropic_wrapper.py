"""wrap_anthropic: every messages.create of an Anthropic client (the official `anthropic` package,
Anthropic or AsyncAnthropic, or anything shaped like it) is logged, plain and streamed
(`stream=True`, and `messages.stream(...)`), while the caller gets exactly what the client returned.
Only the request's keyword arguments and the answer are read: the client's key, headers and options
are never looked at."""

import json
import time
from typing import Any, Dict, List, Optional

from ._wrapping import WRAPPED, Follower, content_text, follow_stream, get, log_call, options_of, prompt_text, tool_use, wrap_method


def wrap_anthropic(client: Any, sink: Any, *, user_id: Optional[str] = None, session_id: Optional[str] = None,
                   source: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None) -> Any:
    """Wraps client.messages.create (and messages.stream) in place and returns the same client. Idempotent."""
    options = options_of(user_id, session_id, source, metadata)

    def observe(result: Any, params: Dict[str, Any], started: float) -> None:
        if params.get("stream"):
            follow_stream(result, _Collector(sink, params, started, options))
        elif isinstance(get(result, "content"), (list, tuple)):
            _log(sink, params, options, get(result, "content"), result, get(result, "usage"), time.monotonic() - started,
                 {"stream": False, "id": get(result, "id"), "finishReason": get(result, "stop_reason")})

    messages = getattr(client, "messages", None)
    if not wrap_method(messages, "create", observe):
        raise TypeError("wrap_anthropic: expected an Anthropic client (client.messages.create)")
    _wrap_stream_helper(messages, sink, options)
    return client


def _wrap_stream_helper(messages: Any, sink: Any, options: Dict[str, Any]) -> None:
    """messages.stream() posts by itself (not through create) and hands the request to a context
    manager, which sends it on enter: follow the raw event stream that request returns."""
    original = getattr(messages, "stream", None)
    if not callable(original) or getattr(original, WRAPPED, False):
        return

    def stream(*args: Any, **params: Any) -> Any:
        manager = original(*args, **params)
        for attr in ("_MessageStreamManager__api_request", "_AsyncMessageStreamManager__api_request"):
            request = getattr(manager, attr, None)
            if request is None:
                continue
            if callable(request):  # sync: a function that sends the request and returns the raw stream
                def send(request: Any = request) -> Any:
                    started = time.monotonic()
                    raw = request()
                    follow_stream(raw, _Collector(sink, params, started, options))
                    return raw
                setattr(manager, attr, send)
            elif hasattr(request, "__await__"):  # async: the request coroutine, awaited on enter
                async def sent(request: Any = request) -> Any:
                    started = time.monotonic()
                    raw = await request
                    follow_stream(raw, _Collector(sink, params, started, options))
                    return raw
                setattr(manager, attr, sent())
        return manager

    setattr(stream, WRAPPED, True)
    messages.stream = stream


def _block(block: Any) -> Dict[str, Any]:
    kind = get(block, "type")
    if kind == "tool_use":
        return tool_use(block)
    return {"type": kind, "text": get(block, "text")} if kind == "text" else {"type": kind}


class _Collector(Follower):
    """Reassembles the streamed events into the answer's content blocks, as the plain answer has them."""

    def __init__(self, sink: Any, params: Dict[str, Any], started: float, options: Dict[str, Any]):
        self.sink, self.params, self.started, self.options = sink, params, started, options
        self.blocks: Dict[int, Dict[str, Any]] = {}
        self.json: Dict[int, str] = {}  # a tool_use block's input, as its deltas arrive
        self.message: Any = None
        self.usage: Optional[Dict[str, Any]] = None
        self.finish_reason = self.first_token = None
        self.logged = False

    def add(self, event: Any) -> None:
        kind = get(event, "type")
        index = get(event, "index") or 0
        if kind == "message_start":
            self.message = get(event, "message")
        elif kind == "content_block_start":
            self.blocks[index] = _block(get(event, "content_block"))
            if self.blocks[index]["type"] == "tool_use":
                self.json[index] = ""
        elif kind == "content_block_delta" and index in self.blocks:
            delta = get(event, "delta")
            if self.first_token is None:
                self.first_token = time.monotonic() - self.started
            if get(delta, "type") == "text_delta":
                self.blocks[index]["text"] = (self.blocks[index].get("text") or "") + (get(delta, "text") or "")
            elif get(delta, "type") == "input_json_delta":
                self.json[index] = self.json.get(index, "") + (get(delta, "partial_json") or "")
        elif kind == "content_block_stop":
            self._close(index)
        elif kind == "message_delta":
            # Its usage is cumulative and final; message_start's holds the input side.
            usage = dict(_usage_fields(get(self.message, "usage")))
            usage.update(_usage_fields(get(event, "usage")))
            self.usage = usage
            self.finish_reason = get(get(event, "delta"), "stop_reason") or self.finish_reason

    def _close(self, index: int) -> None:
        raw = self.json.pop(index, None)
        if raw is None or index not in self.blocks:
            return
        try:
            self.blocks[index]["input"] = json.loads(raw) if raw else {}
        except ValueError:
            self.blocks[index]["input"] = raw  # cut off mid-object: keep what came

    def finish(self, complete: bool) -> None:
        if self.logged:
            return
        self.logged = True
        for index in list(self.json):
            self._close(index)
        extra: Dict[str, Any] = {
            "stream": True,
            "id": get(self.message, "id"),
            "finishReason": self.finish_reason,
            "timeToFirstTokenMs": None if self.first_token is None else round(self.first_token * 1000),
        }
        if not complete:
            extra["incomplete"] = True
        blocks: List[Dict[str, Any]] = [self.blocks[i] for i in sorted(self.blocks)]
        _log(self.sink, self.params, self.options, blocks, self.message, self.usage, time.monotonic() - self.started, extra)


_USAGE = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


def _usage_fields(usage: Any) -> Dict[str, int]:
    return {k: get(usage, k) for k in _USAGE if get(usage, k) is not None}


def _tokens(usage: Any) -> Optional[Dict[str, Optional[int]]]:
    """Anthropic reports uncached input apart from cache writes and reads; the prompt is all three."""
    if not usage:
        return None
    cached = (get(usage, "cache_creation_input_tokens") or 0) + (get(usage, "cache_read_input_tokens") or 0)
    prompt = None if get(usage, "input_tokens") is None else get(usage, "input_tokens") + cached
    return {"prompt": prompt, "completion": get(usage, "output_tokens")}


def prompt_of(params: Dict[str, Any]) -> str:
    """The request as wrap_openai would show the same conversation: the system prompt as a "system"
    turn, and each tool result as a "tool" turn of its own (OpenAI's tool messages)."""
    turns: List[Dict[str, Any]] = []
    system = content_text(params.get("system"))
    if system:
        turns.append({"role": "system", "content": system})
    messages = params.get("messages")
    for message in messages if isinstance(messages, (list, tuple)) else []:
        content = get(message, "content")
        results = [b for b in content if get(b, "type") == "tool_result"] if isinstance(content, (list, tuple)) else []
        if not results:
            turns.append({"role": get(message, "role"), "content": content})
            continue
        turns.extend({"role": "tool", "content": content_text(get(b, "content"))} for b in results)
        rest = [b for b in content if get(b, "type") != "tool_result"]
        if rest:
            turns.append({"role": get(message, "role"), "content": rest})
    return prompt_text(turns)


def _log(sink: Any, params: Dict[str, Any], options: Dict[str, Any], content: Any, answer: Any, usage: Any,
         elapsed: float, extra: Dict[str, Any]) -> None:
    log_call(sink, options, provider="anthropic", prompt=prompt_of(params),
             # The pieces of one answer (text blocks split around citations) join without a separator.
             response=content_text(content or [], ""),
             model=get(answer, "model"), requested_model=params.get("model"), user=get(params.get("metadata"), "user_id"),
             tokens=_tokens(usage), elapsed=elapsed, extra=extra)
