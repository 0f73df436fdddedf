"""An end user's memory variables of a bot, written through the agent service (SetKvMemory).

The run was authorized when it started; the workflow then acts as a system caller for the
run's bot and user, as a worker does (no request of a user is around in an async run).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import grpc

from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc


@dataclass(frozen=True)
class AgentUserVariables:
    """`UserVariables` (engine/nodes/variables.py) of one bot and one console user."""

    agent_addr: str
    bot_id: int
    user_id: int
    timeout_s: float = 10.0

    async def set(self, values: Mapping[str, str]) -> None:
        """AtelierError from the agent (e.g. InvalidArgument for a variable it does not define)."""
        request = apb.SetKvMemoryRequest(bot_id=self.bot_id, user_id=self.user_id,
                                         data=[apb.KVItem(keyword=k, value=v) for k, v in values.items()])
        try:
            with internal_context():
                await agent_pb2_grpc.AgentServiceStub(channel(self.agent_addr)).SetKvMemory(
                    request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc) from None
