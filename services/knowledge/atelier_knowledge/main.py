"""Wiring of the knowledge service: `python -m atelier_knowledge`."""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_knowledge.api import KnowledgeService
from atelier_proto import knowledge_pb2, knowledge_pb2_grpc


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    knowledge_pb2_grpc.add_KnowledgeServiceServicer_to_server(KnowledgeService(deps), server)


SPEC = ServiceSpec(
    name="knowledge",
    schema="knowledge",
    migrations_dir=Path(__file__).parent / "migrations",
    extra_migration_dirs=(KAFKA_MIGRATIONS,),  # outbox + processed_events
    register=register,
    grpc_service_names=[knowledge_pb2.DESCRIPTOR.services_by_name["KnowledgeService"].full_name],
)


def main() -> None:
    run(SPEC)
