"""Query embeddings, cached in Redis by model and text: a repeated question (an agent's users ask
the same things, the console's recall test re-runs) skips the embedder entirely. The most recent
ones are kept in the process too, for as long, so a question repeated to this replica skips the
Redis round trip as well (a model id names one model, so its vector of a text never changes).

Concurrent retrieves do not queue behind each other on the embedder: their queries are coalesced
into one embedding call (`BatchingEmbedder`; a local model runs one encode at a time on a thread
of its own, so queries arriving while it works join the next encode).
"""

from __future__ import annotations

import hashlib
import logging
import struct
import time
from collections import OrderedDict

from atelier_common.ai import BatchingEmbedder, EmbeddingError, create_embedder, parse_model_id
from atelier_common.settings import Settings

log = logging.getLogger("atelier.knowledge.retrieval")

RECENT_QUERIES = 1024  # vectors kept in the process (~1.5 KB each at 384 dimensions)


def cache_key(model_id: str, text: str) -> str:
    return f"atelier:qemb:{model_id}:{hashlib.sha256(text.encode()).hexdigest()}"


class QueryVectors:
    def __init__(self, settings: Settings, redis) -> None:  # noqa: ANN001 - redis.asyncio.Redis
        self._settings = settings
        self._redis = redis
        self._embedders: dict[str, BatchingEmbedder] = {}
        self._recent: OrderedDict[str, tuple[float, list[float]]] = OrderedDict()  # key -> (expires at, vector)

    def embedder(self, model_id: str) -> BatchingEmbedder:
        if model_id not in self._embedders:
            provider, model, dimensions = parse_model_id(model_id)
            inner = create_embedder(self._settings, provider=provider, model=model, dimensions=dimensions)
            # A local model already uses every core for one encode; an API takes several requests.
            concurrency = 1 if provider == "local" else self._settings.embedding_concurrency
            self._embedders[model_id] = BatchingEmbedder(
                inner, batch_size=self._settings.embedding_batch_size, max_wait_s=0.0, concurrency=concurrency)
        return self._embedders[model_id]

    async def warm_up(self, model_id: str) -> None:
        """Load a local model now (the first query would otherwise wait for it)."""
        await self.embedder(model_id).warm_up()

    def _remember(self, key: str, vector: list[float]) -> list[float]:
        self._recent[key] = (time.monotonic() + self._settings.query_embedding_cache_ttl_s, vector)
        self._recent.move_to_end(key)
        if len(self._recent) > RECENT_QUERIES:
            self._recent.popitem(last=False)
        return vector

    async def vector(self, model_id: str, text: str) -> list[float]:
        key = cache_key(model_id, text)
        recent = self._recent.get(key)
        if recent is not None and recent[0] > time.monotonic():
            self._recent.move_to_end(key)
            return recent[1]
        try:
            cached = await self._redis.get(key)
        except Exception:  # noqa: BLE001 - the cache is an optimisation: without Redis, embed
            log.warning("query embedding cache unavailable", exc_info=True)
            cached = None
        if cached:
            return self._remember(key, list(struct.unpack(f"<{len(cached) // 4}f", cached)))
        try:
            [vector] = await self.embedder(model_id).embed([text])
        except EmbeddingError as err:
            # Name the embedder: a dataset is bound to it, and it may be one that no longer answers.
            raise EmbeddingError(f"the dataset's embedder {model_id} failed: {err}", permanent=err.permanent,
                                 status=err.status) from None
        try:
            await self._redis.set(key, struct.pack(f"<{len(vector)}f", *vector),
                                  ex=self._settings.query_embedding_cache_ttl_s)
        except Exception:  # noqa: BLE001
            log.warning("query embedding not cached", exc_info=True)
        return self._remember(key, vector)

    async def aclose(self) -> None:
        for embedder in self._embedders.values():
            await embedder.aclose()
