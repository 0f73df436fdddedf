"""Group commit for requests of one kind: a request goes out at once when none of its kind is in
flight (a lone caller waits for nothing), and the requests that arrive while one is in flight go
out together, as one batch, when it returns.

The search stores use it so concurrent searches of one collection with the same parameters become
one search with several queries: Milvus Lite pays its per-request work (gRPC, the per-search pass
over every row of every segment) once per batch instead of once per query.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
I = TypeVar("I")  # noqa: E741 - one request's item (a query)
R = TypeVar("R")  # its result


@dataclass
class Counts:
    """Requests sent and items they carried, since the coalescer was made."""

    requests: int = 0
    items: int = 0


@dataclass
class _Lane(Generic[I, R]):
    """One kind's requests: while it exists a request of that kind is in flight."""

    waiting: deque[tuple[I, asyncio.Future[R]]] = field(default_factory=deque)
    flushing: asyncio.Task[None] | None = None


class Coalescer(Generic[K, I, R]):
    """`send(key, items)` answers one result per item, in order; `submit(key, item)` answers the
    item's. An error (a timeout too) of a batch is every one of its callers' error. A caller that
    gives up (is cancelled) while it waits is left out of the batch. Bound to one event loop."""

    def __init__(self, send: Callable[[K, list[I]], Awaitable[Sequence[R]]], *, max_batch: int) -> None:
        if max_batch < 1:
            raise ValueError(f"max_batch must be at least 1, got {max_batch}")
        self._send = send
        self._max_batch = max_batch
        self._lanes: dict[K, _Lane[I, R]] = {}
        self.counts = Counts()

    async def submit(self, key: K, item: I) -> R:
        lane = self._lanes.get(key)
        if lane is not None:  # one of its kind is in flight: wait for the next batch
            future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
            lane.waiting.append((item, future))
            return await future
        lane = self._lanes[key] = _Lane()
        try:
            [result] = await self._checked(key, [item])
        finally:
            self._next(key, lane)
        return result

    async def _checked(self, key: K, items: list[I]) -> list[R]:
        self.counts.requests += 1
        self.counts.items += len(items)
        results = list(await self._send(key, items))
        if len(results) != len(items):
            raise RuntimeError(f"{len(results)} results for a batch of {len(items)}")
        return results

    def _next(self, key: K, lane: _Lane[I, R]) -> None:
        """The request in flight returned: send what waited meanwhile (up to max_batch), or close the lane."""
        batch: list[tuple[I, asyncio.Future[R]]] = []
        while lane.waiting and len(batch) < self._max_batch:
            item, future = lane.waiting.popleft()
            if not future.done():  # done: its caller was cancelled while it waited
                batch.append((item, future))
        if not batch:
            del self._lanes[key]
            return
        lane.flushing = asyncio.get_running_loop().create_task(self._flush(key, lane, batch))

    async def _flush(self, key: K, lane: _Lane[I, R], batch: list[tuple[I, asyncio.Future[R]]]) -> None:
        try:
            results = await self._checked(key, [item for item, _ in batch])
        except asyncio.CancelledError:  # the loop is shutting down: nobody is left to answer
            for _, future in [*batch, *lane.waiting]:
                future.cancel()
            lane.waiting.clear()
            self._lanes.pop(key, None)
            raise
        except Exception as exc:  # noqa: BLE001 - handed to every caller of the batch
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
        else:
            for (_, future), result in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(result)
        self._next(key, lane)
