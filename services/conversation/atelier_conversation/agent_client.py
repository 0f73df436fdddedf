"""Calls to the agent service: who owns a bot (and whether it is published), and the run stream."""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc


@dataclass(frozen=True)
class Bot:
    id: int
    space_id: int
    published: bool


def _stub(addr: str) -> agent_pb2_grpc.AgentServiceStub:
    return agent_pb2_grpc.AgentServiceStub(channel(addr))


async def bot(addr: str, bot_id: int, timeout_s: float) -> Bot:
    """NotFound / PermissionDenied from the agent service pass through as themselves."""
    try:
        reply = await _stub(addr).GetDraftBotInfoAgw(apb.GetDraftBotInfoAgwRequest(bot_id=bot_id), timeout=timeout_s)
    except grpc.aio.AioRpcError as e:
        raise from_rpc_error(e) from None
    return Bot(id=bot_id, space_id=reply.data.space_id, published=reply.data.has_publish)


def execute(addr: str, request: apb.StreamExecuteRequest, timeout_s: float) -> grpc.aio.UnaryStreamCall:
    return _stub(addr).StreamExecute(request, timeout=timeout_s)
