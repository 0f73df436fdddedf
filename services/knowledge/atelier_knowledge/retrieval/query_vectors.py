"""Query embeddings, cached in Redis by model and text: a repeated question (an agent's users ask
the same things, the console's recall test re-runs) skips the embedder entirely."""

from __future__ import annotations

import hashlib
import logging
import struct

from atelier_common.ai import Embedder, create_embedder, parse_model_id
from atelier_common.settings import Settings

log = logging.getLogger("atelier.knowledge.retrieval")


def cache_key(model_id: str, text: str) -> str:
    return f"atelier:qemb:{model_id}:{hashlib.sha256(text.encode()).hexdigest()}"


class QueryVectors:
    def __init__(self, settings: Settings, redis) -> None:  # noqa: ANN001 - redis.asyncio.Redis
        self._settings = settings
        self._redis = redis
        self._embedders: dict[str, Embedder] = {}

    def _embedder(self, model_id: str) -> Embedder:
        if model_id not in self._embedders:
            provider, model, dimensions = parse_model_id(model_id)
            self._embedders[model_id] = create_embedder(self._settings, provider=provider, model=model,
                                                        dimensions=dimensions)
        return self._embedders[model_id]

    async def vector(self, model_id: str, text: str) -> list[float]:
        key = cache_key(model_id, text)
        try:
            cached = await self._redis.get(key)
        except Exception:  # noqa: BLE001 - the cache is an optimisation: without Redis, embed
            log.warning("query embedding cache unavailable", exc_info=True)
            cached = None
        if cached:
            return list(struct.unpack(f"<{len(cached) // 4}f", cached))
        [vector] = await self._embedder(model_id).embed([text])
        try:
            await self._redis.set(key, struct.pack(f"<{len(vector)}f", *vector),
                                  ex=self._settings.query_embedding_cache_ttl_s)
        except Exception:  # noqa: BLE001
            log.warning("query embedding not cached", exc_info=True)
        return vector

    async def aclose(self) -> None:
        for embedder in self._embedders.values():
            await embedder.aclose()
