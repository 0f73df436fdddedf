"""Sealing what the indexer wrote, a moment after it wrote it.

Milvus searches data that was never flushed (its growing segments) by brute force: on Milvus Lite a
dense search over a few thousand such slices takes ~100 ms of CPU and a BM25 search ~370 ms, ten
times what the same search costs once the data is flushed and indexed, so 16 concurrent retrieves
queue past the channel timeout. Writes mark their collection; every `interval_s` the marked ones
are flushed (one flush per collection per interval however many documents arrived, so an
ingestion run makes a few dozen segments, not one per document).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from atelier_search import SearchStores

log = logging.getLogger("atelier.indexer.flusher")
FLUSH_INTERVAL_S = 2.0


class CollectionFlusher:
    def __init__(self, stores: SearchStores, *, interval_s: float = FLUSH_INTERVAL_S) -> None:
        self._stores = stores
        self._interval_s = interval_s
        self._pending: set[int] = set()
        self._task: asyncio.Task[None] | None = None

    def written(self, key: int) -> None:
        """Index `key` (collection kb_<key>) received writes."""
        self._pending.add(key)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="collection-flusher")

    async def _run(self) -> None:
        while self._pending:
            await asyncio.sleep(self._interval_s)
            await self.flush_pending()

    async def flush_pending(self) -> None:
        keys, self._pending = self._pending, set()
        for key in keys:
            try:
                await self._stores.vector.flush(key)
            except Exception as exc:  # noqa: BLE001 - unflushed data is still searchable, only slower
                log.warning("flush failed", extra={"index": key, "error": str(exc)})

    async def aclose(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):
            await self.flush_pending()
