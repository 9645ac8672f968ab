"""The PromptSentry client: log() queues, a background thread posts batches to /api/logs/batch (at
most max_batch_size logs or max_batch_bytes, or whatever waited flush_interval), retrying 429/5xx/
network failures with backoff and Retry-After under one Idempotency-Key per batch, so a retry of a
batch the server already stored is answered from its record instead of storing the logs twice."""

import atexit
import collections
import http.client
import json
import logging
import threading
import time
import urllib.error
import urllib.request
import uuid
from typing import Any, Callable, Deque, Dict, List, Optional, Tuple

from . import _limits as L
from ._base_url import check_base_url
from ._backoff import backoff_seconds, is_retryable_status, retry_after_seconds

logger = logging.getLogger("promptsentry")


class _RefuseRedirects(urllib.request.HTTPRedirectHandler):
    """urlopen follows a 301/302/303 to any host as a GET with Authorization kept, and that host's 2xx
    would count the batch as sent. Refusing here makes every 3xx itself the answer (an HTTPError)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None

# Python keyword -> API field (schema/requests/logs.ts logBody). The API's own camelCase names are
# accepted too, so code written from the REST documentation works unchanged.
_FIELDS = {
    "source": "source",
    "user_id": "userId",
    "session_id": "sessionId",
    "token_count": "tokenCount",
    "estimated_cost": "estimatedCost",
    "latency_ms": "latencyMs",
    "metadata": "metadata",
    # the conversation the prompt flattens, as turns (promptsentry._conversation)
    "messages": "messages",
}
_FIELDS.update({api: api for api in list(_FIELDS.values())})


class PromptSentryError(Exception):
    """One loss of logs, passed to on_error.

    kind: "rejected" (a 4xx other than 429: not retried), "gave_up" (429/5xx/network errors outlasted
    max_retries), "dropped" (queue full while the API was down: the oldest logs made room) or
    "invalid" (the entry can never be accepted). logs: how many logs it lost. status/body: the last
    answer, if there was one (body is the API's error envelope when it sent JSON).
    """

    def __init__(self, message: str, kind: str, logs: int, status: Optional[int] = None, body: Any = None):
        super().__init__(message)
        self.kind = kind
        self.logs = logs
        self.status = status
        self.body = body


class _Queued:
    __slots__ = ("data", "at")

    def __init__(self, data: bytes, at: float):
        self.data = data
        self.at = at


class PromptSentry:
    """Batched, retried, idempotent logging to PromptSentry. Thread-safe; log() never blocks on I/O."""

    def __init__(
        self,
        api_key: str,
        base_url: str,
        *,
        max_batch_size: int = L.DEFAULT_MAX_BATCH_SIZE,
        flush_interval: float = L.DEFAULT_FLUSH_INTERVAL,
        max_batch_bytes: int = L.SERVER_MAX_BATCH_BODY_BYTES,
        max_queue_size: int = L.DEFAULT_MAX_QUEUE_SIZE,
        max_retries: int = L.DEFAULT_MAX_RETRIES,
        initial_backoff: float = L.DEFAULT_INITIAL_BACKOFF,
        max_backoff: float = L.DEFAULT_MAX_BACKOFF,
        timeout: float = L.DEFAULT_TIMEOUT,
        source: str = L.DEFAULT_SOURCE,
        on_error: Optional[Callable[[PromptSentryError], None]] = None,
        flush_at_exit: bool = True,
    ):
        if not api_key:
            raise ValueError("PromptSentry: api_key is required")
        if not base_url:
            raise ValueError("PromptSentry: base_url is required")
        check_base_url(base_url)
        self._opener = urllib.request.build_opener(_RefuseRedirects)
        self._api_key = api_key
        self._endpoint = base_url.rstrip("/") + "/api/logs/batch"
        self._max_batch_size = max(1, min(max_batch_size, L.SERVER_BATCH_MAX_LOGS))
        self._flush_interval = flush_interval
        self._max_batch_bytes = min(max_batch_bytes, L.SERVER_MAX_BATCH_BODY_BYTES)
        self._max_queue_size = max(1, max_queue_size)
        self._max_retries = max(0, max_retries)
        self._initial_backoff = initial_backoff
        self._max_backoff = max_backoff
        self._timeout = timeout
        self._source = source
        self._on_error = on_error or (lambda e: logger.warning("%s", e))

        self._cond = threading.Condition()
        self._queue: Deque[_Queued] = collections.deque()
        self._queued_bytes = 0
        self._in_flight = 0
        self._flushing = 0
        self._closed = False
        self._unreported_drops = 0
        self._counters = {"sent": 0, "dropped": 0, "failed": 0, "retries": 0}
        self._thread = threading.Thread(target=self._run, name="promptsentry-sender", daemon=True)
        self._thread.start()
        # A script that logs and ends still delivers: the thread is a daemon, so flush at exit.
        self._atexit = flush_at_exit
        if flush_at_exit:
            atexit.register(self.shutdown)

    # ── Public API ────────────────────────────────────────────────────────────
    def log(
        self,
        prompt: str,
        response: Optional[str] = None,
        model: Optional[str] = None,
        **fields: Any,
    ) -> None:
        """Queues one log. Never raises for bad input or a down API: problems go to on_error.

        Keyword fields: source, user_id, session_id, token_count, estimated_cost (cents), latency_ms,
        metadata (a dict); or the API's names (userId, tokenCount, estimatedCost, ...).
        """
        if self._closed:
            return self._report("invalid", 1, "the client is shut down; the log was not queued")
        if not isinstance(prompt, str) or prompt == "":
            return self._report("invalid", 1, "prompt is required")
        if not isinstance(model, str) or model.strip() == "":
            return self._report("invalid", 1, "model is required")
        unknown = [k for k in fields if k not in _FIELDS]
        if unknown:
            return self._report("invalid", 1, "unknown field(s): " + ", ".join(sorted(unknown)))
        entry: Dict[str, Any] = {"prompt": prompt, "response": response, "model": model, "source": self._source}
        for key, value in fields.items():
            if value is not None:
                entry[_FIELDS[key]] = value
        try:
            data = json.dumps(entry, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
        except (TypeError, ValueError) as e:
            return self._report("invalid", 1, "the log is not serializable as JSON (%s)" % e)
        if len(data) + L.BATCH_ENVELOPE_BYTES > self._max_batch_bytes:
            return self._report(
                "invalid", 1, "the log is %d bytes, more than a whole batch may carry (%d)" % (len(data), self._max_batch_bytes)
            )
        with self._cond:
            # Bounded memory when the API is down for long: the oldest logs make room, counted and reported.
            while len(self._queue) >= self._max_queue_size:
                self._queued_bytes -= len(self._queue.popleft().data)
                self._counters["dropped"] += 1
                self._unreported_drops += 1
            self._queue.append(_Queued(data, time.monotonic()))
            self._queued_bytes += len(data)
            self._cond.notify_all()

    def flush(self, timeout: Optional[float] = None) -> bool:
        """Sends everything queued and waits until each batch is settled. False if `timeout` ran out."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            self._flushing += 1
            self._cond.notify_all()
            try:
                while self._queue or self._in_flight:
                    if not self._thread.is_alive():
                        return False
                    remaining = None if deadline is None else deadline - time.monotonic()
                    if remaining is not None and remaining <= 0:
                        return False
                    self._cond.wait(remaining)
                return True
            finally:
                self._flushing -= 1

    def shutdown(self, timeout: Optional[float] = None) -> bool:
        """Flushes, then stops the sender thread; later log() calls are refused. Safe to call twice."""
        with self._cond:
            self._closed = True
        delivered = self.flush(timeout)
        with self._cond:
            self._cond.notify_all()
        self._thread.join(timeout if timeout is not None else 5.0)
        if self._atexit:
            self._atexit = False
            atexit.unregister(self.shutdown)
        return delivered

    @property
    def stats(self) -> Dict[str, int]:
        """sent, dropped (queue full), failed (rejected, gave up, invalid), retries, pending."""
        with self._cond:
            return dict(self._counters, pending=len(self._queue) + self._in_flight)

    def wrap_openai(self, client: Any, **options: Any) -> Any:
        """Logs every chat.completions.create of an OpenAI client; returns the same client."""
        from .openai_wrapper import wrap_openai

        return wrap_openai(client, self, **options)

    def wrap_anthropic(self, client: Any, **options: Any) -> Any:
        """Logs every messages.create and messages.stream of an Anthropic client; returns the same client."""
        from .anthropic_wrapper import wrap_anthropic

        return wrap_anthropic(client, self, **options)

    # ── Sender thread ─────────────────────────────────────────────────────────
    def _due(self) -> bool:
        if not self._queue:
            return False
        return (
            self._flushing > 0
            or self._closed
            or len(self._queue) >= self._max_batch_size
            or self._queued_bytes + len(self._queue) + L.BATCH_ENVELOPE_BYTES > self._max_batch_bytes
            or time.monotonic() - self._queue[0].at >= self._flush_interval
        )

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._due():
                    if self._closed and not self._queue:
                        return
                    wait = None
                    if self._queue:
                        wait = max(0.0, self._queue[0].at + self._flush_interval - time.monotonic())
                    self._cond.wait(wait)
                batch = self._take()
                self._in_flight = len(batch)
            try:
                self._send(batch)
            except Exception as e:  # never let the sender thread die
                self._report("gave_up", len(batch), "unexpected error while sending: %r" % e)
            with self._cond:
                self._in_flight = 0
                self._report_drops()
                self._cond.notify_all()

    def _take(self) -> List[_Queued]:
        batch: List[_Queued] = []
        size = L.BATCH_ENVELOPE_BYTES
        while self._queue and len(batch) < self._max_batch_size:
            add = len(self._queue[0].data) + (1 if batch else 0)
            if batch and size + add > self._max_batch_bytes:
                break
            item = self._queue.popleft()
            self._queued_bytes -= len(item.data)
            batch.append(item)
            size += add
        return batch

    def _send(self, batch: List[_Queued]) -> None:
        body = b'{"logs":[' + b",".join(q.data for q in batch) + b"]}"
        # One key for every attempt of this batch: the server stores it once and replays its answer.
        key = str(uuid.uuid4())
        retry = 0
        while True:
            status, detail, wait, location = self._post(body, key)
            if status is not None and 300 <= status < 400:
                # Final, like a 4xx: the address is wrong (often http:// answered with a move to
                # https://), and the same request would be answered the same way again.
                return self._report(
                    "rejected",
                    len(batch),
                    "the API answered a batch of %d with a redirect (%d)%s, which is not followed so the key and the logs go "
                    "nowhere else: set base_url to the server's final address" % (len(batch), status, " to " + location if location else ""),
                    status,
                    {"location": location} if location else detail,
                )
            if status is not None and 200 <= status < 300:
                with self._cond:
                    self._counters["sent"] += len(batch)
                return
            if status is not None and not is_retryable_status(status):
                return self._report(
                    "rejected", len(batch), "the API refused a batch of %d with %d: %s" % (len(batch), status, _describe(detail)), status, detail
                )
            if retry >= self._max_retries:
                why = "%d: %s" % (status, _describe(detail)) if status else _describe(detail)
                return self._report(
                    "gave_up", len(batch), "a batch of %d failed after %d attempts (%s)" % (len(batch), retry + 1, why), status, detail
                )
            with self._cond:
                self._counters["retries"] += 1
            delay = min(wait, L.MAX_RETRY_AFTER) if wait is not None else backoff_seconds(retry, self._initial_backoff, self._max_backoff)
            time.sleep(delay)
            retry += 1

    def _post(self, body: bytes, key: str) -> Tuple[Optional[int], Any, Optional[float], Optional[str]]:
        """(status, detail, retry_after, location). status None means no answer (network error or timeout)."""
        request = urllib.request.Request(
            self._endpoint,
            data=body,
            method="POST",
            headers={
                "Authorization": "Bearer " + self._api_key,
                "Content-Type": "application/json",
                "Idempotency-Key": key,
                "User-Agent": "promptsentry-python/0.1.0",
            },
        )
        try:
            with self._opener.open(request, timeout=self._timeout) as res:
                res.read()
                return res.status, None, None, None
        except urllib.error.HTTPError as e:
            raw = e.read() if e.fp else b""
            try:
                detail: Any = json.loads(raw.decode("utf-8"))
            except ValueError:
                detail = raw.decode("utf-8", "replace")
            headers = e.headers
            return e.code, detail, retry_after_seconds(headers.get("Retry-After") if headers else None), headers.get("Location") if headers else None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as e:
            reason = getattr(e, "reason", e)
            return None, "no answer: %s" % (reason,), None, None

    # ── Reporting ─────────────────────────────────────────────────────────────
    def _report_drops(self) -> None:
        if not self._unreported_drops:
            return
        n = self._unreported_drops
        self._unreported_drops = 0
        self._report("dropped", n, "the queue was full (%d): dropped the %d oldest log(s)" % (self._max_queue_size, n), count_failed=False)

    def _report(self, kind: str, logs: int, message: str, status: Optional[int] = None, body: Any = None, count_failed: bool = True) -> None:
        if count_failed:
            with self._cond:
                self._counters["failed"] += logs
        try:
            self._on_error(PromptSentryError(message, kind, logs, status, body))
        except Exception:
            pass  # a raising callback must not break delivery of the next batch


def _describe(detail: Any) -> str:
    if isinstance(detail, dict):
        err = detail.get("error")
        if isinstance(err, dict) and isinstance(err.get("message"), str):
            return err["message"]
        return json.dumps(detail)[:200]
    return str(detail)[:200]
