"""Wiring of the knowledge service: `python -m atelier_knowledge`.

Besides its RPCs (the public ones, and the internal ones the indexer calls) it runs the outbox
relay of the knowledge schema, so document events reach Kafka as soon as their transaction
commits; the background jobs that decide about documents (re-driving stuck ones, queuing web
page refreshes, sweeping source files); a listener for dataset changes (the datasets retrievals
search are kept: retrieval.dataset_cache); and holds the retrieval clients (search stores, query
embedders, chat model, reranker) for Retrieve. A local default embedder is loaded at start and
the service reports ready once it is, so the first query does not wait for the model.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import grpc
from threadpoolctl import threadpool_limits

from atelier_common.ai.warmup import EmbedderWarmup
from atelier_common.db.change_listener import ChangeListener
from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.service import ServiceDeps, ServiceSpec, grpc_listener, run
from atelier_knowledge.api import KnowledgeService
from atelier_knowledge.background import Background
from atelier_knowledge.relay import outbox_relay
from atelier_knowledge.retrieval.dataset_cache import TOPIC as DATASETS_TOPIC
from atelier_knowledge.retrieval.service import RetrievalContext
from atelier_proto import knowledge_pb2, knowledge_pb2_grpc

MIGRATIONS = Path(__file__).parent / "migrations"


@dataclass(frozen=True)
class KnowledgeState:
    deps: ServiceDeps
    retrieval: RetrievalContext
    warmup: EmbedderWarmup


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[KnowledgeState]:
    # Retrieval's matrix products (neighbour smoothing) are small: OpenBLAS' worker threads would
    # busy-wait after each one, about 5 ms of CPU per retrieve taken from every other request.
    threadpool_limits(limits=1, user_api="blas")
    async with contextlib.AsyncExitStack() as stack:
        await stack.enter_async_context(outbox_relay(deps))
        retrieval = RetrievalContext.create(deps)
        stack.push_async_callback(retrieval.aclose)
        listener = ChangeListener(deps.pool, DATASETS_TOPIC, *retrieval.change_subscribers())
        await listener.start()
        stack.push_async_callback(listener.stop)  # before the pool closes: it holds one of its connections
        warmup = EmbedderWarmup()
        stack.push_async_callback(warmup.aclose)
        warmup.start(deps.settings, retrieval.vectors.warm_up)
        background = Background(deps)
        stack.push_async_callback(background.aclose)  # its jobs end before the relay stops
        background.start()
        yield KnowledgeState(deps, retrieval, warmup)


def register(server: grpc.aio.Server, state: KnowledgeState) -> None:
    knowledge_pb2_grpc.add_KnowledgeServiceServicer_to_server(KnowledgeService(state.deps, state.retrieval), server)


async def embedder_warm(state: KnowledgeState) -> bool:
    return state.warmup.done()


SPEC = ServiceSpec(
    name="knowledge",
    schema="knowledge",
    migrations_dir=MIGRATIONS,
    extra_migration_dirs=(KAFKA_MIGRATIONS,),  # outbox (+ processed_events, unused here)
    lifespan=lifespan,
    listen=grpc_listener(
        register, [knowledge_pb2.DESCRIPTOR.services_by_name["KnowledgeService"].full_name], ready_checks=(embedder_warm,)
    ),
)


def main() -> None:
    run(SPEC)
