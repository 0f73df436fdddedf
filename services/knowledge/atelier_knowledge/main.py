"""Wiring of the knowledge service: `python -m atelier_knowledge`.

Besides its RPCs it runs the outbox relay of the knowledge schema, so document events reach
Kafka as soon as their transaction commits, and holds the retrieval clients (search stores,
query embedders, chat model, reranker) for Retrieve.
"""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_knowledge.api import KnowledgeService
from atelier_knowledge.relay import start_relay, stop_relay
from atelier_knowledge.retrieval.service import RetrievalContext
from atelier_proto import knowledge_pb2, knowledge_pb2_grpc

MIGRATIONS = Path(__file__).parent / "migrations"


_retrieval: dict[int, RetrievalContext] = {}


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    retrieval = _retrieval[id(deps)] = RetrievalContext.create(deps)
    knowledge_pb2_grpc.add_KnowledgeServiceServicer_to_server(KnowledgeService(deps, retrieval), server)


async def stop(deps: ServiceDeps) -> None:
    await stop_relay(deps)
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
    on_start=start_relay,
    on_stop=stop,
)


def main() -> None:
    run(SPEC)
