"""Helpers shared by the embedding and chat clients: the client itself, reading openai exceptions and
backoff delays."""

from __future__ import annotations

import email.utils
import random
import time

import openai

BACKOFF_BASE_S = 0.5
BACKOFF_CAP_S = 20.0


def async_client(*, base_url: str, api_key: str, timeout_s: float) -> openai.AsyncOpenAI:
    """An OpenAI-compatible client on the SDK's aiohttp transport: a streamed chunk costs about half
    the CPU it costs on the default httpx one (anyio's per-read timeouts and reader re-registration),
    which under concurrent chats is the queue every first token waits in. Retries are the caller's."""
    return openai.AsyncOpenAI(base_url=base_url, api_key=api_key or "unused", max_retries=0, timeout=timeout_s,
                              http_client=openai.DefaultAioHttpClient(timeout=timeout_s))


def is_transient_status(status: int) -> bool:
    """429, 408, 409 and 5xx are worth retrying; every other 4xx will fail the same way again."""
    return status in (408, 409, 429) or status >= 500


def server_message(err: openai.APIStatusError) -> str:
    """The server's own error message (OpenAI puts it in {"error": {"message": ...}})."""
    body = err.body
    if isinstance(body, dict):
        msg = body.get("message") or body.get("detail") or body.get("error")
        if isinstance(msg, str) and msg:
            return msg
    if isinstance(body, str) and body:
        return body[:500]
    return err.message


def retry_after_s(err: openai.APIStatusError) -> float | None:
    """Seconds from a Retry-After (or retry-after-ms) header, None when absent or unreadable."""
    try:
        headers = err.response.headers
    except AttributeError:
        return None
    raw_ms = headers.get("retry-after-ms")
    if raw_ms:
        try:
            return max(0.0, float(raw_ms) / 1000)
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        try:
            parsed = email.utils.parsedate_to_datetime(raw)
        except (TypeError, ValueError):
            return None
        return max(0.0, parsed.timestamp() - time.time())


def backoff_s(attempt: int, retry_after: float | None = None) -> float:
    """Delay before retry number `attempt` (0-based): Retry-After when given, else exponential with
    full jitter over [base * 2**attempt / 2, base * 2**attempt], both capped."""
    if retry_after is not None:
        return min(BACKOFF_CAP_S, retry_after)
    ceiling = min(BACKOFF_CAP_S, BACKOFF_BASE_S * (2**attempt))
    return random.uniform(ceiling / 2, ceiling)


class ModelCallError(Exception):
    """A model call failed. `permanent` is True when retrying cannot help; `status` is the HTTP
    status when the server answered."""

    def __init__(self, message: str, *, permanent: bool, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.permanent = permanent
        self.status = status

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, permanent={self.permanent}, status={self.status})"
