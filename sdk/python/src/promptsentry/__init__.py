"""PromptSentry SDK: batched, retried, idempotent prompt logging. Standard library only.

    from promptsentry import PromptSentry
    sentry = PromptSentry(api_key="pk_live_...", base_url="https://promptsentry.example.com")
    sentry.log("What is the capital of France?", "Paris.", "gpt-4", token_count=42)
"""

from ._backoff import backoff_seconds, is_retryable_status, retry_after_seconds
from ._limits import SERVER_BATCH_MAX_LOGS, SERVER_MAX_BATCH_BODY_BYTES
from .client import PromptSentry, PromptSentryError
from .anthropic_wrapper import wrap_anthropic
from .openai_wrapper import wrap_openai

__all__ = [
    "PromptSentry",
    "PromptSentryError",
    "wrap_openai",
    "wrap_anthropic",
    "retry_after_seconds",
    "backoff_seconds",
    "is_retryable_status",
    "SERVER_BATCH_MAX_LOGS",
    "SERVER_MAX_BATCH_BODY_BYTES",
]
__version__ = "0.1.0"
