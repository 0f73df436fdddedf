"""DeleteKnowledgeData: remove slices, documents or a whole dataset from the search stores, and
deleted documents' source files from object storage."""

from __future__ import annotations

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers.common import drop_dataset_data, drop_index, remove_source_files
from atelier_proto import events_pb2 as epb


async def handle(ctx: IndexerContext, event: epb.DeleteKnowledgeData) -> None:
    """Idempotent: deleting what is already gone is a no-op, so no dedupe record is needed. Slices
    and documents leave the dataset's current index and the one a running embedder switch builds."""
    if event.HasField("index_id"):  # the index an embedder switch replaced
        await drop_index(ctx, event.index_id)
        return
    stores = [ctx.stores.vector] + ([ctx.stores.fulltext] if ctx.stores.fulltext is not ctx.stores.vector else [])
    if not event.slice_ids and not event.document_ids:
        await drop_dataset_data(ctx, event.dataset_id)
        await remove_source_files(ctx, dataset_id=event.dataset_id)
        return
    for key in await targets.all_keys(ctx, event.dataset_id, running_only=True):
        for store in stores:
            if event.slice_ids:
                await store.delete_slices(key, list(event.slice_ids))
            if event.document_ids:
                await store.delete_documents(key, list(event.document_ids))
    if event.document_ids:
        await remove_source_files(ctx, document_ids=list(event.document_ids))
