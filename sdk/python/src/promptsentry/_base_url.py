"""The server address the SDK sends the API key and the prompts to. Plain http is refused by nothing
(local stacks use it) but outside loopback it puts both on the wire in clear text, so the client says
so once per origin and process: a client made per request must not flood the log."""

import logging
import re
import threading
import urllib.parse
from typing import Set

logger = logging.getLogger("promptsentry")

_LOOPBACK_V4 = re.compile(r"^127(\.\d{1,3}){3}$")
_warned: Set[str] = set()
_lock = threading.Lock()


def is_loopback_host(hostname: str) -> bool:
    """Hosts that never leave the machine, where plain http exposes nothing on a network."""
    host = hostname.lower().strip("[]")
    return host in ("localhost", "::1") or bool(_LOOPBACK_V4.match(host))


def check_base_url(base_url: str) -> None:
    """ValueError for anything but an http(s) URL; a warning (once per origin) on plain http off loopback."""
    parts = urllib.parse.urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("PromptSentry: base_url must be an http(s) URL, not %r" % base_url)
    if parts.scheme == "https" or is_loopback_host(parts.hostname):
        return
    origin = "%s://%s" % (parts.scheme, parts.netloc.lower())
    with _lock:
        if origin in _warned:
            return
        _warned.add(origin)
    logger.warning(
        "base_url %s is not https: the API key and every prompt cross the network in clear text. Use https outside localhost.",
        origin,
    )
