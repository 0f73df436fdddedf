"""Where a dataset's slices are written: its current index, and while an embedder switch runs,
also the index being built for the new embedder (so documents indexed meanwhile are in it too).

The current index gets its writes best-effort during a switch: the switch exists because the
dataset's embedder may no longer answer, and a document must not fail for it when the index that
will replace the current one takes its slices."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from atelier_common.ai import EmbeddingError
from atelier_indexer.context import IndexerContext
from atelier_indexer.errors import BadDocument
from atelier_knowledge.embedders import index_key
from atelier_knowledge.search import SliceDoc
from atelier_knowledge.store import datasets, embedder_switches

log = logging.getLogger("atelier.indexer.targets")


@dataclass(frozen=True)
class IndexTarget:
    key: int  # collection kb_<key>
    model_id: str
    recorded_dimension: int  # 0 until the first vector
    switch_id: int | None = None  # set for the index an embedder switch builds


async def write_targets(ctx: IndexerContext, dataset) -> list[IndexTarget]:  # noqa: ANN001 - a datasets row
    live = IndexTarget(index_key(dataset), dataset["embedding_model"], dataset["embedding_dimension"])
    running = await embedder_switches.running(ctx.pool, dataset["id"])
    if running is None:
        return [live]
    return [live, IndexTarget(running.id, running.to_model, running.dimension, running.id)]


async def all_keys(ctx: IndexerContext, dataset_id: int, *, running_only: bool) -> list[int]:
    """Every index key a dataset has: its current one and those of its switches (running ones, or all)."""
    row = await datasets.get_any(ctx.pool, dataset_id)
    keys = [index_key(row) if row is not None else dataset_id]
    if running_only:
        running = await embedder_switches.running(ctx.pool, dataset_id)
        extra = [running.id] if running is not None else []
    else:
        extra = await embedder_switches.all_ids(ctx.pool, dataset_id) + [dataset_id]
    return list(dict.fromkeys(keys + extra))


async def ensure(ctx: IndexerContext, dataset_id: int, target: IndexTarget, dimension: int) -> None:
    """The target's collection (and full-text index) exist with `dimension`; the first vector's
    dimension is recorded (on the dataset, or on the switch)."""
    if target.recorded_dimension and target.recorded_dimension != dimension:
        raise BadDocument(f"the embedder {target.model_id} returned {dimension}-dimensional vectors; "
                          f"its index uses {target.recorded_dimension}")
    await ctx.stores.vector.ensure_collection(target.key, dimension)
    if ctx.stores.fulltext is not ctx.stores.vector:
        await ctx.stores.fulltext.ensure_index(target.key)
    if not target.recorded_dimension:
        if target.switch_id is None:
            await datasets.set_dimension(ctx.pool, dataset_id, dimension)
        else:
            await embedder_switches.set_dimension(ctx.pool, target.switch_id, dimension)


async def upsert(ctx: IndexerContext, key: int, docs: Sequence[SliceDoc]) -> None:
    await ctx.stores.vector.upsert(key, docs)
    if ctx.stores.fulltext is not ctx.stores.vector:
        await ctx.stores.fulltext.upsert(key, docs)
    ctx.flusher.written(key)


async def embed(ctx: IndexerContext, target: IndexTarget, texts: Sequence[str]) -> list[list[float]]:
    """Vectors from the target's embedder; a permanent refusal is the document's failure, named."""
    try:
        return await ctx.embedder(target.model_id).embed(list(texts))
    except EmbeddingError as exc:
        if exc.permanent:
            raise BadDocument(f"the dataset's embedder {target.model_id} rejected the text: {exc}") from None
        raise EmbeddingError(f"the dataset's embedder {target.model_id} failed: {exc}", permanent=False,
                             status=exc.status) from None


async def embed_into(ctx: IndexerContext, indexes: list[IndexTarget], texts: Sequence[str]
                     ) -> list[tuple[IndexTarget, list[list[float]]]]:
    """Vectors for each target. While a switch runs, a current index whose embedder fails is left
    out (and dropped from `indexes` for the rest of the run): the switch's index takes the slices."""
    out = []
    for target in list(indexes):
        try:
            out.append((target, await embed(ctx, target, texts)))
        except (EmbeddingError, BadDocument) as exc:
            if target.switch_id is not None or len(indexes) == 1:
                raise
            log.warning("current embedder failed during an embedder switch; written to the new index only",
                        extra={"model": target.model_id, "error": str(exc)})
            indexes.remove(target)
    return out
