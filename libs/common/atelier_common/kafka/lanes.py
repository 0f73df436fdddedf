"""Per-key ordering with a concurrency limit.

Jobs submitted under the same lane key run one after another in submission order; jobs of
different lanes run concurrently, at most `concurrency` at a time. Each lane belongs to a group
(a partition), so a rebalance or shutdown can drain exactly the lanes of the partitions it
gives up. No Kafka here: the processor decides what a job is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Hashable
from dataclasses import dataclass, field

log = logging.getLogger("atelier.kafka.lanes")

Job = Callable[[], Awaitable[None]]


@dataclass
class _Lane:
    group: Hashable
    jobs: deque[Job] = field(default_factory=deque)
    task: asyncio.Task[None] | None = None


class KeyedLanes:
    def __init__(self, concurrency: int) -> None:
        self._slots = asyncio.Semaphore(max(1, concurrency))
        self._lanes: dict[Hashable, _Lane] = {}
        self._size = 0
        self._changed = asyncio.Event()

    @property
    def size(self) -> int:
        """Jobs submitted and not finished (queued or running)."""
        return self._size

    def lane_keys(self) -> list[Hashable]:
        """Lanes with queued or running jobs."""
        return list(self._lanes)

    def submit(self, lane_key: Hashable, group: Hashable, job: Job) -> None:
        lane = self._lanes.get(lane_key)
        if lane is None:
            lane = self._lanes[lane_key] = _Lane(group)
        lane.jobs.append(job)
        self._size += 1
        if lane.task is None:
            lane.task = asyncio.create_task(self._run(lane_key, lane), name=f"lane-{lane_key!r}"[:80])

    async def wait_changed(self, timeout: float) -> None:
        """Until a job finishes (or `timeout`): for a producer of jobs waiting for room."""
        self._changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    async def _run(self, lane_key: Hashable, lane: _Lane) -> None:
        try:
            while lane.jobs:
                job = lane.jobs[0]
                try:
                    async with self._slots:
                        await job()
                except asyncio.CancelledError:
                    raise
                except Exception:  # a job handles its own failures; this is a bug, not the event's fault
                    log.exception("lane job failed", extra={"lane": repr(lane_key)})
                finally:
                    lane.jobs.popleft()
                    self._size -= 1
                    self._changed.set()
        finally:
            self._size -= len(lane.jobs)  # cancelled with jobs still queued: they are dropped
            lane.jobs.clear()
            if self._lanes.get(lane_key) is lane:
                del self._lanes[lane_key]
            self._changed.set()

    async def drain(self, groups: Collection[Hashable] | None, timeout: float) -> int:
        """Wait up to `timeout` for the lanes of `groups` (every lane when None) to empty, then
        cancel what is left. Returns the number of lanes cancelled."""
        tasks = [lane.task for lane in self._lanes.values()
                 if lane.task is not None and (groups is None or lane.group in groups)]
        if not tasks:
            return 0
        _, pending = await asyncio.wait(tasks, timeout=max(0.0, timeout))
        for task in pending:
            task.cancel()
        for task in pending:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        return len(pending)
