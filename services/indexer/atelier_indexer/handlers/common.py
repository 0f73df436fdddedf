"""Helpers shared by the handlers: dedupe records, cleanup of a document's indexed data and source files."""

from __future__ import annotations

import asyncpg

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_knowledge.store import documents, slices, tables


async def already_processed(conn: asyncpg.Connection | asyncpg.Pool, group_id: str, event_id: str) -> bool:
    return bool(await conn.fetchval(
        "SELECT true FROM processed_events WHERE group_id = $1 AND event_id = $2", group_id, event_id
    ))


async def record_processed(conn: asyncpg.Connection | asyncpg.Pool, group_id: str, event_id: str) -> None:
    await conn.execute(
        "INSERT INTO processed_events (group_id, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", group_id, event_id
    )


async def remove_document_data(ctx: IndexerContext, dataset_id: int, document_id: int, *, rows: bool = True) -> None:
    """Everything indexed for a document: search-store entries (in the dataset's current index and
    the one a running embedder switch builds), and (rows=True) slices and table rows."""
    for key in await targets.all_keys(ctx, dataset_id, running_only=True):
        await ctx.stores.vector.delete_documents(key, [document_id])
        if ctx.stores.fulltext is not ctx.stores.vector:
            await ctx.stores.fulltext.delete_documents(key, [document_id])
    if rows:
        async with ctx.pool.acquire() as conn, conn.transaction():
            await slices.delete_for_document(conn, document_id)
            await tables.delete_document_rows(conn, dataset_id, document_id)


async def drop_dataset_data(ctx: IndexerContext, dataset_id: int) -> None:
    """Every search index the dataset has had (its first, its current, its switches')."""
    for key in await targets.all_keys(ctx, dataset_id, running_only=False):
        await drop_index(ctx, key)


async def drop_index(ctx: IndexerContext, key: int) -> None:
    await ctx.stores.vector.drop_dataset(key)
    if ctx.stores.fulltext is not ctx.stores.vector:
        await ctx.stores.fulltext.drop_dataset(key)


async def remove_source_files(ctx: IndexerContext, *, document_ids: list[int] | None = None,
                              dataset_id: int | None = None) -> None:
    """Delete from object storage the uploaded sources of deleted documents (these, or all of a
    dataset's), except objects a live document still points at. Idempotent."""
    keys = await documents.source_keys_to_remove(ctx.pool, document_ids, dataset_id)
    for key in keys:
        await ctx.deps.storage.delete(key)
