"""The server's batch limits (schema/constants/ingestion.ts BATCH_MAX_LOGS, MAX_BATCH_BODY_BYTES).

Copied because the SDK ships without the monorepo; tests/test_limits.py fails if they ever differ.
"""

SERVER_BATCH_MAX_LOGS = 500
SERVER_MAX_BATCH_BODY_BYTES = 10 * 1024 * 1024

DEFAULT_MAX_BATCH_SIZE = 100
DEFAULT_FLUSH_INTERVAL = 1.0  # seconds
DEFAULT_MAX_QUEUE_SIZE = 10_000
DEFAULT_MAX_RETRIES = 6
DEFAULT_INITIAL_BACKOFF = 0.5  # seconds
DEFAULT_MAX_BACKOFF = 30.0  # seconds
DEFAULT_TIMEOUT = 10.0  # seconds
DEFAULT_SOURCE = "python-sdk"
# Longest Retry-After obeyed (seconds).
MAX_RETRY_AFTER = 600.0

# b'{"logs":[' + b']}'
BATCH_ENVELOPE_BYTES = len(b'{"logs":[]}')
