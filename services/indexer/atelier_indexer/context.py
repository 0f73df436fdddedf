"""What every handler needs, created once per process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from atelier_common.ai import BatchingEmbedder, ChatModel, create_chat_model, create_embedder, parse_model_id
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.outbound import Fetcher, OutboundPolicy
from atelier_common.service import ServiceDeps
from atelier_indexer.knowledge import KnowledgeClient
from atelier_search import SearchStores, create_search_stores
from atelier_search.flusher import CollectionFlusher


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
    _doc_locks: dict[int, _Turn] = field(default_factory=dict)
    flusher: CollectionFlusher = field(init=False)
    ledger: ProcessedEvents = field(init=False)  # handled event ids, in the indexer's own schema

    def __post_init__(self) -> None:
        self.flusher = CollectionFlusher(self.stores)
        self.ledger = ProcessedEvents(self.group_id)

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
            inner = create_embedder(self.deps.settings, provider=provider, model=model, dimensions=dimensions)
            # A local model already uses every core for one batch: one at a time, and the next batch
            # fills while it runs. A remote API takes several requests at once.
            concurrency = 1 if provider == "local" else self.deps.settings.embedding_concurrency
            self._embedders[model_id] = BatchingEmbedder(
                inner, batch_size=self.deps.settings.embedding_batch_size, concurrency=concurrency,
            )
        return self._embedders[model_id]

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
        await self.flusher.aclose()
        for embedder in self._embedders.values():
            await embedder.aclose()
        if self._caption_model is not None:
            await self._caption_model.aclose()
        await self.stores.aclose()
        await self.fetcher.aclose()
