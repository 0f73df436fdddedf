"""No run stays `running` after its executor died. Every `workflow_reconcile_interval_s` the
service looks for running runs whose lease lapsed (their holder stopped renewing: killed,
stalled, or a run requested but never claimed): an async or test run is released and asked for
again through the outbox, so a worker takes it over from its checkpoint; a sync or stream run,
whose caller is gone with the process, ends failed. Replicas share the work (SKIP LOCKED)."""

from __future__ import annotations

import asyncio
import logging

from atelier_common.service import ServiceDeps
from atelier_workflow.domain.runs import QUEUED_MODES
from atelier_workflow.runs.starting import request_run
from atelier_workflow.store import executions

log = logging.getLogger("atelier.workflow.reconciler")
BATCH = 100


async def reconcile_once(deps: ServiceDeps) -> int:
    """One pass; how many runs it re-drove or ended."""
    lease_s = deps.settings.workflow_lease_s
    async with deps.pool.acquire() as conn, conn.transaction():
        lapsed = await executions.lapsed(conn, limit=BATCH)
        for run in lapsed:
            if run.mode in QUEUED_MODES:
                await executions.release_for_redrive(conn, run.id, lease_s)
                await request_run(conn, run)
            else:
                await executions.abandon(conn, run.id, "the process running it stopped before it finished")
    if lapsed:
        log.info("runs with a lapsed lease handled", extra={"execute_ids": [r.id for r in lapsed]})
    return len(lapsed)


async def run_reconciler(deps: ServiceDeps, stop: asyncio.Event) -> None:
    interval = deps.settings.workflow_reconcile_interval_s
    while not stop.is_set():
        try:
            await reconcile_once(deps)
        except Exception:  # noqa: BLE001 - the next pass tries again
            log.exception("reconciling workflow runs failed")
        try:
            await asyncio.wait_for(stop.wait(), interval)
        except TimeoutError:
            pass
