"""A chat request's messages as the log's turns (``messages`` of POST /api/logs: roles, text and
media parts, tool calls and results), sent beside the flattened prompt the server scans.

The shape and bounds are the server's (schema/conversation.ts), copied because the SDK ships
without the monorepo; tests/test_conversation.py fails if the bounds ever differ. Turns past the
bounds are left out, never sent to be refused: the log is stored with its prompt alone.
"""

from typing import Any, Dict, List, Optional

MAX_MESSAGES = 500
MAX_PARTS_PER_MESSAGE = 100
MAX_TOOL_CALLS_PER_MESSAGE = 64
MAX_NAME_CHARS = 200
MAX_CHARS = 200_000

_ROLES = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant", "tool": "tool", "function": "tool"}
_TEXT_FIELDS = {"text": "text", "input_text": "text", "refusal": "refusal"}
_MEDIA_KINDS = {"image_url": "image", "input_audio": "audio", "file": "file"}


def _get(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _part(p: Any) -> Dict[str, Any]:
    if isinstance(p, str):
        return {"type": "text", "text": p}
    kind = _str(_get(p, "type"))
    field = _TEXT_FIELDS.get(kind)
    if field and isinstance(_get(p, field), str):
        return {"type": "text", "text": _get(p, field)}
    return {"type": "media", "kind": (_MEDIA_KINDS.get(kind) or kind or "unknown")[:MAX_NAME_CHARS]}


def _turn(m: Any) -> Optional[Dict[str, Any]]:
    if m is None or isinstance(m, (str, int, float, bool, list, tuple)):
        return None
    content_in = _get(m, "content")
    content: Any = content_in if isinstance(content_in, str) else [_part(p) for p in content_in] if isinstance(content_in, (list, tuple)) else None
    refusal = _get(m, "refusal")
    if isinstance(refusal, str) and refusal:
        before = [{"type": "text", "text": content}] if isinstance(content, str) else (content or [])
        content = before + [{"type": "text", "text": refusal}]
    turn: Dict[str, Any] = {"role": _ROLES.get(_str(_get(m, "role")), "user"), "content": content}
    name = _get(m, "name")
    if isinstance(name, str) and name:
        turn["name"] = name[:MAX_NAME_CHARS]
    calls = [(_str(_get(t, "id")), _get(t, "function")) for t in (_get(m, "tool_calls") or []) if t is not None]
    if _get(m, "function_call") is not None:
        calls.append(("", _get(m, "function_call")))
    if calls:
        turn["toolCalls"] = []
        for call_id, fn in calls:
            call: Dict[str, Any] = {"name": _str(_get(fn, "name"))[:MAX_NAME_CHARS] or "tool", "arguments": _str(_get(fn, "arguments"))}
            if call_id:
                call = {"id": call_id[:MAX_NAME_CHARS], **call}
            turn["toolCalls"].append(call)
    call_id = _get(m, "tool_call_id")
    if isinstance(call_id, str) and call_id:
        turn["toolCallId"] = call_id[:MAX_NAME_CHARS]
    return turn


def _chars(turns: List[Dict[str, Any]]) -> int:
    n = 0
    for t in turns:
        n += len(t.get("name", "")) + len(t.get("toolCallId", ""))
        content = t["content"]
        if isinstance(content, str):
            n += len(content)
        else:
            n += sum(len(p["text"] if p["type"] == "text" else p["kind"]) for p in content or [])
        n += sum(len(c.get("id", "")) + len(c["name"]) + len(c["arguments"]) for c in t.get("toolCalls", []))
    return n


def openai_turns(messages: Any) -> Optional[List[Dict[str, Any]]]:
    """OpenAI chat ``messages`` as turns, or None when there are none or they pass the server's bounds."""
    if not isinstance(messages, (list, tuple)):
        return None
    turns = [t for t in (_turn(m) for m in messages) if t is not None]
    fits = (
        0 < len(turns) <= MAX_MESSAGES
        and all(not isinstance(t["content"], list) or len(t["content"]) <= MAX_PARTS_PER_MESSAGE for t in turns)
        and all(len(t.get("toolCalls", [])) <= MAX_TOOL_CALLS_PER_MESSAGE for t in turns)
        and _chars(turns) <= MAX_CHARS
    )
    return turns if fits else None
