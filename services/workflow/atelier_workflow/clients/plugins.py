"""The plugin service as Plugin and LLM nodes use it, over gRPC, bound to the run's space and user
(whose credentials or OAuth token a call takes): InvokeTool calls one tool; ResolveTools describes
tools as model function specs (an LLM node's plugin tools), with the defaults the node sets."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
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
    for_model: str = ""  # what a model reads: the trimmed body, or a readable error


@dataclass(frozen=True)
class ToolDefault:
    """An argument the node fixes (Coze's fc_setting local_default / local_disable)."""

    name: str
    value: str  # the text of a string, JSON otherwise
    hidden: bool  # never offered to the model, always sent


@dataclass(frozen=True)
class ToolRef:
    plugin_id: int
    api_id: int
    defaults: tuple[ToolDefault, ...] = ()


@dataclass(frozen=True)
class ToolSpec:
    """A tool as the model is offered it."""

    ref: ToolRef
    name: str  # function name, unique among the tools resolved together
    description: str
    parameters: dict[str, Any]  # JSON schema (type object) of the arguments


@dataclass(frozen=True)
class ResolvedTools:
    tools: list[ToolSpec]
    problems: list[str] = field(default_factory=list)  # refs giving no tool, said for people


class PluginTools(Protocol):
    async def invoke(self, plugin_id: int, api_id: int, arguments: dict[str, Any], *, draft: bool,
                     defaults: Sequence[ToolDefault] = ()) -> ToolAnswer:
        """Raises PluginsUnavailable when the service cannot be reached."""
        ...

    async def resolve(self, refs: Sequence[ToolRef], *, draft: bool) -> ResolvedTools:
        """Raises PluginsUnavailable when the service cannot be reached."""
        ...


def _defaults(defaults: Sequence[ToolDefault]) -> list[ppb.ToolDefaultParam]:
    return [ppb.ToolDefaultParam(name=d.name, value=d.value, hidden=d.hidden) for d in defaults]


class GrpcPluginTools:
    def __init__(self, addr: str, *, space_id: int, user_id: str, timeout_s: float) -> None:
        self._stub = plugin_pb2_grpc.PluginServiceStub(channel(addr))
        self.space_id, self.user_id, self.timeout_s = space_id, user_id, timeout_s

    async def invoke(self, plugin_id: int, api_id: int, arguments: dict[str, Any], *, draft: bool,
                     defaults: Sequence[ToolDefault] = ()) -> ToolAnswer:
        request = ppb.InvokeToolRequest(plugin_id=plugin_id, api_id=api_id, space_id=self.space_id,
                                        user_id=self.user_id, draft=draft, default_params=_defaults(defaults),
                                        arguments=json.dumps(arguments, ensure_ascii=False))
        try:
            with internal_context():
                reply = await self._stub.InvokeTool(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise PluginsUnavailable(from_rpc_error(exc).msg) from None
        return ToolAnswer(InvokeOutcome(reply.outcome), reply.body, reply.status_code, reply.error,
                          reply.authorization_url, reply.result_for_model)

    async def resolve(self, refs: Sequence[ToolRef], *, draft: bool) -> ResolvedTools:
        request = ppb.ResolveToolsRequest(
            space_id=self.space_id, user_id=self.user_id, draft=draft,
            refs=[ppb.ToolRef(plugin_id=r.plugin_id, api_id=r.api_id, default_params=_defaults(r.defaults))
                  for r in refs])
        try:
            with internal_context():
                reply = await self._stub.ResolveTools(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise PluginsUnavailable(from_rpc_error(exc).msg) from None
        by_id = {(r.plugin_id, r.api_id): r for r in refs}
        tools = [ToolSpec(by_id.get((t.plugin_id, t.api_id), ToolRef(t.plugin_id, t.api_id)), t.name, t.description,
                          json.loads(t.parameters or "{}")) for t in reply.tools]
        return ResolvedTools(tools, [u.reason for u in reply.unresolved])
