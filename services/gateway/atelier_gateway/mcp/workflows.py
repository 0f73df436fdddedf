"""Published workflows as MCP tools, over the workflow service's gRPC (the gateway reads no one's tables).

Listing: every published workflow of each workspace the caller chose (`WorkflowService.
ResolveWorkflowTools`, as the caller), named `<slug>_wf<id>`, its input schema the JSON schema of
its Start node's inputs. Calling: one synchronous run of its latest version (`RunWorkflowTool`, as
the caller), its output as the result: the End node's variables (structured and as JSON text), or
its text answer. A run that stops to ask a question cannot be answered over MCP: the call fails
saying what it asks and how to resume it. The workflow is looked up among the listed ones first, so
one unpublished or not the caller's fails at once, naming it.

A workflow service that does not answer leaves its tools out of a listing (logged) rather than
failing the agents' listing with it."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import grpc

from atelier_common.errors import from_rpc_error
from atelier_gateway.forwarding import Forwarder
from atelier_gateway.mcp.naming import id_in_name, tool_name
from atelier_gateway.mcp.tools import Caller, Tool, ToolFailed, ToolResult
from atelier_proto import workflow_pb2 as wpb
from atelier_proto import workflow_pb2_grpc
from atelier_proto.enums import WorkflowToolOutcome

log = logging.getLogger("atelier.gateway.mcp")

MARK = "wf"  # `<slug>_wf<id>`: never an agent's `<slug>_<id>`
FALLBACK_NAME = "workflow"


@dataclass(frozen=True)
class PublishedWorkflow:
    space_id: int
    tool_spec: wpb.WorkflowTool

    @property
    def workflow_id(self) -> int:
        return self.tool_spec.workflow_id

    @property
    def tool(self) -> Tool:
        spec = self.tool_spec
        return Tool(name=tool_name(spec.name, spec.workflow_id, fallback=FALLBACK_NAME, mark=MARK), title=spec.name,
                    description=spec.description, input_schema=json.loads(spec.parameters or '{"type": "object"}'))


class WorkflowTools:
    def __init__(self, forwarder: Forwarder) -> None:
        self.forwarder = forwarder
        self.settings = forwarder.settings

    def claims(self, name: str) -> bool:
        return id_in_name(name, mark=MARK) is not None

    def input_schema(self, name: str) -> Mapping[str, Any] | None:
        return None  # each workflow's own (known by listing): no header-declared parameters to check

    async def list_tools(self, caller: Caller) -> list[Tool]:
        return [w.tool for w in await self.published(caller)]

    async def call_tool(self, caller: Caller, name: str, arguments: Mapping[str, Any]) -> ToolResult:
        workflow_id = id_in_name(name, mark=MARK)
        found = next((w for w in await self.published(caller) if w.workflow_id == workflow_id), None)
        if found is None:
            raise ToolFailed(f"workflow {workflow_id} is not a published workflow in your workspaces "
                             "(it was deleted, or it is not yours); list the tools again")
        reply = await self._run(caller, found, arguments)
        return result_of(reply)

    # ------------------------------------------------------------------ gRPC

    def _stub(self) -> workflow_pb2_grpc.WorkflowServiceStub:
        return workflow_pb2_grpc.WorkflowServiceStub(self.forwarder.channel_factory(self.settings.workflow_addr))

    def _metadata(self, caller: Caller) -> list[tuple[str, str]]:
        return self.forwarder.metadata(caller.ctx, caller.traceparent)

    async def published(self, caller: Caller) -> list[PublishedWorkflow]:
        per_space = await asyncio.gather(*(self._published_in(caller, space) for space in caller.space_ids))
        return [w for found in per_space for w in found]

    async def _published_in(self, caller: Caller, space_id: int) -> list[PublishedWorkflow]:
        try:
            reply = await self._stub().ResolveWorkflowTools(
                wpb.ResolveWorkflowToolsRequest(space_id=space_id, draft=False),
                timeout=self.settings.grpc_deadline_s, metadata=self._metadata(caller))
        except grpc.RpcError as exc:
            if exc.code() not in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
                raise
            log.warning("MCP: the workflow service did not answer; workflows left out of space %s's tools: %s",
                        space_id, from_rpc_error(exc).msg)
            return []
        return [PublishedWorkflow(space_id, spec) for spec in reply.tools]

    async def _run(self, caller: Caller, found: PublishedWorkflow, arguments: Mapping[str, Any]
                   ) -> wpb.RunWorkflowToolResponse:
        request = wpb.RunWorkflowToolRequest(workflow_id=found.workflow_id, space_id=found.space_id,
                                             arguments=json.dumps(dict(arguments), ensure_ascii=False),
                                             user_id=str(caller.ctx.user_id))
        bound = self.settings.stream_deadline_s
        try:
            return await self._stub().RunWorkflowTool(request, timeout=bound, metadata=self._metadata(caller))
        except grpc.RpcError as exc:
            if exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise ToolFailed(f"the workflow gave no result within {bound:g} s") from None
            raise ToolFailed(from_rpc_error(exc).msg) from None


def result_of(reply: wpb.RunWorkflowToolResponse) -> ToolResult:
    """A finished run as a tool result: the End node's text answer, or its variables."""
    execute_id = str(reply.execute_id)
    if reply.outcome == WorkflowToolOutcome.Succeeded:
        if reply.return_directly:
            return ToolResult((reply.answer,), {"answer": reply.answer, "execute_id": execute_id})
        output = json.loads(reply.output or "{}")
        return ToolResult((json.dumps(output, ensure_ascii=False),), {"output": output, "execute_id": execute_id})
    if reply.outcome == WorkflowToolOutcome.Interrupted:
        question = reply.interrupt.data
        raise ToolFailed(f"the workflow stopped to ask the user ({reply.interrupt.node_title or 'a question'}: "
                         f"{question}), which an MCP call cannot answer; its run {execute_id} waits: resume it "
                         f"with POST /v1/workflow/stream_resume (event_id {reply.interrupt.event_id})")
    raise ToolFailed(f"the workflow run {execute_id} failed: {reply.error_msg}")
