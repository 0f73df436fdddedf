"""Runs orphaned by a replica that died mid-stream stay in_progress forever unless someone ends
them: every reconcile interval, runs active longer than the run timeout (plus a grace period) are
failed. A live replica always ends its own runs by then (the agent call has that deadline)."""

from __future__ import annotations

import asyncio
import logging

from atelier_common.service import ServiceDeps
from atelier_conversation.store import chats

log = logging.getLogger("atelier.conversation.reaper")

GRACE_S = 60.0
LOST_CODE = 500

async def reap_once(deps: ServiceDeps) -> list[int]:
    limit = deps.settings.chat_run_timeout_s + GRACE_S
    ids = await chats.fail_stale(deps.pool, limit, LOST_CODE,
                                 f"the run was lost: it did not end within {limit:g} s (its server stopped)")
    if ids:
        log.warning("failed %d orphaned chat runs: %s", len(ids), ids)
    return ids


async def run_reaper(deps: ServiceDeps) -> None:
    """Reaps every reconcile interval until cancelled."""
    while True:
        try:
            await reap_once(deps)
        except Exception:  # the next round retries; a DB blip must not end the loop
            log.exception("reaping orphaned chat runs failed")
        await asyncio.sleep(max(1.0, deps.settings.reconcile_interval_s))
