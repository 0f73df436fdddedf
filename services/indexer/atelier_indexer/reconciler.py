"""Re-drives documents stuck queued or chunking with no sign of life (a lost event, a worker
killed mid-document while its partition sat unassigned...). A document re-driven too often ends
Failed with the reason instead of looping forever. Each pass also forgets dedupe records older
than `processed_events_retention_s` (past the topic's retention no redelivery can need them),
and the first pass re-analyzes full-text data written under an older analyzer (`reanalyzer`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from atelier_common.auth import internal_context
from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers.index_document import fail
from atelier_indexer.reanalyzer import reanalyze_pending
from atelier_knowledge import events
from atelier_knowledge.store import documents
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer.reconciler")
LOCK_KEY = 0x6B6E6F776C656467  # one reconciler pass at a time across replicas


async def reconcile_once(ctx: IndexerContext) -> int:
    """One pass; the number of documents re-driven or failed."""
    settings = ctx.deps.settings
    acted = 0
    async with ctx.pool.acquire() as conn, conn.transaction():
        if not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", LOCK_KEY):
            return 0
        await conn.execute(
            "DELETE FROM processed_events WHERE group_id = $1 AND processed_at < now() - make_interval(secs => $2)",
            ctx.group_id, settings.processed_events_retention_s,
        )
        stuck = await documents.stuck(conn, settings.reconcile_stuck_after_s)
        to_fail = []
        for doc in stuck:
            attempts = await documents.touch_redriven(conn, doc["id"])
            if attempts > settings.index_max_attempts:
                to_fail.append((doc, attempts))
                continue
            await events.publish(conn, doc["id"], epb.IndexDocument(
                space_id=doc["space_id"], dataset_id=doc["dataset_id"], document_id=doc["id"], attempt=attempts))
            log.warning("re-driving stuck document", extra={"document_id": doc["id"], "attempt": attempts})
            acted += 1
    for doc, attempts in to_fail:
        await fail(ctx, doc["dataset_id"], doc["id"], f"indexing did not finish after {attempts - 1} re-drives")
        acted += 1
    return acted


async def run_reconciler(ctx: IndexerContext, stop: asyncio.Event) -> None:
    interval = ctx.deps.settings.reconcile_interval_s
    analyzed = False
    while not stop.is_set():
        try:
            with internal_context():
                await reconcile_once(ctx)
                if not analyzed:
                    await reanalyze_pending(ctx)
                    analyzed = True
        except Exception:
            log.exception("reconciler pass failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)
