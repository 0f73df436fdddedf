"""Loading the configured local embedder when a service starts, not on its first request.

A local model takes seconds to load (torch, weights); a first query that pays for it times out
(the vector channel answers within 5 s). Services start the load in the background and report
ready (gRPC health, so `make dev` and probes wait) once it finished. A model that cannot load
is logged with its cause and the service is ready without it: other datasets' embedders and
full-text search still answer, and the failure is reported where the embedder is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from atelier_common.ai.embedding import embedding_config
from atelier_common.settings import Settings

log = logging.getLogger("atelier.embedding")


class EmbedderWarmup:
    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None
        self.error: str | None = None

    def start(self, settings: Settings, warm: Callable[[str], Awaitable[None]]) -> None:
        """Warm the configured embedder with `warm(model_id)` when it is a local model."""
        config = embedding_config(settings)
        if config.provider == "local":
            self._task = asyncio.create_task(self._run(warm, config.model_id), name="embedder-warmup")

    async def _run(self, warm: Callable[[str], Awaitable[None]], model_id: str) -> None:
        started = time.perf_counter()
        try:
            await warm(model_id)
        except Exception as exc:  # noqa: BLE001 - reported, the service still serves the rest
            self.error = str(exc)
            log.error("local embedder could not be loaded", extra={"model": model_id, "error": self.error})
            return
        log.info("local embedder loaded", extra={"model": model_id,
                                                 "seconds": round(time.perf_counter() - started, 2)})

    def done(self) -> bool:
        return self._task is None or self._task.done()

    async def aclose(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
