"""Wiring of the knowledge service: `python -m atelier_knowledge`.

Besides its RPCs it runs the outbox relay of the knowledge schema, so document events reach
Kafka as soon as their transaction commits, and holds the retrieval clients (search stores,
query embedders, chat model, reranker) for Retrieve. A local default embedder is loaded at start
and the service reports ready once it is, so the first query does not wait for the model.
"""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.ai.warmup import EmbedderWarmup
from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_knowledge.api import KnowledgeService
from atelier_knowledge.relay import start_relay, stop_relay
from atelier_knowledge.retrieval.service import RetrievalContext
from atelier_proto import knowledge_pb2, knowledge_pb2_grpc

MIGRATIONS = Path(__file__).parent / "migrations"


_retrieval: dict[int, RetrievalContext] = {}
_warmups: dict[int, EmbedderWarmup] = {}


async def start(deps: ServiceDeps) -> None:
    await start_relay(deps)
    retrieval = _retrieval[id(deps)] = RetrievalContext.create(deps)
    warmup = _warmups[id(deps)] = EmbedderWarmup()
    warmup.start(deps.settings, retrieval.vectors.warm_up)


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    knowledge_pb2_grpc.add_KnowledgeServiceServicer_to_server(KnowledgeService(deps, _retrieval[id(deps)]), server)


async def embedder_warm(deps: ServiceDeps) -> bool:
    warmup = _warmups.get(id(deps))
    return warmup is None or warmup.done()


async def stop(deps: ServiceDeps) -> None:
    await stop_relay(deps)
    warmup = _warmups.pop(id(deps), None)
    if warmup is not None:
        await warmup.aclose()
    retrieval = _retrieval.pop(id(deps), None)
    if retrieval is not None:
        await retrieval.aclose()


SPEC = ServiceSpec(
    name="knowledge",
    schema="knowledge",
    migrations_dir=MIGRATIONS,
    extra_migration_dirs=(KAFKA_MIGRATIONS,),  # outbox + processed_events
    register=register,
    grpc_service_names=[knowledge_pb2.DESCRIPTOR.services_by_name["KnowledgeService"].full_name],
    on_start=start,
    on_stop=stop,
    ready_checks=(embedder_warm,),
)


def main() -> None:
    run(SPEC)
