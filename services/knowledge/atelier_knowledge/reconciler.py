"""Re-drives documents stuck queued or chunking with no sign of life (a lost event, an indexer
killed mid-document while its partition sat unassigned...): their IndexDocument is written again
through the outbox. A document re-driven too often ends Failed with the reason instead of looping
forever (its rows go now; a DeleteKnowledgeData event takes its search entries).

"No sign of life" must mean stuck, not slow: the indexer heartbeats the documents it holds every
`reconcile_interval_s` (HeartbeatDocuments), and queued documents are left alone while an indexer
reports events still waiting on its partitions (they are behind a backlog, not lost). So a lost
document is indexed again within about `reconcile_stuck_after_s + reconcile_interval_s`."""

from __future__ import annotations

import logging

from atelier_common.service import ServiceDeps
from atelier_knowledge import events
from atelier_knowledge.indexing.liveness import indexer_behind
from atelier_knowledge.store import documents, slices, tables
from atelier_proto.enums import DocumentStatus

log = logging.getLogger("atelier.knowledge.reconciler")
LOCK_KEY = 0x6B6E6F776C656467  # one reconciler pass at a time across replicas


async def reconcile_once(deps: ServiceDeps) -> int:
    """One pass; the number of documents re-driven or failed."""
    settings = deps.settings
    acted = 0
    behind = await indexer_behind(deps)
    async with deps.pool.acquire() as conn, conn.transaction():
        if not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", LOCK_KEY):
            return 0
        stuck = await documents.stuck(conn, settings.reconcile_stuck_after_s)
        if behind:  # a queued document's event may still be in the backlog
            stuck = [doc for doc in stuck if doc.status != DocumentStatus.Uploading]
        for doc in stuck:
            attempts = await documents.touch_redriven(conn, doc.id)
            if attempts > settings.index_max_attempts:
                reason = f"indexing did not finish after {attempts - 1} re-drives"
                await slices.delete_for_document(conn, doc.id)
                await tables.delete_document_rows(conn, doc.dataset_id, doc.id)
                await documents.mark_failed(conn, doc.id, reason)
                await events.delete_data(conn, dataset_id=doc.dataset_id, document_ids=[doc.id])
                log.warning("stuck document failed", extra={"document_id": doc.id, "reason": reason})
            else:
                await events.index_document(conn, dataset_id=doc.dataset_id, document_id=doc.id)
                log.warning("re-driving stuck document", extra={"document_id": doc.id, "attempt": attempts})
            acted += 1
    return acted
