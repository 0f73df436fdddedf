"""IndexDocuments: one IndexDocument per document, keyed by document id, so documents of one
batch are indexed in parallel across partitions and workers."""

from __future__ import annotations

import asyncpg

from atelier_indexer.context import IndexerContext
from atelier_knowledge import events
from atelier_knowledge.store import documents
from atelier_proto import events_pb2 as epb


async def handle(ctx: IndexerContext, event: epb.IndexDocuments, conn: asyncpg.Connection) -> None:
    """Runs inside the dedupe transaction: the fan-out events exist iff the event is marked done."""
    for row in await documents.get_many(conn, list(event.document_ids)):
        await events.publish(conn, row["id"], epb.IndexDocument(
            space_id=event.space_id, dataset_id=event.dataset_id, document_id=row["id"],
            is_append=event.is_append, is_resegment=event.is_resegment,
        ))
