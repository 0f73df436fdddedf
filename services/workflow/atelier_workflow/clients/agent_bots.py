"""The agents of a space that bind a workflow, asked of the agent service (ListBotsUsingWorkflow):
workflow references list them, and a workflow they bind is not deleted from under them."""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc


@dataclass(frozen=True)
class BindingBot:
    bot_id: int
    name: str
    in_draft: bool
    in_published: bool


async def bots_binding(agent_addr: str, space_id: int, workflow_id: int, timeout_s: float) -> list[BindingBot]:
    """By bot id; AtelierError when the agent service does not answer (nothing is assumed then)."""
    request = apb.ListBotsUsingWorkflowRequest(space_id=space_id, workflow_id=workflow_id)
    try:
        with internal_context():
            reply = await agent_pb2_grpc.AgentServiceStub(channel(agent_addr)).ListBotsUsingWorkflow(
                request, timeout=timeout_s)
    except grpc.aio.AioRpcError as exc:
        raise from_rpc_error(exc) from None
    return [BindingBot(b.bot_id, b.name, b.in_draft, b.in_published) for b in reply.data]
