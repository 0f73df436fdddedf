"""IndexSlice: (re-)embed one hand-edited slice and write it to the search stores."""

from __future__ import annotations

import json

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers.common import already_processed, record_processed
from atelier_knowledge.domain.enums import DocStatus, FormatType
from atelier_knowledge.search import SliceDoc
from atelier_knowledge.store import datasets, documents, slices, tables
from atelier_proto import events_pb2 as epb


def search_text(content: str, semantic: set[str] | None) -> str:
    """Table rows are stored as JSON; only their indexed columns are embedded."""
    if semantic is None:
        return content
    try:
        row = json.loads(content)
    except ValueError:
        return content
    if not isinstance(row, dict):
        return content
    return "\n".join(f"{k}: {v}" for k, v in row.items() if k in semantic and v is not None) or content


async def handle(ctx: IndexerContext, event: epb.IndexSlice, event_id: str) -> None:
    async with ctx.document_turn(event.document_id):
        await _run(ctx, event, event_id)


async def _run(ctx: IndexerContext, event: epb.IndexSlice, event_id: str) -> None:
    if await already_processed(ctx.pool, ctx.group_id, event_id):
        return
    row = await slices.get(ctx.pool, event.slice_id)
    dataset = await datasets.get(ctx.pool, event.dataset_id)
    doc = await documents.get(ctx.pool, event.document_id)
    if row is None or dataset is None or doc is None or doc["status"] == DocStatus.DELETED:
        await record_processed(ctx.pool, ctx.group_id, event_id)  # deleted since: nothing to index
        return
    semantic = None
    if dataset["format_type"] == FormatType.TABLE:
        columns = await tables.get_columns(ctx.pool, dataset["id"]) or []
        semantic = {c.column_name for c in columns if c.is_semantic}
    text = search_text(row["content"], semantic)
    indexes = await targets.write_targets(ctx, dataset)
    for target, [vector] in await targets.embed_into(ctx, indexes, [text]):
        await targets.ensure(ctx, dataset["id"], target, len(vector))
        item = SliceDoc(slice_id=row["id"], document_id=row["document_id"], dataset_id=dataset["id"], content=text,
                        vector=vector)
        await targets.upsert(ctx, target.key, [item])
    async with ctx.pool.acquire() as conn, conn.transaction():
        current = await slices.get(conn, row["id"], for_update=True)
        if current is None:  # deleted while embedding: take the vector back out
            for target in indexes:
                await ctx.stores.vector.delete_slices(target.key, [row["id"]])
                if ctx.stores.fulltext is not ctx.stores.vector:
                    await ctx.stores.fulltext.delete_slices(target.key, [row["id"]])
        elif current["content"] == row["content"]:
            await slices.mark_stored(conn, [row["id"]])
        await record_processed(conn, ctx.group_id, event_id)
