"""DocumentReview: chunk a file as the user configured and store the chunk tree; index nothing."""

from __future__ import annotations

import asyncio
import json

from atelier_common.ai import EmbeddingError
from atelier_common.storage import ObjectNotFound
from atelier_indexer.chunking import CL100K, chunk_document, chunk_sizing, rules_from_strategy
from atelier_indexer.context import IndexerContext
from atelier_indexer.parsing import ParseError, ParseOptions, parse_document
from atelier_proto import events_pb2 as epb


async def handle(ctx: IndexerContext, event: epb.DocumentReview) -> None:
    try:
        sizing = chunk_sizing(event.embedding_model, ctx.deps.settings) if event.embedding_model else None
    except EmbeddingError as exc:  # its declared tokenizer cannot be loaded
        await ctx.knowledge.finish_review(event.review_id, succeeded=False,
                                          error=f"the dataset's embedder cannot size chunks: {exc}")
        return
    rules = rules_from_strategy(event.chunk_strategy if event.HasField("chunk_strategy") else None,
                                sizing.limit if sizing else None)
    counter = sizing.counter if sizing else CL100K  # chunks measured in the embedder's tokenizer
    parsing = event.parsing_strategy
    options = ParseOptions(extract_tables=not parsing.HasField("table_extraction") or parsing.table_extraction)
    try:
        data = await ctx.deps.storage.get(event.tos_uri)
        chunks = await asyncio.to_thread(
            lambda: chunk_document(parse_document(data, event.document_type, options), rules, counter))
    except (ParseError, ObjectNotFound) as exc:
        reason = exc.reason if isinstance(exc, ParseError) else "the file is missing from object storage"
        await ctx.knowledge.finish_review(event.review_id, succeeded=False, error=reason)
        return
    tree = [{"sequence": c.sequence, "content": c.content, "tokens": c.tokens, "heading_path": list(c.heading_path),
             "page": c.page} for c in chunks]
    key = f"reviews/{event.space_id}/{event.review_id}.preview.json"
    await ctx.deps.storage.put(key, json.dumps(tree, ensure_ascii=False).encode(), "application/json")
    await ctx.knowledge.finish_review(event.review_id, succeeded=True, doc_tree_uri=key)
