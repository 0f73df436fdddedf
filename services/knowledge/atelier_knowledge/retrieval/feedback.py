"""The pseudo-relevance feedback pass (I/O around domain.feedback): the first pass's fused best
passages are read (their text from the database, analyzed as the full-text index analyzes it;
their vectors from the vector store), each channel's query is moved towards them, and the
channels search again. The caller fuses the second pass as it fused the first."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TypeVar

from atelier_knowledge.domain import feedback
from atelier_knowledge.domain.entities import Dataset
from atelier_knowledge.domain.fusion import Fused
from atelier_knowledge.embedders import index_key
from atelier_knowledge.retrieval import channels
from atelier_knowledge.retrieval.channels import FULLTEXT, VECTOR, Outcome
from atelier_knowledge.retrieval.kept_datasets import KeptDatasets
from atelier_knowledge.retrieval.query_vectors import QueryVectors
from atelier_knowledge.store import slices
from atelier_search import SearchStores, analyzers

T = TypeVar("T")
SETTINGS = feedback.FeedbackSettings()
TEXT_STORE = "milvus-bm25"  # the store whose analysis `analyzers` reproduces


async def second_pass(pool, stores: SearchStores, vectors: QueryVectors, datasets: Sequence[Dataset],  # noqa: ANN001
                      query: str, first: Sequence[Fused], answered: Sequence[str], depth: int,
                      document_ids: Sequence[int] | None, timeout: float, *,
                      with_vectors: bool = False, kept: KeptDatasets | None = None) -> dict[str, Outcome]:
    """The channels that answered the first pass (`answered`), searched again with the query
    moved towards `first`'s best passages; a channel with nothing to learn from is left out.
    `with_vectors` and `kept`: as channels.vector_search and channels.fulltext_search take them."""
    ranked = [f.slice_id for f in first]
    text_feedback = FULLTEXT in answered and stores.fulltext.name == TEXT_STORE
    # The feedback passages' text (database) and vectors (vector store) are read at once.
    text, moved = await asyncio.gather(
        _expanded_text(pool, query, ranked) if text_feedback else _nothing(""),
        _moved_vectors(stores, vectors, datasets, query, ranked) if VECTOR in answered else _nothing({}))
    work: dict[str, asyncio.Task[Outcome]] = {}
    if text:
        work[FULLTEXT] = asyncio.ensure_future(channels.timed(
            FULLTEXT, channels.fulltext_search(stores, datasets, text, depth, document_ids, analyzed=True,
                                              kept=kept), timeout))
    if moved:
        stage = channels.Stage()
        work[VECTOR] = asyncio.ensure_future(channels.timed(
            VECTOR, channels.vector_search(stores, vectors, datasets, query, depth, document_ids, stage=stage,
                                           moved=moved, with_vectors=with_vectors, kept=kept),
            timeout, stage=stage))
    return dict(zip(work, await asyncio.gather(*work.values()), strict=True))


async def _nothing(value: T) -> T:
    return value


async def _expanded_text(pool, query: str, ranked: Sequence[int]) -> str:  # noqa: ANN001
    """The RM3-expanded query as weighted analyzed text; "" without feedback passages."""
    ids = list(ranked[: SETTINGS.passages])
    found = {s.id: s.content for s in await slices.retrievable(pool, ids)}
    passages = [analyzers.tokenize(found[i]) for i in ids if i in found]
    if not passages:
        return ""
    weights = feedback.rm3(analyzers.tokenize(query), passages, terms=SETTINGS.terms,
                           original_weight=SETTINGS.original_weight)
    return feedback.weighted_text(weights, resolution=SETTINGS.resolution)


async def _moved_vectors(stores: SearchStores, vectors: QueryVectors, datasets: Sequence[Dataset], query: str,
                         ranked: Sequence[int]) -> dict[str, list[float]]:
    """Per embedding model: the query vector moved towards the best `dense_passages` passages of
    that model's datasets (vectors of different models are not comparable)."""
    models = sorted({d.embedding_model for d in datasets})
    stored: dict[int, list[float]] = {}
    model_of: dict[int, str] = {}
    for dataset, found in zip(datasets, await asyncio.gather(
            *(stores.vector.slice_vectors(index_key(d), ranked[: 4 * SETTINGS.dense_passages]) for d in datasets)),
            strict=True):
        stored.update(found)
        model_of.update(dict.fromkeys(found, dataset.embedding_model))
    out: dict[str, list[float]] = {}
    for model in models:
        chosen = [stored[i] for i in ranked if model_of.get(i) == model][: SETTINGS.dense_passages]
        if not chosen:
            return {}  # a model without feedback: the whole channel keeps its first pass
        out[model] = feedback.rocchio(await vectors.vector(model, query), chosen, beta=SETTINGS.dense_beta)
    return out
