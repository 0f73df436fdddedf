"""Keeping a run's lease while it executes, and stopping it when it must stop.

Every `heartbeat_s` the holder renews its lease; the renewal also reports a cancel request. The
run task is cancelled when a cancel was requested, when the lease is lost (another process took
the run over), or by `stop(reason)`; `reason` then says which."""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging

import asyncpg

from atelier_workflow.store import executions

log = logging.getLogger("atelier.workflow.runs")


class StopReason(enum.Enum):
    CANCELLED = "cancelled"  # a user asked
    LEASE_LOST = "lease lost"  # another process holds the run now
    TIMED_OUT = "timed out"


class LeaseKeeper:
    def __init__(self, pool: asyncpg.Pool, execute_id: int, owner: str, *, lease_s: float,
                 heartbeat_s: float) -> None:
        self._pool = pool
        self._execute_id = execute_id
        self._owner = owner
        self._lease_s = lease_s
        self._heartbeat_s = heartbeat_s
        self._target: asyncio.Task[object] | None = None
        self._loop_task: asyncio.Task[None] | None = None
        self.reason: StopReason | None = None

    def start(self, target: asyncio.Task[object]) -> None:
        self._target = target
        self._loop_task = asyncio.create_task(self._keep(), name=f"run-lease-{self._execute_id}")

    async def close(self) -> None:
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task

    def stop(self, reason: StopReason) -> None:
        if self.reason is None:
            self.reason = reason
        if self._target is not None and not self._target.done():
            self._target.cancel()

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self._heartbeat_s)
            try:
                cancel = await executions.renew(self._pool, self._execute_id, self._owner, self._lease_s)
            except (OSError, asyncpg.PostgresError):
                log.warning("renewing a run lease failed; retrying", extra={"execute_id": self._execute_id})
                continue
            if cancel is None:
                self.stop(StopReason.LEASE_LOST)
                return
            if cancel:
                self.stop(StopReason.CANCELLED)
                return
