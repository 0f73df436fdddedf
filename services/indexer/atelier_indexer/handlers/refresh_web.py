"""RefreshWebDocument: fetch a web page document again; when its text changed (or the document had
failed), store the new text and queue the document for indexing through the outbox. An unchanged
page costs one fetch and nothing else. Idempotent: a redelivered event finds the document queued
(or its hash current) and stops."""

from __future__ import annotations

import logging

from atelier_indexer import web
from atelier_indexer.context import IndexerContext
from atelier_indexer.errors import BadDocument, Superseded
from atelier_knowledge import events
from atelier_knowledge.domain.enums import DocStatus, Source
from atelier_knowledge.store import documents
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer.refresh_web")
REFRESHABLE = (DocStatus.ENABLE, DocStatus.FAILED)


async def handle(ctx: IndexerContext, event: epb.RefreshWebDocument) -> None:
    async with ctx.document_turn(event.document_id):
        await _run(ctx, event)


async def _run(ctx: IndexerContext, event: epb.RefreshWebDocument) -> None:
    doc = await documents.get(ctx.pool, event.document_id)
    if doc is None or doc["source_type"] != Source.WEB or doc["status"] not in REFRESHABLE:
        return
    try:
        page = await web.fetch(ctx, doc["web_url"])
    except BadDocument as exc:
        # The indexed text stays searchable; the next interval tries again.
        log.warning("web page refresh failed", extra={"document_id": doc["id"], "reason": exc.reason})
        return
    if page.content_hash == doc["content_hash"] and doc["status"] == DocStatus.ENABLE:
        log.info("web page unchanged", extra={"document_id": doc["id"]})
        return
    try:
        await web.store(ctx, doc, page, expected_status=doc["status"])
    except Superseded:
        return
    async with ctx.pool.acquire() as conn, conn.transaction():
        status = await conn.fetchval("SELECT status FROM documents WHERE id = $1 FOR UPDATE", doc["id"])
        if status not in REFRESHABLE:
            return
        await documents.mark_queued(conn, [doc["id"]])
        await events.index_documents(conn, space_id=doc["space_id"], dataset_id=doc["dataset_id"],
                                     document_ids=[doc["id"]], is_resegment=True)
    log.info("web page changed; re-indexing", extra={"document_id": doc["id"]})
