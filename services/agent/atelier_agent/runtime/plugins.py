"""An agent's plugin tools: the plugin service resolves the bound tools (name, description and JSON
schema with this agent's defaults) and runs each call (arguments checked, credentials or the user's
OAuth token added, sent through the SSRF guard, the answer trimmed for the model).

The agent calls as itself (`internal_context()`): what it may call was checked when the tools were
bound (`refs.check_added`), and the plugin service still refuses any plugin outside the agent's space."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from atelier_agent.domain.entities import BotConfig
from atelier_agent.runtime.tools import Tool, ToolOutput, described_tool
from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import stub
from atelier_proto import plugin_pb2 as ppb
from atelier_proto import plugin_pb2_grpc
from atelier_proto.enums import InvokeOutcome


class PluginsUnavailable(Exception):
    """The plugin service did not answer; the turn goes on without plugin tools."""


def tool_refs(cfg: BotConfig) -> list[ppb.ToolRef]:
    """The plugin tools the configuration binds (entries without usable ids are skipped)."""
    refs = []
    for entry in cfg.entries("plugin_info_list"):
        plugin_id, api_id = str(entry.get("plugin_id", "")), str(entry.get("api_id", ""))
        if plugin_id.isdigit() and api_id.isdigit():
            refs.append(ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(api_id),
                                    default_params=default_params(entry.get("default_params"))))
    return refs


def default_params(items: Any) -> list[ppb.ToolDefaultParam]:
    return [ppb.ToolDefaultParam(name=str(p.get("name", "")), value=str(p.get("value", "")),
                                 hidden=bool(p.get("hidden", False)))
            for p in items or [] if isinstance(p, dict) and p.get("name")]


@dataclass(frozen=True)
class Resolved:
    tools: list[ppb.ResolvedTool]
    unresolved: list[ppb.UnresolvedTool]


class PluginClient:
    """The plugin service as one turn uses it."""

    def __init__(self, addr: str, *, space_id: int, user_id: str, bot_id: int, draft: bool, timeout_s: float) -> None:
        self._stub = stub(plugin_pb2_grpc.PluginServiceStub, addr)
        self.space_id, self.user_id, self.bot_id, self.draft = space_id, user_id, bot_id, draft
        self.timeout_s = timeout_s

    async def resolve(self, refs: Sequence[ppb.ToolRef]) -> Resolved:
        if not refs:
            return Resolved([], [])
        request = ppb.ResolveToolsRequest(space_id=self.space_id, user_id=self.user_id, refs=refs, draft=self.draft)
        try:
            with internal_context():
                reply = await self._stub.ResolveTools(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as e:
            raise PluginsUnavailable(from_rpc_error(e).msg) from None
        return Resolved(list(reply.tools), list(reply.unresolved))

    async def invoke(self, tool: ppb.ResolvedTool, ref: ppb.ToolRef, arguments: str) -> ppb.InvokeToolResponse:
        request = ppb.InvokeToolRequest(plugin_id=tool.plugin_id, api_id=tool.api_id, arguments=arguments,
                                        user_id=self.user_id, bot_id=self.bot_id, space_id=self.space_id,
                                        default_params=ref.default_params, draft=self.draft)
        with internal_context():
            return await self._stub.InvokeTool(request, timeout=self.timeout_s)


def plugin_tools(client: PluginClient, resolved: Resolved, refs: Sequence[ppb.ToolRef]) -> list[Tool]:
    """One model tool per resolved plugin tool; each call goes to InvokeTool."""
    by_ids = {(r.plugin_id, r.api_id): r for r in refs}
    return [_tool(client, t, by_ids.get((t.plugin_id, t.api_id), ppb.ToolRef())) for t in resolved.tools]


def _tool(client: PluginClient, resolved: ppb.ResolvedTool, ref: ppb.ToolRef) -> Tool:
    definition = described_tool(resolved.name, resolved.description, resolved.parameters)

    async def run(arguments: str) -> ToolOutput:
        try:
            reply = await client.invoke(resolved, ref, arguments)
        except grpc.aio.AioRpcError as e:
            text = f"error: the plugin {resolved.plugin_name or resolved.plugin_id} did not answer: {from_rpc_error(e).msg}"
            return ToolOutput(text, ok=False)
        return _output(resolved, reply)

    return Tool(resolved.name, definition, run)


def _output(resolved: ppb.ResolvedTool, reply: ppb.InvokeToolResponse) -> ToolOutput:
    """What the model reads, and the call as the run record keeps it (request as sent, secrets
    masked; the whole answer even when the model read a trimmed one)."""
    outcome = reply.outcome
    record: dict[str, Any] = {
        "plugin_id": str(resolved.plugin_id), "api_id": str(resolved.api_id),
        "plugin_name": reply.plugin_name or resolved.plugin_name, "tool_name": reply.tool_name or resolved.name,
        "outcome": outcome, "status_code": reply.status_code, "truncated": reply.truncated,
        "request": _json_or_text(reply.request), "response": reply.body,
    }
    if reply.error:
        record["error"] = reply.error
    if outcome == InvokeOutcome.OauthRequired:
        record["authorization_url"] = reply.authorization_url
        return ToolOutput(reply.result_for_model, ok=False, record=record, authorization_url=reply.authorization_url)
    return ToolOutput(reply.result_for_model or (f"error: {reply.error}" if reply.error else ""),
                      ok=outcome == InvokeOutcome.Ok, record=record)


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text) if text else None
    except json.JSONDecodeError:
        return text
