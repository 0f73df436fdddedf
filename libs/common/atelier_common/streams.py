"""Async stream helpers."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

T = TypeVar("T")

_END = object()  # the source is exhausted
_NOTHING = object()  # no item held over from the last drain


async def coalesce(source: AsyncIterator[T], merge: Callable[[T, T], T | None]) -> AsyncIterator[T]:
    """The items of `source`, with runs of items that piled up while the consumer was busy merged
    (merge(a, b) -> one item, or None when they must stay apart). An idle consumer gets every item
    as soon as it arrives, so this adds no latency; a slow one gets fewer, larger items instead of
    falling further behind (e.g. answer deltas during a burst of concurrent chats)."""
    async for burst in bursts(source, merge):
        for item in burst:
            yield item


async def bursts(source: AsyncIterator[T], merge: Callable[[T, T], T | None]) -> AsyncIterator[list[T]]:
    """The items of `source` in bursts: everything that piled up while the consumer was busy with the
    last burst, in order, runs merged as `coalesce` merges them. An idle consumer gets each item alone
    as soon as it arrives; a slow one can do one round of work per burst (one database write for
    several messages) instead of one per item. A failure of the source comes after the items before it."""
    # Unbounded: items are small and the source is finite; put_nowait never blocks the pump.
    queue: asyncio.Queue[object] = asyncio.Queue()

    async def pump() -> None:
        try:
            async for item in source:
                queue.put_nowait(item)
        except asyncio.CancelledError as e:
            task = asyncio.current_task()
            if task is not None and task.cancelling():  # we are being stopped: just stop
                raise
            queue.put_nowait(e)  # the source was cancelled (e.g. a cancelled gRPC call): the consumer decides
            return
        except Exception as e:  # noqa: BLE001 - handed to the consumer, which re-raises it
            queue.put_nowait(e)
            return
        queue.put_nowait(_END)

    task = asyncio.create_task(pump())
    pending: object = _NOTHING  # the end or a failure, held until the items before it are out
    try:
        while True:
            item = await queue.get() if pending is _NOTHING else pending
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            burst: list[T] = [item]  # type: ignore[list-item]
            while not queue.empty():
                following = queue.get_nowait()
                if following is _END or isinstance(following, BaseException):
                    pending = following
                    break
                merged = merge(burst[-1], following)  # type: ignore[arg-type]
                if merged is None:
                    burst.append(following)  # type: ignore[arg-type]
                else:
                    burst[-1] = merged
            yield burst
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


def text_delta_merger(kind: str, *fields: str) -> Callable[[Any, Any], Any]:
    """A merge for `coalesce` over event messages with a `type`: two consecutive events of type
    `kind` become one whose text `fields` are concatenated; anything else stays apart."""

    def merge(a: Any, b: Any) -> Any:
        if a.type != kind or b.type != kind:
            return None
        merged = type(a)()
        merged.CopyFrom(a)
        for name in fields:
            joined = getattr(a, name) + getattr(b, name)
            if joined:  # empty stays unset (optional fields keep "absent")
                setattr(merged, name, joined)
        return merged

    return merge
