"""What the provider wrappers (wrap_openai, wrap_anthropic) share: replacing a client's create
method in place so the caller still gets exactly what the client returned (sync or async), following
a stream as the caller reads it (its private iterator is wrapped, not replaced), and turning one call
into one log. Each wrapper only knows its provider's answer and chunk shapes."""

import functools
import inspect
import json
import time
from typing import Any, Callable, Dict, List, Optional

WRAPPED = "__promptsentry_wrapped__"


def get(obj: Any, name: str, default: Any = None) -> Any:
    """A field of a dict or of an SDK object alike."""
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def options_of(user_id: Optional[str], session_id: Optional[str], source: Optional[str],
               metadata: Optional[Dict[str, Any]]) -> Dict[str, Any]:
    return {"user_id": user_id, "session_id": session_id, "source": source, "metadata": metadata or {}}


def _observe_quietly(observe: Callable[[Any, Dict[str, Any], float], None], result: Any,
                     params: Dict[str, Any], started: float) -> Any:
    try:
        observe(result, params, started)
    except Exception:
        pass  # logging must never change what the caller sees
    return result


def wrap_method(owner: Any, name: str, observe: Callable[[Any, Dict[str, Any], float], None]) -> bool:
    """Replaces owner.<name> with a function that calls it and hands its result (an answer or a
    stream) to observe. False when there is no such method; wrapping twice is a no-op."""
    original = getattr(owner, name, None)
    if not callable(original):
        return False
    if getattr(original, WRAPPED, False):
        return True

    @functools.wraps(original)
    def wrapped(*args: Any, **params: Any) -> Any:
        started = time.monotonic()
        result = original(*args, **params)
        if inspect.isawaitable(result):
            # Async clients: create is a plain function returning a coroutine, so decide on the result.
            async def observed() -> Any:
                return _observe_quietly(observe, await result, params, started)

            return observed()
        return _observe_quietly(observe, result, params, started)

    setattr(wrapped, WRAPPED, True)
    setattr(owner, name, wrapped)
    return True


class Follower:
    """Follows one stream: add() per chunk the caller receives, finish() once at its end."""

    def add(self, chunk: Any) -> None:
        raise NotImplementedError

    def finish(self, complete: bool) -> None:
        raise NotImplementedError


def follow_stream(stream: Any, follower: Follower) -> None:
    """Wraps the stream's `_iterator` (the official clients' Stream and AsyncStream read through it)
    so the caller keeps the same stream object. A stream without one is left untouched. The end is
    logged once: complete, or incomplete when the caller stops reading (close, break: GeneratorExit);
    a stream the provider breaks with an error is not logged, as a failed call is not."""
    inner = getattr(stream, "_iterator", None)
    if inner is None:
        return

    def add(chunk: Any) -> None:
        try:
            follower.add(chunk)
        except Exception:
            pass  # a chunk we cannot read is still the caller's chunk

    def finish(complete: bool) -> None:
        try:
            follower.finish(complete)
        except Exception:
            pass

    if hasattr(inner, "__anext__"):
        async def observed_async():
            complete = False
            try:
                async for chunk in inner:
                    add(chunk)
                    yield chunk
                complete = True
            except Exception:
                complete = None  # the provider failed mid-stream: its error is the caller's, not a log
                raise
            finally:
                if complete is not None:
                    finish(complete)
        stream._iterator = observed_async()
    else:
        def observed():
            complete = False
            try:
                for chunk in inner:
                    add(chunk)
                    yield chunk
                complete = True
            except Exception:
                complete = None
                raise
            finally:
                if complete is not None:
                    finish(complete)
        stream._iterator = observed()


def log_call(sink: Any, options: Dict[str, Any], *, provider: str, prompt: str, response: str,
             model: Optional[str], requested_model: Optional[str], user: Optional[str],
             tokens: Optional[Dict[str, Optional[int]]], elapsed: float, extra: Dict[str, Any],
             messages: Optional[List[Any]] = None) -> None:
    """One observed call, provider-neutral, as one log. tokens: prompt, completion, total (any may be None);
    messages: the request as structured turns, when they fit the server's conversation bounds."""
    metadata: Dict[str, Any] = {"provider": provider}
    metadata.update(options["metadata"])
    metadata.update({k: v for k, v in extra.items() if v is not None or k == "finishReason"})
    total = None
    if tokens:
        total = tokens.get("total") or (tokens.get("prompt") or 0) + (tokens.get("completion") or 0)
        metadata.update({"promptTokens": tokens.get("prompt"), "completionTokens": tokens.get("completion")})
    fields: Dict[str, Any] = {
        "token_count": total,
        "latency_ms": max(0, round(elapsed * 1000)),
        "user_id": options["user_id"] or user,
        "session_id": options["session_id"],
        "metadata": metadata,
    }
    if options["source"]:
        fields["source"] = options["source"]
    if messages is not None:
        fields["messages"] = messages
    sink.log(prompt or "(empty prompt)", response, model or requested_model or "unknown", **fields)


def plain(obj: Any) -> Any:
    """An SDK object as JSON-ready data."""
    dump = getattr(obj, "model_dump", None)
    return dump() if callable(dump) else obj


def prompt_text(messages: Any) -> str:
    """The conversation as text: one message as is, several as "role: text" lines. Tool calls
    (OpenAI's tool_calls, Anthropic's tool_use blocks) follow as JSON, and a tool result reads as its
    text, so the detector sees what a tool fed the model."""
    if not isinstance(messages, (list, tuple)):
        return ""
    texts = []
    for m in messages:
        calls = get(m, "tool_calls")
        text = content_text(get(m, "content"))
        if isinstance(calls, (list, tuple)) and calls:
            text = _with_calls(text, [plain(c) for c in calls])
        texts.append((get(m, "role") or "user", text))
    if len(texts) == 1:
        return texts[0][1]
    return "\n".join("%s: %s" % (role, text) for role, text in texts)


def content_text(content: Any, separator: str = "\n") -> str:
    """A message's content as text: a string as is; of a list of parts, the text parts joined by
    separator ("" for the pieces of one answer), tool results by their text and tool_use blocks as
    JSON after them. Images, documents and thinking are left out."""
    if isinstance(content, str):
        return content
    if not isinstance(content, (list, tuple)):
        return ""
    texts: List[str] = []
    calls: List[Any] = []
    for part in content:
        kind = None if isinstance(part, str) else get(part, "type")
        if isinstance(part, str):
            texts.append(part)
        elif kind == "text" and isinstance(get(part, "text"), str):
            texts.append(get(part, "text"))
        elif kind == "tool_use":
            calls.append(tool_use(part))
        elif kind == "tool_result":
            texts.append(content_text(get(part, "content"), separator))
    return _with_calls(separator.join(t for t in texts if t), calls)


def tool_use(block: Any) -> Dict[str, Any]:
    """A tool_use block as the wrappers show it, whatever extra fields the SDK's object carries."""
    return {"type": "tool_use", "id": get(block, "id"), "name": get(block, "name"), "input": plain(get(block, "input"))}


def _with_calls(text: str, calls: List[Any]) -> str:
    if not calls:
        return text
    data = json.dumps(calls, separators=(",", ":"), ensure_ascii=False, default=str)
    return "%s\n%s" % (text, data) if text else data
