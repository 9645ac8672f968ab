"""When to try a failed batch again: the server's Retry-After when it gave one (seconds or an HTTP
date), else exponential backoff with full jitter so many clients do not retry in step."""

import random as _random
import re
import time
from email.utils import parsedate_to_datetime
from typing import Callable, Optional

_SECONDS = re.compile(r"^\d+(\.\d+)?$")


def retry_after_seconds(header: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds a Retry-After header asks for, or None when absent or unreadable."""
    if not header:
        return None
    value = header.strip()
    if _SECONDS.match(value):
        return float(value)
    try:
        at = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if at is None:
        return None
    return max(0.0, at.timestamp() - (time.time() if now is None else now))


def backoff_seconds(retry: int, base: float, cap: float, random: Callable[[], float] = _random.random) -> float:
    """Delay before retry number `retry` (0-based): uniform in [ceiling/4, ceiling], ceiling = min(cap, base*2^retry)."""
    ceiling = min(cap, base * (2 ** retry))
    return ceiling / 4 + random() * (ceiling * 3 / 4)


def is_retryable_status(status: int) -> bool:
    """Rate limited and server-side failures; any other 4xx would fail again."""
    return status == 429 or status >= 500
