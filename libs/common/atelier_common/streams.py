"""Async stream helpers."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

T = TypeVar("T")

_END = object()  # the source is exhausted
_NOTHING = object()  # no item held over from the last drain


async def coalesce(source: AsyncIterator[T], merge: Callable[[T, T], T | None], *, pace_s: float = 0.0
                   ) -> AsyncIterator[T]:
    """The items of `source`, with runs of items that piled up while the consumer was busy merged
    (merge(a, b) -> one item, or None when they must stay apart). An idle consumer gets every item
    as soon as it arrives, so this adds no latency; a slow one gets fewer, larger items instead of
    falling further behind (e.g. answer deltas during a burst of concurrent chats). `pace_s`: see
    `bursts`."""
    async for burst in bursts(source, merge, pace_s=pace_s):
        for item in burst:
            yield item


async def bursts(source: AsyncIterator[T], merge: Callable[[T, T], T | None], *, pace_s: float = 0.0
                 ) -> AsyncIterator[list[T]]:
    """The items of `source` in bursts: everything that piled up while the consumer was busy with the
    last burst, in order, runs merged as `coalesce` merges them. An idle consumer gets each item alone
    as soon as it arrives; a slow one can do one round of work per burst (one database write for
    several messages) instead of one per item. A failure of the source comes after the items before it.

    `pace_s` > 0: a burst that merged into the one before it (an answer delta after a delta) goes out
    no sooner than `pace_s` after that one, gathering what arrives meanwhile — every message costs
    every hop downstream its own work, whatever its size. The first item of a run is never held, and
    an item that does not merge (another event), the end or a failure ends the wait at once."""
    # Unbounded: items are small and the source is finite; put_nowait never blocks the pump.
    queue: asyncio.Queue[object] = asyncio.Queue()
    loop = asyncio.get_running_loop()
    put = taken = 0  # items the pump put / the consumer took
    boundary = -1  # the number of the last item put that ends a run (does not merge, the end, a failure)
    woken: asyncio.Future[None] | None = None  # the consumer's paced wait, while it waits

    def enqueue(item: object, ends_run: bool) -> None:
        nonlocal put, boundary
        queue.put_nowait(item)
        put += 1
        if ends_run:
            boundary = put
            if woken is not None and not woken.done():
                woken.set_result(None)

    async def pump() -> None:
        previous: object = _NOTHING
        try:
            async for item in source:
                # Only a paced consumer waits for run ends: unpaced, no merge is tried here.
                enqueue(item, pace_s > 0 and (previous is _NOTHING or merge(previous, item) is None))  # type: ignore[arg-type]
                previous = item
        except asyncio.CancelledError as e:
            task = asyncio.current_task()
            if task is not None and task.cancelling():  # we are being stopped: just stop
                raise
            enqueue(e, True)  # the source was cancelled (e.g. a cancelled gRPC call): the consumer decides
            return
        except Exception as e:  # noqa: BLE001 - handed to the consumer, which re-raises it
            enqueue(e, True)
            return
        enqueue(_END, True)

    async def gather_for(hold: float) -> None:
        """Let a run of merging items grow for `hold` s, unless something that ends it is already
        waiting or arrives meanwhile."""
        nonlocal woken
        if boundary > taken:
            return
        woken = loop.create_future()
        timer = loop.call_later(hold, lambda f=woken: f.done() or f.set_result(None))
        try:
            await woken
        finally:
            timer.cancel()
            woken = None

    task = asyncio.create_task(pump())
    pending: object = _NOTHING  # the end or a failure, held until the items before it are out
    last: object = _NOTHING  # the last item of the last burst out
    last_out = 0.0  # when it went out
    try:
        while True:
            if pending is _NOTHING:
                item = await queue.get()
                taken += 1
            else:
                item = pending
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            if pace_s > 0 and last is not _NOTHING and merge(last, item) is not None:  # type: ignore[arg-type]
                hold = last_out + pace_s - loop.time()
                if hold > 0:
                    await gather_for(hold)
            burst: list[T] = [item]  # type: ignore[list-item]
            while not queue.empty():
                following = queue.get_nowait()
                taken += 1
                if following is _END or isinstance(following, BaseException):
                    pending = following
                    break
                merged = merge(burst[-1], following)  # type: ignore[arg-type]
                if merged is None:
                    burst.append(following)  # type: ignore[arg-type]
                else:
                    burst[-1] = merged
            yield burst
            last, last_out = burst[-1], loop.time()
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
