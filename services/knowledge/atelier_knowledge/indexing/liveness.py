"""Signs of life from the indexer, for the reconciler: the documents an indexer holds (fetched and
not finished, whatever phase: waiting for their turn, parsing a large file, embedding) are
heartbeated, and a backlog on its partitions means queued documents are behind it, not lost. So
`reconcile_stuck_after_s` can be well under a minute without re-driving a slow document."""

from __future__ import annotations

from urllib.parse import urlsplit

from atelier_common.service import ServiceDeps
from atelier_knowledge.store import documents
from atelier_proto import knowledge_pb2 as kpb


def _backlog_key(deps: ServiceDeps) -> str:
    # One Redis may serve several deployments (test stacks each have their own database).
    database = urlsplit(deps.settings.database_url).path.lstrip("/") or "default"
    return f"atelier:indexer-backlog:{database}"


async def heartbeat(deps: ServiceDeps, req: kpb.HeartbeatDocumentsRequest) -> kpb.HeartbeatDocumentsResponse:
    if req.document_ids:
        await documents.heartbeat(deps.pool, list(req.document_ids))
    if req.backlog:  # remembered for a few reconciler intervals: the indexer reports every interval
        ttl = max(1, round(3 * deps.settings.reconcile_interval_s))
        await deps.redis.set(_backlog_key(deps), b"1", ex=ttl)
    return kpb.HeartbeatDocumentsResponse()


async def indexer_behind(deps: ServiceDeps) -> bool:
    """An indexer reported events still waiting on its partitions, lately."""
    return bool(await deps.redis.exists(_backlog_key(deps)))
