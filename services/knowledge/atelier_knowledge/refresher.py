"""Periodic refresh of web page documents (update_type 1): one replica at a time claims the pages
whose `update_interval` hours have passed since their last fetch and writes a RefreshWebDocument
event for each, in the same transaction; the indexer fetches the page and, when its text changed,
records it (RecordWebPage), which queues the document again. The claim time lives in Postgres, so
a restart neither loses a due refresh nor repeats one."""

from __future__ import annotations

import logging

from atelier_common.service import ServiceDeps
from atelier_knowledge import events
from atelier_knowledge.store import documents
from atelier_proto import events_pb2 as epb
from atelier_proto.enums import DocumentStatus

log = logging.getLogger("atelier.knowledge.refresher")
LOCK_KEY = 0x7765627265667368  # one refresher pass at a time across replicas


async def refresh_once(deps: ServiceDeps) -> int:
    """One pass; the number of pages queued for a refresh."""
    async with deps.pool.acquire() as conn, conn.transaction():
        if not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", LOCK_KEY):
            return 0
        due = await documents.claim_due_web_pages(conn)
        for doc in due:
            await events.publish(conn, doc.id, epb.RefreshWebDocument(
                document_id=doc.id, web_url=doc.web_url, tos_uri=doc.tos_uri,
                content_hash=doc.content_hash, failed=doc.status == DocumentStatus.Failed))
    if due:
        log.info("web pages due for a refresh", extra={"count": len(due)})
    return len(due)
