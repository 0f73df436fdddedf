"""Coalescing embedding requests into batches (a micro-batcher).

The indexer embeds many small documents at once, each asking for a few vectors; the knowledge
service embeds one query per concurrent retrieve. Sending each request on its own would waste the
embedder (a local model is fastest on full batches and runs one encode at a time, so queries would
queue behind each other; a remote API charges a round trip per request). Requests arriving while
the embedder is busy, or within `max_wait_s`, are coalesced and the vectors handed back to their
callers.

What piled up while the embedder was busy is one window (at most `window_batches` batches of
texts). Its texts are sorted by length before the window is cut into batches of `batch_size`: a
batch pads every text to its longest one, so texts of similar length together waste little of
the embedder on padding. A window is sent whole before the next is cut, so no text waits behind
more than one window.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from atelier_common.ai.embedding import Embedder, EmbeddingError

DEFAULT_WINDOW_BATCHES = 8
# A local model pads each forward pass to its longest text. Batches cut from a length-sorted window
# hold texts of similar length, and small forward passes over them pad least: on MiniLM over
# Cranfield's chunks, passes of 16 texts from sorted windows of 64 take ~28% less CPU than passes
# of 64 texts in arrival order (the model is as efficient per token at 16 texts a pass).
LOCAL_FORWARD_BATCH = 16


@dataclass
class _Request:
    texts: Sequence[str]
    future: asyncio.Future[list[list[float]]]
    vectors: list[list[float] | None] = field(init=False)
    missing: int = field(init=False)

    def __post_init__(self) -> None:
        self.vectors = [None] * len(self.texts)
        self.missing = len(self.texts)

    def fill(self, index: int, vector: list[float]) -> None:
        self.vectors[index] = vector
        self.missing -= 1
        if self.missing == 0 and not self.future.done():
            self.future.set_result(self.vectors)  # type: ignore[arg-type] - every slot is filled

    def fail(self, exc: BaseException) -> None:
        if not self.future.done():
            self.future.set_exception(exc)


@dataclass(frozen=True)
class _Piece:
    """One text of a request, and where its vector goes."""

    request: _Request
    index: int

    @property
    def text(self) -> str:
        return self.request.texts[self.index]


def cut_by_length(pieces: list[_Piece], batch_size: int) -> list[list[_Piece]]:
    """Batches of texts of similar length (shortest first): little padding in each."""
    ordered = sorted(pieces, key=lambda p: len(p.text))
    size = max(1, batch_size)
    return [ordered[i:i + size] for i in range(0, len(ordered), size)]


class BatchingEmbedder:
    def __init__(self, inner: Embedder, *, batch_size: int, max_wait_s: float = 0.01, concurrency: int = 2,
                 window_batches: int = DEFAULT_WINDOW_BATCHES) -> None:
        self.inner = inner
        self.batch_size = max(1, batch_size)
        self.max_wait_s = max_wait_s
        self.window_texts = self.batch_size * max(1, window_batches)
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
        while True:
            first = await self._queue.get()
            # Wait for a free slot before closing the window: requests arriving meanwhile join it,
            # so a busy embedder gets full batches instead of a queue of small ones.
            await self._slots.acquire()
            window = await self._window(first)
            batches = cut_by_length([_Piece(req, i) for req in window for i in range(len(req.texts))],
                                    self.batch_size)
            for n, batch in enumerate(batches):
                if n:
                    await self._slots.acquire()
                task = asyncio.create_task(self._send(batch))
                self._inflight.add(task)
                task.add_done_callback(self._inflight.discard)

    async def _window(self, first: _Request) -> list[_Request]:
        """Everything waiting (up to `window_texts`); when that is less than a batch, what else
        arrives within `max_wait_s`."""
        loop = asyncio.get_running_loop()
        window, size = [first], len(first.texts)
        deadline = loop.time() + self.max_wait_s
        while size < self.window_texts:
            try:
                nxt = self._queue.get_nowait()
            except asyncio.QueueEmpty:
                timeout = deadline - loop.time()
                if size >= self.batch_size or timeout <= 0:
                    break
                try:
                    nxt = await asyncio.wait_for(self._queue.get(), timeout)
                except TimeoutError:
                    break
            window.append(nxt)
            size += len(nxt.texts)
        return window

    async def _send(self, batch: list[_Piece]) -> None:
        try:
            try:
                vectors = await self.inner.embed([p.text for p in batch])
                if len(vectors) != len(batch):
                    raise EmbeddingError(f"the embedder returned {len(vectors)} vectors for {len(batch)} texts",
                                         permanent=False)
            except Exception as exc:  # every caller with a text in the batch gets the error
                for piece in batch:
                    piece.request.fail(exc)
                return
            for piece, vector in zip(batch, vectors, strict=True):
                piece.request.fill(piece.index, vector)
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
