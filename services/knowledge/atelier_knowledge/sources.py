"""Documents' source files in object storage: leased while an upload is between its object and its
document row, removed once no document needs them.

- Deleted documents: their sources go right after the delete commits and, for any a crash or a
  storage error left behind, in the periodic sweep; an object a live document still points at
  stays. A row records that its source is gone, so each is removed once.
- Uploads that never became documents (the writer was killed between the object and the row):
  their leases expire and the sweep removes the objects no document refers to.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from atelier_common.service import ServiceDeps
from atelier_common.upload_leases import UploadLeases
from atelier_knowledge.store import documents

log = logging.getLogger("atelier.knowledge.sources")
BATCH = 100
OWNER = "knowledge"  # the gateway leases uploads under the name of the service owning the route


def leases(deps: ServiceDeps) -> UploadLeases:
    settings = deps.settings
    return UploadLeases(deps.redis, OWNER, database_url=settings.database_url, ttl_s=settings.upload_lease_s)


async def remove_deleted(deps: ServiceDeps, document_ids: Sequence[int] | None = None, *,
                         max_batches: int | None = None) -> int:
    """Remove the sources of deleted documents (these, or any) not removed yet; how many rows were
    settled. Rows are locked while their objects go, so concurrent sweeps share the work."""
    settled, batches = 0, 0
    while max_batches is None or batches < max_batches:
        batches += 1
        async with deps.pool.acquire() as conn, conn.transaction():
            batch = await documents.sources_to_remove(conn, BATCH, document_ids)
            if not batch:
                return settled
            keys = {s.tos_uri for s in batch if s.tos_uri}
            kept = await documents.keys_in_use(conn, list(keys), live_only=True) if keys else set()
            for key in keys - kept:
                await deps.storage.delete(key)
            await documents.mark_sources_removed(conn, [s.document_id for s in batch])
        settled += len(batch)
    return settled


async def remove_deleted_now(deps: ServiceDeps, document_ids: Sequence[int]) -> None:
    """Right after a delete commits (one batch: a large dataset's rest goes in the sweep); a
    failure is left to the sweep."""
    try:
        await remove_deleted(deps, document_ids, max_batches=1)
    except Exception as exc:  # noqa: BLE001 - the periodic sweep retries
        log.warning("source files not removed yet", extra={"document_ids": list(document_ids)[:20], "error": str(exc)})


async def remove_abandoned_uploads(deps: ServiceDeps) -> int:
    """Objects whose upload lease expired and that no document (of any status) refers to."""
    held = leases(deps)
    removed = 0
    while expired := await held.expired(BATCH):
        used = await documents.keys_in_use(deps.pool, expired, live_only=False)
        for key in expired:
            if key not in used:
                await deps.storage.delete(key)
                removed += 1
        await held.release(expired)
        if len(expired) < BATCH:
            break
    if removed:
        log.info("abandoned uploads removed", extra={"count": removed})
    return removed


async def sweep(deps: ServiceDeps) -> None:
    await remove_deleted(deps)
    await remove_abandoned_uploads(deps)
