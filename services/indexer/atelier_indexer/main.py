"""Wiring of the indexer: `python -m atelier_indexer`.

The indexer is a separate deployable: it consumes the `knowledge` topic, parses, chunks, embeds
and writes the search stores. Datasets, documents and slices are knowledge's; it reaches them only
through knowledge's internal RPCs. Its own schema `indexer` holds its dedupe records (the Kafka
migrations' processed_events), so it runs under a database role that can read nothing else. Its
gRPC port offers parsing to the other services (ExtractText, InspectTable), with health and
reflection like every other service.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import grpc

from atelier_common.ai.warmup import EmbedderWarmup
from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.kafka.producer import EventProducer
from atelier_common.service import ServiceDeps, ServiceSpec, grpc_listener, run
from atelier_indexer.api import IndexerService
from atelier_indexer.context import IndexerContext
from atelier_indexer.dispatcher import Dispatcher
from atelier_indexer.housekeeping import run_housekeeping
from atelier_indexer.stream import create_processor
from atelier_proto import indexer_pb2, indexer_pb2_grpc


@dataclass(frozen=True)
class IndexerState:
    ctx: IndexerContext
    warmup: EmbedderWarmup


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[IndexerState]:
    async with contextlib.AsyncExitStack() as stack:
        ctx = IndexerContext.create(deps)
        stack.push_async_callback(ctx.aclose)
        dlq = EventProducer(deps.settings.kafka_bootstrap)
        await dlq.start()
        stack.push_async_callback(dlq.stop)
        warmup = EmbedderWarmup()  # documents arriving meanwhile wait in the embedding batcher
        stack.push_async_callback(warmup.aclose)
        warmup.start(deps.settings, lambda model_id: ctx.embedder(model_id).warm_up())
        processor = create_processor(deps.settings, Dispatcher(ctx), producer=dlq)
        await processor.start()
        stack.push_async_callback(processor.stop)
        stop = asyncio.Event()
        stack.push_async_callback(_finish, asyncio.create_task(run_housekeeping(ctx, stop, processor),
                                                               name="housekeeping"))
        stack.callback(stop.set)  # runs first: the loop ends, then its task is awaited
        yield IndexerState(ctx, warmup)


async def _finish(task: asyncio.Task[None]) -> None:
    with contextlib.suppress(Exception):
        await task


def register(server: grpc.aio.Server, state: IndexerState) -> None:
    indexer_pb2_grpc.add_IndexerServiceServicer_to_server(IndexerService(state.ctx.deps, state.ctx.fetcher), server)


async def embedder_warm(state: IndexerState) -> bool:
    return state.warmup.done()


SPEC = ServiceSpec(
    name="indexer",
    schema="indexer",
    migrations_dir=None,
    extra_migration_dirs=(KAFKA_MIGRATIONS,),  # processed_events: the indexer's idempotency records
    lifespan=lifespan,
    listen=grpc_listener(
        register, [indexer_pb2.DESCRIPTOR.services_by_name["IndexerService"].full_name], ready_checks=(embedder_warm,)
    ),
)


def main() -> None:
    run(SPEC)
