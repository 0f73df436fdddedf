"""IndexSlice: (re-)embed one hand-edited slice and write it to the search stores."""

from __future__ import annotations

import json

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers.common import already_processed, record_processed
from atelier_proto import events_pb2 as epb
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import FormatType
from atelier_search import SliceDoc


def semantic_columns(dataset: kpb.IndexingDataset) -> set[str] | None:
    """Table datasets: the columns embedded for semantic search (None: embed the whole content)."""
    if dataset.format_type != FormatType.Table:
        return None
    return {c.column_name for c in dataset.columns if c.is_semantic}


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
    if await already_processed(ctx, event_id):
        return
    found = await ctx.knowledge.slices_by_id([event.slice_id])
    dataset = await ctx.knowledge.dataset(event.dataset_id)
    if not found or dataset is None or not dataset.live:
        await record_processed(ctx, event_id)  # deleted since: nothing to index
        return
    [piece] = found
    text = search_text(piece.content, semantic_columns(dataset))
    indexes = targets.write_targets(dataset)
    for target, [vector] in await targets.embed_into(ctx, indexes, [text]):
        await targets.ensure(ctx, dataset.dataset_id, target, len(vector))
        await targets.upsert(ctx, target.key, [SliceDoc(slice_id=piece.slice_id, document_id=piece.document_id,
                                                        dataset_id=dataset.dataset_id, content=text, vector=vector)])
    gone = await ctx.knowledge.mark_stored([kpb.StoredSlice(slice_id=piece.slice_id, content_hash=piece.content_hash)])
    if gone:  # deleted while embedding: take the vector back out
        await targets.delete_slices(ctx, [t.key for t in indexes], gone)
    await record_processed(ctx, event_id)
