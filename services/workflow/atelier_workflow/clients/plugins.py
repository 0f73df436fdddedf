"""The plugin service as Plugin nodes use it: its internal InvokeTool RPC, over gRPC, bound to
the run's space and user (whose credentials or OAuth token the call takes)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

import grpc

from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import plugin_pb2 as ppb
from atelier_proto import plugin_pb2_grpc
from atelier_proto.enums import InvokeOutcome


class PluginsUnavailable(Exception):
    """The plugin service did not answer."""


@dataclass(frozen=True)
class ToolAnswer:
    outcome: InvokeOutcome
    body: str  # the tool's whole answer (JSON text for an OpenAPI tool answering JSON)
    status_code: int
    error: str  # why, when the outcome is not ok
    authorization_url: str = ""


class PluginTools(Protocol):
    async def invoke(self, plugin_id: int, api_id: int, arguments: dict[str, Any], *, draft: bool) -> ToolAnswer:
        """Raises PluginsUnavailable when the service cannot be reached."""
        ...


class GrpcPluginTools:
    def __init__(self, addr: str, *, space_id: int, user_id: str, timeout_s: float) -> None:
        self._stub = plugin_pb2_grpc.PluginServiceStub(channel(addr))
        self.space_id, self.user_id, self.timeout_s = space_id, user_id, timeout_s

    async def invoke(self, plugin_id: int, api_id: int, arguments: dict[str, Any], *, draft: bool) -> ToolAnswer:
        request = ppb.InvokeToolRequest(plugin_id=plugin_id, api_id=api_id, space_id=self.space_id,
                                        user_id=self.user_id, draft=draft,
                                        arguments=json.dumps(arguments, ensure_ascii=False))
        try:
            with internal_context():
                reply = await self._stub.InvokeTool(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise PluginsUnavailable(from_rpc_error(exc).msg) from None
        return ToolAnswer(InvokeOutcome(reply.outcome), reply.body, reply.status_code, reply.error,
                          reply.authorization_url)
