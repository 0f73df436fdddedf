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
from atelier_proto import knowledge_pb2 as kpb
from atelier_search import SliceDoc

log = logging.getLogger("atelier.indexer.targets")


@dataclass(frozen=True)
class IndexTarget:
    key: int  # collection kb_<key>
    model_id: str
    recorded_dimension: int  # 0 until the first vector
    switch_id: int | None = None  # set for the index an embedder switch builds

    def with_dimension(self, dimension: int) -> IndexTarget:
        return IndexTarget(self.key, self.model_id, dimension, self.switch_id)


def switch_target(switch: kpb.IndexingSwitch) -> IndexTarget:
    return IndexTarget(switch.switch_id, switch.to_model, switch.dimension, switch.switch_id)


def write_targets(dataset: kpb.IndexingDataset) -> list[IndexTarget]:
    live = IndexTarget(dataset.index_key, dataset.embedding_model, dataset.embedding_dimension)
    if not dataset.HasField("running_switch"):
        return [live]
    return [live, switch_target(dataset.running_switch)]


def live_keys(dataset: kpb.IndexingDataset) -> list[int]:
    """The indexes a document or slice of the dataset is in: the current one, a running switch's."""
    keys = [dataset.index_key]
    if dataset.HasField("running_switch"):
        keys.append(dataset.running_switch.switch_id)
    return list(dict.fromkeys(keys))


def all_keys(dataset: kpb.IndexingDataset) -> list[int]:
    """Every index the dataset has had (dropping it takes them all)."""
    return list(dict.fromkeys([*live_keys(dataset), *dataset.all_index_keys]))


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
        await ctx.knowledge.set_dimension(dataset_id, dimension, switch_id=target.switch_id)


async def upsert(ctx: IndexerContext, key: int, docs: Sequence[SliceDoc]) -> None:
    """Written with the slices other documents write to the same index meanwhile (`ctx.writer`)."""
    await ctx.writer.write(key, docs)


async def delete_slices(ctx: IndexerContext, keys: Sequence[int], slice_ids: Sequence[int]) -> None:
    for key in keys:
        for store in ctx.stores.distinct():
            await store.delete_slices(key, slice_ids)


async def delete_documents(ctx: IndexerContext, keys: Sequence[int], document_ids: Sequence[int]) -> None:
    for key in keys:
        for store in ctx.stores.distinct():
            await store.delete_documents(key, document_ids)


async def drop(ctx: IndexerContext, keys: Sequence[int]) -> None:
    for key in keys:
        for store in ctx.stores.distinct():
            await store.drop_dataset(key)


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
