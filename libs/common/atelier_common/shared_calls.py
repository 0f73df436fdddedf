"""One call per key at a time: callers asking for the same key while it runs await its result (or
its error) instead of each making it again. For lookups a burst repeats, e.g. when many requests
arrive together just after the entry that held the answer expired."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SharedCalls(Generic[K, V]):
    def __init__(self) -> None:
        self._running: dict[K, asyncio.Future[V]] = {}

    async def call(self, key: K, make: Callable[[], Awaitable[V]]) -> V:
        """make()'s result, from the call running for `key` when there is one. The call runs in the
        context of the caller that started it, and a caller going away does not cancel it."""
        running = self._running.get(key)
        if running is None:
            running = self._running[key] = asyncio.ensure_future(make())
            running.add_done_callback(lambda _: self._running.pop(key, None))
        return await asyncio.shield(running)
