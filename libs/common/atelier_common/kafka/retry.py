"""Retry with full-jitter exponential backoff. An error marked permanent is not retried."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

log = logging.getLogger("atelier.kafka.retry")

T = TypeVar("T")


class PermanentError(Exception):
    """A failure that another attempt cannot fix (unknown event type, undecodable payload): the
    event goes to the DLQ at once."""


@dataclass(frozen=True)
class Backoff:
    base_s: float = 0.2
    cap_s: float = 10.0

    def delay(self, attempt: int) -> float:
        """Full jitter (uniform in [0, min(cap, base * 2^(attempt-1))]): retries of many events that
        failed together spread out instead of hitting the recovering dependency in waves."""
        return random.uniform(0, min(self.cap_s, self.base_s * 2 ** (attempt - 1)))


@dataclass(frozen=True)
class Attempts(Generic[T]):
    result: T | None
    error: BaseException | None
    attempts: int


async def retry_with_backoff(
    attempt_fn: Callable[[], Awaitable[T]], *, max_attempts: int, backoff: Backoff,
    on_failure: Callable[[BaseException, int], None] | None = None,
) -> Attempts[T]:
    """Run `attempt_fn` until it succeeds, raises a PermanentError, or `max_attempts` are spent."""
    error: BaseException | None = None
    for attempt in range(1, max_attempts + 1):
        try:
            return Attempts(await attempt_fn(), None, attempt)
        except Exception as exc:  # the handler's failure is data here: retried, then parked
            error = exc
            if on_failure is not None:
                on_failure(exc, attempt)
            permanent = isinstance(exc, PermanentError)
            log.warning("event handler failed", extra={"attempt": attempt, "max_attempts": max_attempts,
                                                       "error": repr(exc), "permanent": permanent})
            if permanent:
                return Attempts(None, exc, attempt)
            if attempt < max_attempts:
                await asyncio.sleep(backoff.delay(attempt))
    return Attempts(None, error, max_attempts)
