"""The observer every run executes with: node executions and checkpoints go to Postgres off the
hot path, and what a streaming caller shows goes to its listener.

The engine calls the observer synchronously; this one only notes the change (the latest row per
node execution, the latest checkpoint) and wakes a writer task, which stores everything noted
since its last write in one transaction: node rows and checkpoint together, so a node counts as
completed (it is in the checkpoint) exactly when its success row is stored. While a write is in
flight further changes gather, so a fast chain costs far fewer writes than nodes.

`durable()` waits until the latest checkpoint is stored. A run that may be resumed elsewhere (an
async run on a worker) awaits it before each node starts, so a worker killed mid-run loses at
most the node that was running: every node whose success is stored is never run again.

Writes name the lease owner; when the lease turns out lost, `on_lease_lost` is called and
nothing more is written.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Protocol

import asyncpg

from atelier_proto.enums import NodeExeStatus
from atelier_workflow.domain.progress import Checkpoint
from atelier_workflow.domain.runs import Execution, NodeExecution
from atelier_workflow.engine.observer import BaseObserver, MessageEvent, NodeEvent
from atelier_workflow.store import executions

log = logging.getLogger("atelier.workflow.runs")

NodeKey = tuple[str, str, int, int]  # node, scope owner, iteration, attempt


class RunListener(Protocol):
    """A caller watching the run as it happens (stream_run)."""

    def node_started(self, event: NodeEvent) -> None: ...
    def node_finished(self, event: NodeEvent) -> None: ...
    def message(self, event: MessageEvent) -> None: ...


class RunRecorder(BaseObserver):
    def __init__(self, pool: asyncpg.Pool, run: Execution, owner: str, *, listener: RunListener | None = None,
                 on_lease_lost: Callable[[], None] | None = None) -> None:
        self._pool = pool
        self._run = run
        self._owner = owner
        self._listener = listener
        self._on_lease_lost = on_lease_lost
        self._pending: dict[NodeKey, NodeExecution] = {}
        self._checkpoint: dict[str, Any] | None = None
        self._checkpoint_pending = False
        self._retries: dict[tuple[str, str, int], int] = {}
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._writer: asyncio.Task[None] | None = None
        self.lost = False
        # perf_counter (what events carry) -> wall clock
        self._wall_offset = time.time() - time.perf_counter()

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write_loop(), name=f"run-recorder-{self._run.id}")

    async def close(self) -> None:
        """Store whatever is still noted, then stop the writer."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        await self.flush()

    async def durable(self) -> None:
        """Return once the latest checkpoint is stored."""
        if self._checkpoint_pending:
            await self.flush()

    async def flush(self) -> None:
        async with self._lock:
            if self.lost or not (self._pending or self._checkpoint_pending):
                return
            taken, self._pending = self._pending, {}
            checkpoint, self._checkpoint_pending = self._checkpoint, False
            try:
                async with self._pool.acquire() as conn:
                    held = await executions.save_progress(conn, self._run.id, self._owner, checkpoint,
                                                          list(taken.values()))
            except BaseException:  # not stored: noted again, under what was noted meanwhile
                self._pending = {**taken, **self._pending}
                self._checkpoint_pending = True
                raise
            if not held:
                self.lost = True
                log.warning("run lease lost; its progress is no longer ours to write",
                            extra={"execute_id": self._run.id, "owner": self._owner})
                if self._on_lease_lost is not None:
                    self._on_lease_lost()

    async def _write_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self.flush()
            except (OSError, asyncpg.PostgresError):
                log.exception("storing run progress failed; retried with the next change",
                              extra={"execute_id": self._run.id})
                await asyncio.sleep(0.2)
                self._wake.set()

    # ------------------------------------------------------------------ observer

    def node_started(self, event: NodeEvent) -> None:
        self._note(event, NodeExeStatus.Running, self._retries.get(self._retry_key(event), 0))
        if self._listener is not None:
            self._listener.node_started(event)

    def node_finished(self, event: NodeEvent) -> None:
        self._note(event, NodeExeStatus.Success, self._retries.get(self._retry_key(event), 0))
        if self._listener is not None:
            self._listener.node_finished(event)

    def node_failed(self, event: NodeEvent) -> None:
        self._note(event, NodeExeStatus.Fail, event.attempt)
        if not event.final:
            self._retries[self._retry_key(event)] = event.attempt + 1

    def message(self, event: MessageEvent) -> None:
        if self._listener is not None:
            self._listener.message(event)

    def checkpoint(self, checkpoint: Checkpoint) -> None:
        # Copied now: its mappings are views of the live run (a completed node's outputs no longer change).
        self._checkpoint = checkpoint.to_json()
        self._checkpoint_pending = True
        self._wake.set()

    # ------------------------------------------------------------------ rows

    @staticmethod
    def _retry_key(event: NodeEvent) -> tuple[str, str, int]:
        scope = event.scope
        return (event.node_id, scope.owner_id if scope else "", scope.iteration if scope else -1)

    def _note(self, event: NodeEvent, status: NodeExeStatus, attempt: int) -> None:
        node_id, owner, iteration = self._retry_key(event)
        usage = event.usage
        row = NodeExecution(
            execute_id=self._run.id, node_id=node_id, node_type=str(int(event.node_type)), title=event.title,
            status=status, started_at=datetime.fromtimestamp(self._wall_offset + event.started_at, UTC)
            if event.started_at else datetime.now(UTC),
            duration_ms=event.duration_s * 1000.0, scope_owner=owner, iteration=iteration, attempt=attempt,
            run_attempt=self._run.attempts, input=_plain(event.inputs), output=_plain(event.outputs),
            error=event.error, error_code=event.error_code,
            input_tokens=usage.input_tokens if usage else 0, output_tokens=usage.output_tokens if usage else 0)
        self._pending[(node_id, owner, iteration, attempt)] = row
        self._wake.set()


def _plain(values: Any) -> Any:
    return None if values is None else dict(values)
