"""DocumentReview: chunk a file as the user configured and store the chunk tree; index nothing."""

from __future__ import annotations

import asyncio
import json

from atelier_common.storage import ObjectNotFound
from atelier_indexer.context import IndexerContext
from atelier_knowledge.chunking import chunk_document
from atelier_knowledge.domain.enums import ReviewStatus
from atelier_knowledge.domain.strategy import rules_from_strategy
from atelier_knowledge.embedders import dataset_chunk_limit
from atelier_knowledge.parsing import ParseError, parse_document
from atelier_knowledge.store import datasets, reviews
from atelier_proto import events_pb2 as epb


async def handle(ctx: IndexerContext, event: epb.DocumentReview) -> None:
    row = await reviews.get(ctx.pool, event.review_id)
    if row is None or row["status"] != ReviewStatus.PROCESSING:
        return  # done already (redelivery) or gone
    dataset = await datasets.get(ctx.pool, event.dataset_id)
    limit = dataset_chunk_limit(dataset, ctx.deps.settings) if dataset is not None else None
    rules = rules_from_strategy(event.chunk_strategy if event.HasField("chunk_strategy") else None, limit)
    try:
        data = await ctx.deps.storage.get(event.tos_uri)
        chunks = await asyncio.to_thread(lambda: chunk_document(parse_document(data, event.document_type), rules))
    except (ParseError, ObjectNotFound) as exc:
        reason = exc.reason if isinstance(exc, ParseError) else "the file is missing from object storage"
        await reviews.finish(ctx.pool, event.review_id, status=ReviewStatus.FAILED, error=reason)
        return
    tree = [{"sequence": c.sequence, "content": c.content, "tokens": c.tokens, "heading_path": list(c.heading_path),
             "page": c.page} for c in chunks]
    key = f"reviews/{event.space_id}/{event.review_id}.preview.json"
    await ctx.deps.storage.put(key, json.dumps(tree, ensure_ascii=False).encode(), "application/json")
    await reviews.finish(ctx.pool, event.review_id, status=ReviewStatus.ENABLE, doc_tree_uri=key)
