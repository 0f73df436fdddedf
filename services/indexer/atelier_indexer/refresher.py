"""Periodic refresh of web page documents (update_type 1): every `web_refresh_interval_s` one
replica claims the pages whose `update_interval` hours have passed since their last fetch and writes
a RefreshWebDocument event for each, in the same transaction. The claim time lives in Postgres, so
a restart neither loses a due refresh nor repeats one."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from atelier_common.auth import internal_context
from atelier_indexer.context import IndexerContext
from atelier_knowledge import events
from atelier_knowledge.store import documents
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer.refresher")
LOCK_KEY = 0x7765627265667368  # one refresher pass at a time across replicas


async def refresh_once(ctx: IndexerContext) -> int:
    """One pass; the number of pages queued for a refresh."""
    async with ctx.pool.acquire() as conn, conn.transaction():
        if not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", LOCK_KEY):
            return 0
        due = await documents.claim_due_web_pages(conn)
        for doc in due:
            await events.publish(conn, doc["id"], epb.RefreshWebDocument(
                space_id=doc["space_id"], dataset_id=doc["dataset_id"], document_id=doc["id"]))
    if due:
        log.info("web pages due for a refresh", extra={"count": len(due)})
    return len(due)


async def run_refresher(ctx: IndexerContext, stop: asyncio.Event) -> None:
    interval = ctx.deps.settings.web_refresh_interval_s
    while not stop.is_set():
        try:
            with internal_context():
                await refresh_once(ctx)
        except Exception:
            log.exception("web page refresher pass failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)
