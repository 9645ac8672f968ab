"""wrap_openai: every chat.completions.create of an OpenAI client (the official `openai` package,
sync or async, or anything shaped like it) is logged, plain and streamed, while the caller gets
exactly what the client returned: the same completion object, and the same stream object, whose
chunks are observed as the caller reads them (its private iterator is wrapped, not replaced)."""

import json
import time
from typing import Any, Dict, List, Optional

from ._conversation import openai_turns
from ._wrapping import Follower, follow_stream, log_call, options_of, wrap_method
from ._wrapping import get as _get
from ._wrapping import plain as _plain
from ._wrapping import prompt_text as _prompt_text


def wrap_openai(client: Any, sink: Any, *, user_id: Optional[str] = None, session_id: Optional[str] = None,
                source: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None) -> Any:
    """Wraps client.chat.completions.create in place and returns the same client. Idempotent."""
    options = options_of(user_id, session_id, source, metadata)

    def observe(result: Any, params: Dict[str, Any], started: float) -> None:
        if params.get("stream"):
            follow_stream(result, _Collector(sink, params, started, options))
        elif _get(result, "choices") is not None:
            _log(sink, params, options, _completion_log(result, time.monotonic() - started))

    completions = getattr(getattr(client, "chat", None), "completions", None)
    if not wrap_method(completions, "create", observe):
        raise TypeError("wrap_openai: expected an OpenAI client (client.chat.completions.create)")
    return client


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


class _Collector(Follower):
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


def _log(sink: Any, params: Dict[str, Any], options: Dict[str, Any], result: Dict[str, Any]) -> None:
    usage = result["usage"]
    tokens = usage and {"prompt": _get(usage, "prompt_tokens"), "completion": _get(usage, "completion_tokens"),
                        "total": _get(usage, "total_tokens")}
    log_call(sink, options, provider="openai", prompt=_prompt_text(params.get("messages")), response=result["response"],
             model=result["model"], requested_model=params.get("model"), user=params.get("user"), tokens=tokens,
             elapsed=result["elapsed"], extra=result["extra"], messages=openai_turns(params.get("messages")))
