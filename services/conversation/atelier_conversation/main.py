"""Wiring of the conversation service: `python -m atelier_conversation`."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import grpc

from atelier_common.service import ServiceDeps, ServiceSpec, grpc_listener, run
from atelier_conversation.api import ConversationService
from atelier_conversation.chat.runtime import ChatRuntime, chat_runtime
from atelier_proto import conversation_pb2, conversation_pb2_grpc


@dataclass(frozen=True)
class ConversationState:
    deps: ServiceDeps
    chats: ChatRuntime


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[ConversationState]:
    async with chat_runtime(deps) as chats:
        yield ConversationState(deps, chats)


def register(server: grpc.aio.Server, state: ConversationState) -> None:
    conversation_pb2_grpc.add_ConversationServiceServicer_to_server(ConversationService(state.deps, state.chats), server)


SPEC = ServiceSpec(
    name="conversation",
    schema="conversation",
    migrations_dir=Path(__file__).parent / "migrations",
    lifespan=lifespan,
    listen=grpc_listener(register, [conversation_pb2.DESCRIPTOR.services_by_name["ConversationService"].full_name]),
)


def main() -> None:
    run(SPEC)
