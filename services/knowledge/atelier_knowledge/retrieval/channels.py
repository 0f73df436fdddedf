"""The retrieval channels: each answers with a ranked list of slices, or with an error that
degrades the answer instead of failing it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from atelier_knowledge.domain.entities import Dataset
from atelier_knowledge.domain.fusion import ChannelHit
from atelier_knowledge.embedders import index_key
from atelier_knowledge.retrieval.kept_datasets import KeptDatasets
from atelier_knowledge.retrieval.query_vectors import QueryVectors
from atelier_search import SearchStores, analyzers

log = logging.getLogger("atelier.knowledge.retrieval")

T = TypeVar("T")

VECTOR, FULLTEXT, NL2SQL, REWRITE, RERANK, FEEDBACK = "vector", "fulltext", "nl2sql", "rewrite", "rerank", "feedback"


@dataclass
class Stage:
    """What a channel is doing, so a timeout can say where it stalled (e.g. which embedder)."""

    doing: str = ""


@dataclass
class Outcome:
    channel: str
    hits: list[ChannelHit] = field(default_factory=list)
    took_ms: int = 0
    error: str | None = None


async def timed(channel: str, work: Awaitable[list[ChannelHit]], timeout_s: float, *,
                stage: Stage | None = None) -> Outcome:
    """Run one channel under its timeout; any failure becomes the outcome's error."""
    started = time.perf_counter()
    try:
        async with asyncio.timeout(timeout_s):  # unlike wait_for, no task of its own per channel
            hits = await work
        error = None
    except TimeoutError:
        where = f" {stage.doing}" if stage is not None and stage.doing else ""
        hits, error = [], f"timed out after {timeout_s:g} s{where}"
    except Exception as exc:  # noqa: BLE001 - a failed channel degrades the answer
        log.warning("retrieval channel failed", extra={"channel": channel, "error": str(exc)})
        hits, error = [], f"{type(exc).__name__}: {exc}"
    return Outcome(channel, hits, int((time.perf_counter() - started) * 1000), error)


async def _each(works: Sequence[Awaitable[T]]) -> list[T]:
    """gather, without its task when there is only one (one dataset, one embedding model: the usual case)."""
    if len(works) == 1:
        return [await works[0]]
    return list(await asyncio.gather(*works))


def _merge(per_dataset: Sequence[Sequence[ChannelHit]], depth: int) -> list[ChannelHit]:
    merged = [hit for hits in per_dataset for hit in hits]
    merged.sort(key=lambda h: -h.score)
    return merged[:depth]


async def vector_search(stores: SearchStores, vectors: QueryVectors, datasets: Sequence[Dataset], query: str,
                        depth: int, document_ids: Sequence[int] | None, *, stage: Stage | None = None,
                        moved: Mapping[str, Sequence[float]] | None = None,
                        with_vectors: bool = False, kept: KeptDatasets | None = None) -> list[ChannelHit]:
    """Dense search in every dataset's collection; the query is embedded once per embedding
    model (datasets keep the model they were created with). `moved`: query vectors per model
    already computed (pseudo-relevance feedback), used instead of embedding the query.
    `with_vectors`: hits carry their vectors (as stored, or unit length when kept). `kept`: the
    datasets whose vectors this process keeps are searched here, exactly, the others in the store."""
    stage = stage or Stage()
    models = sorted({d.embedding_model for d in datasets})
    if moved is not None:
        by_model = {m: moved[m] for m in models}
    else:
        stage.doing = f"embedding the query with {', '.join(models)}"
        by_model = dict(zip(models, await _each([vectors.vector(m, query) for m in models]), strict=True))
    stage.doing = "searching the vector index"

    async def one(dataset: Dataset) -> list[ChannelHit]:
        vectors = kept.dense(dataset) if kept is not None else None
        if vectors is not None:
            return vectors.search(by_model[dataset.embedding_model], depth, document_ids, with_vectors=with_vectors)
        hits = await stores.vector.search_dense(index_key(dataset), by_model[dataset.embedding_model], depth,
                                                document_ids=document_ids, with_vectors=with_vectors)
        return [ChannelHit(h.slice_id, h.score, h.vector) for h in hits]

    return _merge(await _each([one(d) for d in datasets]), depth)


async def fulltext_search(stores: SearchStores, datasets: Sequence[Dataset], query: str, depth: int,
                          document_ids: Sequence[int] | None, *, analyzed: bool = False,
                          kept: KeptDatasets | None = None) -> list[ChannelHit]:
    """`analyzed`: `query` is already analyzer output (see the stores' search_text). `kept`: the
    datasets whose index this process keeps are searched there, the others in the store."""
    async def one(dataset: Dataset) -> list[ChannelHit]:
        index = kept.index(dataset) if kept is not None else None
        if index is not None:
            return index.search(query.split() if analyzed else analyzers.tokenize(query), depth, document_ids)
        hits = await stores.fulltext.search_text(index_key(dataset), query, depth, document_ids=document_ids,
                                                 analyzed=analyzed)
        return [ChannelHit(h.slice_id, h.score) for h in hits]

    return _merge(await _each([one(d) for d in datasets]), depth)
