"""DeleteKnowledgeData: remove slices, documents or a whole dataset from the search stores, and
deleted documents' source files from object storage."""

from __future__ import annotations

from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers.common import drop_dataset_data, remove_source_files
from atelier_proto import events_pb2 as epb


async def handle(ctx: IndexerContext, event: epb.DeleteKnowledgeData) -> None:
    """Idempotent: deleting what is already gone is a no-op, so no dedupe record is needed."""
    stores = [ctx.stores.vector] + ([ctx.stores.fulltext] if ctx.stores.fulltext is not ctx.stores.vector else [])
    if event.slice_ids:
        for store in stores:
            await store.delete_slices(event.dataset_id, list(event.slice_ids))
    if event.document_ids:
        for store in stores:
            await store.delete_documents(event.dataset_id, list(event.document_ids))
        await remove_source_files(ctx, document_ids=list(event.document_ids))
    if not event.slice_ids and not event.document_ids:
        await drop_dataset_data(ctx, event.dataset_id)
        await remove_source_files(ctx, dataset_id=event.dataset_id)
