"""Helpers shared by the handlers: the indexer's dedupe records (in its own schema) and removing
what was indexed for a document or a dataset from the search stores."""

from __future__ import annotations

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_proto import knowledge_pb2 as kpb


async def already_processed(ctx: IndexerContext, event_id: str) -> bool:
    return await ctx.ledger.seen(ctx.pool, event_id)


async def record_processed(ctx: IndexerContext, event_id: str) -> None:
    await ctx.ledger.record(ctx.pool, event_id)


async def remove_document_data(ctx: IndexerContext, dataset: kpb.IndexingDataset, document_id: int) -> None:
    """A document's search-store entries, in the dataset's current index and the one a running
    embedder switch builds (its rows are knowledge's, removed there)."""
    await targets.delete_documents(ctx, targets.live_keys(dataset), [document_id])


async def drop_dataset_data(ctx: IndexerContext, dataset: kpb.IndexingDataset) -> None:
    """Every search index the dataset has had (its first, its current, its switches')."""
    await targets.drop(ctx, targets.all_keys(dataset))
