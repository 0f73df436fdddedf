"""The indexer's periodic chores, every `reconcile_interval_s`:

- signs of life for knowledge's reconciler: the documents this process holds (events fetched and
  not finished, whatever phase they are in) and whether events still wait on its partitions
  (HeartbeatDocuments), so a slow document is not taken for a lost one;
- forgetting dedupe records older than `processed_events_retention_s` (past the topic's retention
  no redelivery can need them);
- once after start, re-analyzing full-text data written under an older analyzer (`reanalyzer`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from atelier_indexer.context import IndexerContext
from atelier_indexer.reanalyzer import reanalyze_pending

log = logging.getLogger("atelier.indexer.housekeeping")


class Holdings(Protocol):
    """What the stream processor knows of the work in this process (StreamProcessor)."""

    def in_flight_keys(self) -> set[bytes]: ...

    async def backlog(self) -> int: ...


async def report_holdings(ctx: IndexerContext, holdings: Holdings) -> None:
    # Events are keyed by document id (dataset-wide ones by dataset id: no document matches).
    held = [int(key) for key in holdings.in_flight_keys() if key.isdigit()]
    behind = await holdings.backlog() > 0
    if held or behind:
        await ctx.knowledge.heartbeat(held, backlog=behind)


async def forget_old_events(ctx: IndexerContext) -> None:
    await ctx.ledger.forget_older_than(ctx.pool, ctx.deps.settings.processed_events_retention_s)


async def run_housekeeping(ctx: IndexerContext, stop: asyncio.Event, holdings: Holdings | None = None) -> None:
    interval = ctx.deps.settings.reconcile_interval_s
    analyzed = False
    while not stop.is_set():
        try:
            if holdings is not None:
                await report_holdings(ctx, holdings)
            await forget_old_events(ctx)
            if not analyzed:
                await reanalyze_pending(ctx)
                analyzed = True
        except Exception:
            log.exception("housekeeping pass failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)
