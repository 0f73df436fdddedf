"""Wiring of the conversation service: `python -m atelier_conversation`."""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_conversation.api import ConversationService
from atelier_conversation.chat import reaper
from atelier_proto import conversation_pb2, conversation_pb2_grpc


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    conversation_pb2_grpc.add_ConversationServiceServicer_to_server(ConversationService(deps), server)


SPEC = ServiceSpec(
    name="conversation",
    schema="conversation",
    migrations_dir=Path(__file__).parent / "migrations",
    register=register,
    grpc_service_names=[conversation_pb2.DESCRIPTOR.services_by_name["ConversationService"].full_name],
    on_start=reaper.start,  # fails runs orphaned by a replica that died mid-stream
    on_stop=reaper.stop,
)


def main() -> None:
    run(SPEC)
