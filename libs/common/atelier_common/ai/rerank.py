"""Rerankers: score (query, passage) pairs jointly, which ranks better than comparing separate
embeddings. Two providers: an HTTP /rerank API in the Jina/Cohere format (also served by vLLM,
Xinference, TEI and others), or a local sentence-transformers cross-encoder when installed."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from typing import Any, Protocol

import httpx

from atelier_common.ai._openai import ModelCallError, is_transient_status
from atelier_common.settings import Settings


class RerankError(ModelCallError):
    """A rerank call failed."""


class Reranker(Protocol):
    async def rerank(self, query: str, passages: Sequence[str]) -> list[float]:
        """A relevance score in 0..1 per passage, in the passages' order."""
        ...

    async def aclose(self) -> None: ...


class HttpReranker:
    def __init__(self, *, base_url: str, api_key: str, model: str, timeout_s: float) -> None:
        self.model = model
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.AsyncClient(base_url=base_url.rstrip("/") + "/", headers=headers, timeout=timeout_s)

    async def rerank(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        body = {"model": self.model, "query": query, "documents": list(passages), "top_n": len(passages)}
        try:
            reply = await self._client.post("rerank", json=body)
        except httpx.HTTPError as err:
            raise RerankError(f"reranker unreachable: {err}", permanent=False) from None
        if reply.status_code != 200:
            raise RerankError(f"reranker failed ({reply.status_code}): {reply.text[:300]}",
                              permanent=not is_transient_status(reply.status_code), status=reply.status_code)
        return _scores(reply.json(), len(passages))

    async def aclose(self) -> None:
        await self._client.aclose()


def _scores(data: Any, count: int) -> list[float]:
    scores = [0.0] * count
    try:
        for item in data["results"]:
            scores[int(item["index"])] = float(item["relevance_score"])
    except (KeyError, TypeError, ValueError, IndexError):
        raise RerankError("reranker answered without results[{index, relevance_score}]", permanent=True) from None
    return scores


class CrossEncoderReranker:
    """sentence-transformers CrossEncoder on this machine (offline: the model must be local)."""

    def __init__(self, *, model: str) -> None:
        self.model = model
        self._encoder: Any = None
        self._lock = asyncio.Lock()

    async def rerank(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        async with self._lock:  # one at a time: the model already uses every core
            if self._encoder is None:
                self._encoder = await asyncio.to_thread(self._load)
            raw = await asyncio.to_thread(self._encoder.predict, [(query, p) for p in passages])
        return [1.0 / (1.0 + math.exp(-float(x))) for x in raw]  # logits -> 0..1

    def _load(self) -> Any:
        try:
            from sentence_transformers import CrossEncoder
        except ImportError as err:
            raise RerankError(f"local reranking needs sentence-transformers: {err}", permanent=True) from None
        try:
            return CrossEncoder(self.model)
        except Exception as err:  # noqa: BLE001 - any load failure is a configuration problem
            raise RerankError(f"cannot load cross-encoder {self.model!r}: {err}", permanent=True) from None

    async def aclose(self) -> None:
        self._encoder = None


def create_reranker(settings: Settings) -> Reranker | None:
    """The configured reranker, or None when reranking is not set up."""
    if settings.rerank_provider == "http":
        return HttpReranker(base_url=settings.rerank_base_url, api_key=settings.rerank_api_key,
                            model=settings.rerank_model, timeout_s=settings.rerank_timeout_s)
    if settings.rerank_provider == "local":
        return CrossEncoderReranker(model=settings.rerank_model)
    return None
