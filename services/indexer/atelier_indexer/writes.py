"""Coalescing the search-store writes of documents indexed at once.

Many small documents are embedded in one batch and reach their store write together; written one
by one, each would cost a round trip to the store (and a thread hop, and the store's own work per
request). Writes to the same index that arrive while one is under way are sent as one request
next; the first goes at once, so a lone document waits for nothing. Every caller learns the
outcome of the request its slices went in (a failure fails each of them, and each retries).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from atelier_search import SliceDoc

Write = Callable[[int, list[SliceDoc]], Awaitable[None]]


@dataclass
class _Waiting:
    docs: Sequence[SliceDoc]
    done: asyncio.Future[None]


class CoalescingWriter:
    def __init__(self, write: Write) -> None:
        self._write = write
        self._waiting: dict[int, list[_Waiting]] = {}
        self._writers: dict[int, asyncio.Task[None]] = {}

    async def write(self, key: int, docs: Sequence[SliceDoc]) -> None:
        """`docs` are in index `key` once this returns (raises what the store raised)."""
        if not docs:
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, []).append(_Waiting(docs, done))
        writer = self._writers.get(key)
        if writer is None or writer.done():
            # Its first step runs after the documents resumed with this one (e.g. by the same
            # embedding batch) had their turn: they join the first request.
            self._writers[key] = asyncio.create_task(self._drain(key), name=f"search-writes-{key}")
        await done

    async def _drain(self, key: int) -> None:
        waiting: list[_Waiting] = []
        try:
            while waiting := self._waiting.pop(key, []):
                try:
                    await self._write(key, [doc for w in waiting for doc in w.docs])
                except Exception as exc:  # noqa: BLE001 - each caller gets the store's error
                    _settle(waiting, exc)
                else:
                    _settle(waiting, None)
        except asyncio.CancelledError:  # closing: nobody may wait forever
            _settle(waiting + self._waiting.pop(key, []), RuntimeError("the search-store writer was closed"))
            raise
        finally:
            if self._writers.get(key) is asyncio.current_task():
                del self._writers[key]

    async def aclose(self) -> None:
        for task in list(self._writers.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _settle(waiting: list[_Waiting], error: BaseException | None) -> None:
    for w in waiting:
        if w.done.done():  # its caller gave up (cancelled)
            continue
        if error is None:
            w.done.set_result(None)
        else:
            w.done.set_exception(error)
