"""Wiring of the indexer: `python -m atelier_indexer`.

The indexer is the knowledge context's stream processor: it works in the knowledge schema
(documents, slices, table rows, outbox) and the search stores. Its gRPC port carries health and
reflection so probes and `make status` treat it like every other service.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

import grpc

from atelier_common.ai.warmup import EmbedderWarmup
from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.kafka.producer import EventProducer
from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_indexer.context import IndexerContext
from atelier_indexer.dispatcher import Dispatcher
from atelier_indexer.reconciler import run_reconciler
from atelier_indexer.refresher import run_refresher
from atelier_indexer.stream import create_app
from atelier_knowledge.main import MIGRATIONS as KNOWLEDGE_MIGRATIONS
from atelier_knowledge.relay import start_relay, stop_relay


@dataclass
class _Running:
    ctx: IndexerContext
    dlq: EventProducer
    app: object
    stop: asyncio.Event
    reconciler: asyncio.Task[None]
    refresher: asyncio.Task[None]
    warmup: EmbedderWarmup


_running: dict[int, _Running] = {}


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    """No RPCs: the work arrives as events."""


async def start(deps: ServiceDeps) -> None:
    await start_relay(deps)  # the indexer's own events (fan-out, re-drives) leave through the outbox
    ctx = IndexerContext.create(deps)
    warmup = EmbedderWarmup()  # documents arriving meanwhile wait in the embedding batcher
    warmup.start(deps.settings, lambda model_id: ctx.embedder(model_id).warm_up())
    dlq = EventProducer(deps.settings.kafka_bootstrap)
    await dlq.start()
    app = create_app(deps.settings, Dispatcher(ctx, dlq, max_attempts=deps.settings.index_max_attempts))
    await app.start()
    stop = asyncio.Event()
    reconciler = asyncio.create_task(run_reconciler(ctx, stop), name="reconciler")
    refresher = asyncio.create_task(run_refresher(ctx, stop), name="web-refresher")
    _running[id(deps)] = _Running(ctx, dlq, app, stop, reconciler, refresher, warmup)


async def embedder_warm(deps: ServiceDeps) -> bool:
    running = _running.get(id(deps))
    return running is None or running.warmup.done()


async def stop(deps: ServiceDeps) -> None:
    running = _running.pop(id(deps), None)
    if running is None:
        return
    running.stop.set()
    await running.warmup.aclose()
    with contextlib.suppress(Exception):
        await running.reconciler
    with contextlib.suppress(Exception):
        await running.refresher
    await running.app.stop()
    await running.dlq.stop()
    await running.ctx.aclose()
    await stop_relay(deps)


SPEC = ServiceSpec(
    name="indexer",
    schema="knowledge",
    migrations_dir=KNOWLEDGE_MIGRATIONS,
    extra_migration_dirs=(KAFKA_MIGRATIONS,),
    register=register,
    grpc_service_names=[],
    on_start=start,
    on_stop=stop,
    ready_checks=(embedder_warm,),
)


def main() -> None:
    run(SPEC)
