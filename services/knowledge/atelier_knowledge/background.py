"""Knowledge's periodic work, one task per job: re-driving stuck documents, queuing due web page
refreshes, sweeping source files. Each job runs as an internal caller, logs and survives its own
failures, and stops when the service does."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from atelier_common.auth import internal_context
from atelier_common.service import ServiceDeps
from atelier_knowledge import reconciler, refresher, sources

log = logging.getLogger("atelier.knowledge.background")

Job = Callable[[ServiceDeps], Awaitable[object]]


@dataclass
class Background:
    deps: ServiceDeps
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    def start(self) -> None:
        settings = self.deps.settings
        self._every("reconciler", reconciler.reconcile_once, settings.reconcile_interval_s)
        self._every("web-refresher", refresher.refresh_once, settings.web_refresh_interval_s)
        self._every("source-sweep", sources.sweep, settings.reconcile_interval_s)

    def _every(self, name: str, job: Job, interval_s: float) -> None:
        self.tasks.append(asyncio.create_task(self._run(name, job, interval_s), name=name))

    async def _run(self, name: str, job: Job, interval_s: float) -> None:
        while not self.stop.is_set():
            try:
                with internal_context():
                    await job(self.deps)
            except Exception:
                log.exception("%s pass failed", name)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), interval_s)

    async def aclose(self) -> None:
        self.stop.set()
        for task in self.tasks:
            with contextlib.suppress(Exception):
                await task
