"""Coalescing embedding requests into batches (a micro-batcher).

The indexer embeds many small documents at once, each asking for a few vectors; the knowledge
service embeds one query per concurrent retrieve. Sending each request on its own would waste the
embedder (a local model is fastest on full batches and runs one encode at a time, so queries would
queue behind each other; a remote API charges a round trip per request). Requests arriving while
the embedder is busy, or within `max_wait_s`, are coalesced into batches of up to `batch_size`
texts and the vectors handed back to their callers.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass

from atelier_common.ai.embedding import Embedder


@dataclass
class _Request:
    texts: Sequence[str]
    future: asyncio.Future[list[list[float]]]


class BatchingEmbedder:
    def __init__(self, inner: Embedder, *, batch_size: int, max_wait_s: float = 0.01, concurrency: int = 2) -> None:
        self.inner = inner
        self.batch_size = batch_size
        self.max_wait_s = max_wait_s
        self._queue: asyncio.Queue[_Request] = asyncio.Queue()
        self._slots = asyncio.Semaphore(concurrency)
        self._worker: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[None]] = set()

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dimension(self) -> int | None:
        return self.inner.dimension

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        if len(texts) >= self.batch_size:
            return await self.inner.embed(texts)  # already a full batch: no point waiting
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._run(), name="embedding-batcher")
        future: asyncio.Future[list[list[float]]] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Request(texts, future))
        return await future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            first = await self._queue.get()
            # Wait for a free slot before closing the batch: requests arriving meanwhile join it, so
            # a busy embedder gets full batches instead of a queue of small ones.
            await self._slots.acquire()
            batch, size = [first], len(first.texts)
            deadline = loop.time() + self.max_wait_s
            while size < self.batch_size:
                try:
                    nxt = self._queue.get_nowait()
                except asyncio.QueueEmpty:
                    timeout = deadline - loop.time()
                    if timeout <= 0:
                        break
                    try:
                        nxt = await asyncio.wait_for(self._queue.get(), timeout)
                    except TimeoutError:
                        break
                batch.append(nxt)
                size += len(nxt.texts)
            task = asyncio.create_task(self._send(batch))
            self._inflight.add(task)
            task.add_done_callback(self._inflight.discard)

    async def _send(self, batch: list[_Request]) -> None:
        try:
            texts = [t for req in batch for t in req.texts]
            try:
                vectors = await self.inner.embed(texts)
            except Exception as exc:  # every caller of the batch gets the error
                for req in batch:
                    if not req.future.done():
                        req.future.set_exception(exc)
                return
            start = 0
            for req in batch:
                end = start + len(req.texts)
                if not req.future.done():
                    req.future.set_result(vectors[start:end])
                start = end
        finally:
            self._slots.release()

    async def warm_up(self) -> None:
        warm = getattr(self.inner, "warm_up", None)
        if warm is not None:
            await warm()

    async def aclose(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._worker
        for task in list(self._inflight):
            with contextlib.suppress(Exception):
                await task
        await self.inner.aclose()
