"""RefreshWebDocument: fetch a web page document again; when its text changed (or the document had
failed), store the new text and have knowledge queue the document for indexing (RecordWebPage
with reindex, one transaction on its side). An unchanged page costs one fetch and nothing else.
Idempotent: a redelivered event finds the document queued (knowledge refuses the reindex) or the
hash current."""

from __future__ import annotations

import logging

from atelier_indexer import web
from atelier_indexer.context import IndexerContext
from atelier_indexer.errors import BadDocument
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer.refresh_web")


async def handle(ctx: IndexerContext, event: epb.RefreshWebDocument) -> None:
    async with ctx.document_turn(event.document_id):
        await _run(ctx, event)


async def _run(ctx: IndexerContext, event: epb.RefreshWebDocument) -> None:
    try:
        page = await web.fetch(ctx, event.web_url)
    except BadDocument as exc:
        # The indexed text stays searchable; the next interval tries again.
        log.warning("web page refresh failed", extra={"document_id": event.document_id, "reason": exc.reason})
        return
    if page.content_hash == event.content_hash and not event.failed:
        log.info("web page unchanged", extra={"document_id": event.document_id})
        return
    if await web.store(ctx, event.document_id, event.tos_uri, page, reindex=True):
        log.info("web page changed; re-indexing", extra={"document_id": event.document_id})
