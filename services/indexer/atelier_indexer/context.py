"""What every handler needs, created once per process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from atelier_common.ai import (
    BatchingEmbedder,
    ChatModel,
    Embedder,
    LocalEmbedder,
    create_chat_model,
    create_embedder,
    parse_model_id,
)
from atelier_common.ai.batching import LOCAL_FORWARD_BATCH
from atelier_common.ai.embedding import available_cores
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.outbound import Fetcher, OutboundPolicy
from atelier_common.service import ServiceDeps
from atelier_indexer.chunking import ChunkSizing, chunk_sizing
from atelier_indexer.knowledge import KnowledgeClient
from atelier_indexer.writes import CoalescingWriter
from atelier_search import SearchStores, SliceDoc, create_search_stores
from atelier_search.flusher import CollectionFlusher

# A local embedder on several workers: one batch embedding and one queued behind it (see
# `IndexerContext.embedder`).
LOCAL_BATCHES_IN_FLIGHT = 2


@dataclass
class _Turn:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    holders: int = 0


@dataclass
class IndexerContext:
    deps: ServiceDeps  # its pool works in the indexer's own schema (processed events)
    stores: SearchStores
    knowledge: KnowledgeClient  # datasets, documents and slices are knowledge's: reached over gRPC only
    group_id: str
    fetcher: Fetcher  # GETs through the SSRF guard (web page documents, ExtractText URLs); one client
    _embedders: dict[str, BatchingEmbedder] = field(default_factory=dict)
    _caption_model: ChatModel | None = None
    _sizings: dict[str, ChunkSizing] = field(default_factory=dict)
    _doc_locks: dict[int, _Turn] = field(default_factory=dict)
    flusher: CollectionFlusher = field(init=False)
    ledger: ProcessedEvents = field(init=False)  # handled event ids, in the indexer's own schema
    writer: CoalescingWriter = field(init=False)  # new slices of concurrent documents, one write per index

    def __post_init__(self) -> None:
        self.flusher = CollectionFlusher(self.stores)
        self.ledger = ProcessedEvents(self.group_id)
        self.writer = CoalescingWriter(self._upsert)

    async def _upsert(self, key: int, docs: list[SliceDoc]) -> None:
        await self.stores.vector.upsert(key, docs)
        if self.stores.fulltext is not self.stores.vector:
            await self.stores.fulltext.upsert(key, docs)
        self.flusher.written(key)

    @classmethod
    def create(cls, deps: ServiceDeps, group_id: str = "atelier-indexer") -> IndexerContext:
        settings = deps.settings
        return cls(deps=deps, stores=create_search_stores(settings),
                   knowledge=KnowledgeClient(settings.knowledge_addr, timeout_s=settings.grpc_deadline_s),
                   group_id=group_id, fetcher=Fetcher(OutboundPolicy.from_settings(settings)))

    @property
    def pool(self):  # noqa: ANN201 - asyncpg.Pool
        return self.deps.pool

    def embedder(self, model_id: str) -> BatchingEmbedder:
        """The embedder a dataset was created with (same model and dimension for every document)."""
        if model_id not in self._embedders:
            provider, model, dimensions = parse_model_id(model_id)
            settings = self.deps.settings
            if provider == "local":
                # The batcher hands it batches of similar lengths; it runs them in small forward
                # passes, on one worker (every core) unless configured.
                workers = settings.embedding_local_workers or available_cores()
                inner: Embedder = LocalEmbedder(model=model, batch_size=min(LOCAL_FORWARD_BATCH,
                                                                            settings.embedding_batch_size),
                                                workers=workers)
                # A local model already uses every core: one batch at a time (the next fills the
                # window meanwhile); on several workers one running and the next queued behind it,
                # so they never wait for this loop to hand them the next.
                concurrency = 1 if workers == 1 else LOCAL_BATCHES_IN_FLIGHT
            else:
                inner = create_embedder(settings, provider=provider, model=model, dimensions=dimensions)
                concurrency = settings.embedding_concurrency  # a remote API takes several requests at once
            self._embedders[model_id] = BatchingEmbedder(inner, batch_size=settings.embedding_batch_size,
                                                         concurrency=concurrency)
        return self._embedders[model_id]

    def sizing(self, model_id: str) -> ChunkSizing:
        """How chunks of a dataset with this embedder are measured and bounded (the same for every
        document: the settings do not change while the process runs, so it is worked out once)."""
        found = self._sizings.get(model_id)
        if found is None:
            found = self._sizings[model_id] = chunk_sizing(model_id, self.deps.settings)
        return found

    def caption_model(self) -> ChatModel:
        if self._caption_model is None:
            settings = self.deps.settings
            self._caption_model = create_chat_model(settings, model=settings.caption_model or None)
        return self._caption_model

    @contextlib.asynccontextmanager
    async def document_turn(self, document_id: int) -> AsyncIterator[None]:
        """One handler per document at a time in this process. A document's events share a
        partition, so they reach one process, but the agent's concurrent instances take events of
        one partition in parallel: without this, a slice edited twice could be embedded out of
        order, or two runs of a document could overlap."""
        turn = self._doc_locks.get(document_id)
        if turn is None:
            turn = self._doc_locks[document_id] = _Turn()
        turn.holders += 1  # counted before waiting: the entry lives while anyone holds or waits for it
        try:
            async with turn.lock:
                yield
        finally:
            turn.holders -= 1
            if turn.holders == 0:
                del self._doc_locks[document_id]

    async def aclose(self) -> None:
        await self.writer.aclose()
        await self.flusher.aclose()
        for embedder in self._embedders.values():
            await embedder.aclose()
        if self._caption_model is not None:
            await self._caption_model.aclose()
        await self.stores.aclose()
        await self.fetcher.aclose()
