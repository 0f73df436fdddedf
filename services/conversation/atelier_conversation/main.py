"""Wiring of the conversation service: `python -m atelier_conversation`."""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_conversation.api import ConversationService
from atelier_conversation.chat import background, cancel, reaper
from atelier_proto import conversation_pb2, conversation_pb2_grpc


async def start(deps: ServiceDeps) -> None:
    await cancel.start(deps)  # one cancel subscription per process, before any chat can run
    await reaper.start(deps)  # fails runs orphaned by a replica that died mid-stream


async def stop(deps: ServiceDeps) -> None:
    await background.stop(deps)  # the grace period, then unfinished runs are cancelled and recorded
    await reaper.stop(deps)
    await cancel.stop(deps)


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    conversation_pb2_grpc.add_ConversationServiceServicer_to_server(ConversationService(deps), server)


SPEC = ServiceSpec(
    name="conversation",
    schema="conversation",
    migrations_dir=Path(__file__).parent / "migrations",
    register=register,
    grpc_service_names=[conversation_pb2.DESCRIPTOR.services_by_name["ConversationService"].full_name],
    on_start=start,
    on_stop=stop,
)


def main() -> None:
    run(SPEC)
