"""DeleteKnowledgeData: remove slices, documents or a whole dataset from the search stores (the
rows and source files are knowledge's, removed there)."""

from __future__ import annotations

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers.common import drop_dataset_data
from atelier_proto import events_pb2 as epb


async def handle(ctx: IndexerContext, event: epb.DeleteKnowledgeData) -> None:
    """Idempotent: deleting what is already gone is a no-op, so no dedupe record is needed. Slices
    and documents leave the dataset's current index and the one a running embedder switch builds
    (as known now, not when the event was written: a switch may have started or ended since)."""
    if event.HasField("index_id"):  # the index an embedder switch replaced
        await targets.drop(ctx, [event.index_id])
        return
    dataset = await ctx.knowledge.dataset(event.dataset_id)
    if not event.slice_ids and not event.document_ids:
        if dataset is not None:
            await drop_dataset_data(ctx, dataset)
        else:
            await targets.drop(ctx, [event.dataset_id])
        return
    keys = targets.live_keys(dataset) if dataset is not None else [event.dataset_id]
    if event.slice_ids:
        await targets.delete_slices(ctx, keys, list(event.slice_ids))
    if event.document_ids:
        await targets.delete_documents(ctx, keys, list(event.document_ids))
