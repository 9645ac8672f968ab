"""wrap_openai: every chat.completions.create of an OpenAI client (the official `openai` package,
sync or async, or anything shaped like it) is logged, plain and streamed, while the caller gets
exactly what the client returned: the same completion object, and the same stream object, whose
chunks are observed as the caller reads them (its private iterator is wrapped, not replaced)."""

import functools
import inspect
import json
import time
from typing import Any, Dict, List, Optional

from ._conversation import openai_turns

_WRAPPED = "__promptsentry_wrapped__"


def wrap_openai(client: Any, sink: Any, *, user_id: Optional[str] = None, session_id: Optional[str] = None,
                source: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None) -> Any:
    """Wraps client.chat.completions.create in place and returns the same client. Idempotent."""
    completions = getattr(getattr(client, "chat", None), "completions", None)
    original = getattr(completions, "create", None)
    if not callable(original):
        raise TypeError("wrap_openai: expected an OpenAI client (client.chat.completions.create)")
    if getattr(original, _WRAPPED, False):
        return client
    options = {"user_id": user_id, "session_id": session_id, "source": source, "metadata": metadata or {}}

    def observe(result: Any, params: Dict[str, Any], started: float) -> Any:
        try:
            if params.get("stream"):
                _observe_stream(result, params, started, sink, options)
            elif _get(result, "choices") is not None:
                _log(sink, params, options, _completion_log(result, time.monotonic() - started))
        except Exception:
            pass  # logging must never change what the caller sees
        return result

    @functools.wraps(original)
    def create(*args: Any, **params: Any) -> Any:
        started = time.monotonic()
        result = original(*args, **params)
        if inspect.isawaitable(result):
            # AsyncOpenAI: its create is a plain function returning a coroutine, so decide on the result.
            async def observed() -> Any:
                return observe(await result, params, started)

            return observed()
        return observe(result, params, started)

    setattr(create, _WRAPPED, True)
    completions.create = create
    return client


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _completion_log(completion: Any, elapsed: float) -> Dict[str, Any]:
    choices = _get(completion, "choices") or []
    choice = choices[0] if choices else None
    message = _get(choice, "message")
    content = _get(message, "content")
    if content is None and _get(message, "tool_calls"):
        content = json.dumps([_plain(t) for t in _get(message, "tool_calls")])
    return {
        "response": content or "",
        "model": _get(completion, "model"),
        "usage": _get(completion, "usage"),
        "elapsed": elapsed,
        "extra": {"stream": False, "id": _get(completion, "id"), "finishReason": _get(choice, "finish_reason")},
    }


def _plain(obj: Any) -> Any:
    dump = getattr(obj, "model_dump", None)
    return dump() if callable(dump) else obj


class _Collector:
    """Assembles a stream's first choice as chunks pass, and logs once when it ends or is abandoned."""

    def __init__(self, sink: Any, params: Dict[str, Any], started: float, options: Dict[str, Any]):
        self.sink, self.params, self.started, self.options = sink, params, started, options
        self.parts: List[str] = []
        self.model = self.id = self.usage = self.finish_reason = self.first_token = None
        self.logged = False

    def add(self, chunk: Any) -> None:
        self.model = self.model or _get(chunk, "model")
        self.id = self.id or _get(chunk, "id")
        if _get(chunk, "usage"):
            self.usage = _get(chunk, "usage")
        for choice in _get(chunk, "choices") or []:
            if (_get(choice, "index") or 0) != 0:
                continue
            text = _get(_get(choice, "delta"), "content")
            if text:
                if self.first_token is None:
                    self.first_token = time.monotonic() - self.started
                self.parts.append(text)
            if _get(choice, "finish_reason"):
                self.finish_reason = _get(choice, "finish_reason")

    def finish(self, complete: bool) -> None:
        if self.logged:
            return
        self.logged = True
        extra: Dict[str, Any] = {
            "stream": True,
            "id": self.id,
            "finishReason": self.finish_reason,
            "timeToFirstTokenMs": None if self.first_token is None else round(self.first_token * 1000),
        }
        if not complete:
            extra["incomplete"] = True
        _log(self.sink, self.params, self.options, {
            "response": "".join(self.parts), "model": self.model, "usage": self.usage,
            "elapsed": time.monotonic() - self.started, "extra": extra,
        })


def _observe_stream(stream: Any, params: Dict[str, Any], started: float, sink: Any, options: Dict[str, Any]) -> None:
    inner = getattr(stream, "_iterator", None)
    if inner is None:
        return  # not a stream we know how to observe: leave it untouched
    collector = _Collector(sink, params, started, options)
    if hasattr(inner, "__anext__"):
        async def observed_async():
            complete = False
            try:
                async for chunk in inner:
                    collector.add(chunk)
                    yield chunk
                complete = True
            finally:
                collector.finish(complete)
        stream._iterator = observed_async()
    else:
        def observed():
            complete = False
            try:
                for chunk in inner:
                    collector.add(chunk)
                    yield chunk
                complete = True
            finally:
                collector.finish(complete)
        stream._iterator = observed()


def _prompt_text(messages: Any) -> str:
    if not isinstance(messages, (list, tuple)):
        return ""
    texts = [(_get(m, "role") or "user", _content_text(_get(m, "content"))) for m in messages]
    if len(texts) == 1:
        return texts[0][1]
    return "\n".join("%s: %s" % (role, text) for role, text in texts)


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, (list, tuple)):
        return "\n".join(_get(p, "text") or "" for p in content if isinstance(p, str) or _get(p, "type") == "text").strip()
    return ""


def _log(sink: Any, params: Dict[str, Any], options: Dict[str, Any], result: Dict[str, Any]) -> None:
    usage = result["usage"]
    tokens = None
    metadata: Dict[str, Any] = {"provider": "openai"}
    metadata.update(options["metadata"])
    metadata.update({k: v for k, v in result["extra"].items() if v is not None or k == "finishReason"})
    if usage:
        prompt_tokens = _get(usage, "prompt_tokens")
        completion_tokens = _get(usage, "completion_tokens")
        tokens = _get(usage, "total_tokens") or (prompt_tokens or 0) + (completion_tokens or 0)
        metadata.update({"promptTokens": prompt_tokens, "completionTokens": completion_tokens})
    fields: Dict[str, Any] = {
        "token_count": tokens,
        "latency_ms": max(0, round(result["elapsed"] * 1000)),
        "user_id": options["user_id"] or params.get("user"),
        "session_id": options["session_id"],
        "metadata": metadata,
    }
    if options["source"]:
        fields["source"] = options["source"]
    fields["messages"] = openai_turns(params.get("messages"))
    sink.log(_prompt_text(params.get("messages")) or "(empty prompt)", result["response"],
             result["model"] or params.get("model") or "unknown", **fields)
