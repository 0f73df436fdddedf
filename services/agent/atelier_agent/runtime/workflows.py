"""An agent's workflows as tools: the workflow service resolves the bound workflows (name,
description, JSON schema of the Entry inputs, whether the workflow answers text directly) and runs
each call synchronously (`RunWorkflowTool`), with the conversation so far, the end user and the bot;
a draft agent runs the workflows' drafts.

A call ends three ways: a result the model reads (the Exit node's variables as JSON); a text answer
that is the agent's answer (Coze's ToolReturnDirectly: the model is not asked again); or a question
(QuestionAnswer / InputReceiver node): the turn stops, the question is shown, and the user's answer
carries the same workflow run on (`resume`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from atelier_agent.domain.entities import BotConfig, PendingCall
from atelier_agent.runtime.tools import Tool, ToolFailure, ToolOutput, described_tool, parse_arguments
from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import stub
from atelier_proto import workflow_pb2 as wpb
from atelier_proto import workflow_pb2_grpc
from atelier_proto.enums import ContentType, InterruptType, WorkflowToolOutcome


class WorkflowsUnavailable(Exception):
    """The workflow service did not answer; the turn goes on without workflow tools."""


def workflow_ids(cfg: BotConfig) -> list[int]:
    """The workflows the configuration binds (entries without a usable id are skipped)."""
    ids = [str(entry.get("workflow_id", "")).strip() for entry in cfg.entries("workflow_info_list")]
    return list(dict.fromkeys(int(i) for i in ids if i.isdigit() and int(i) > 0))


@dataclass(frozen=True)
class Resolved:
    tools: list[wpb.WorkflowTool]
    unresolved: list[wpb.UnresolvedWorkflowTool]


class WorkflowClient:
    """The workflow service as one turn uses it (as the agent itself, naming the end user)."""

    def __init__(self, addr: str, *, space_id: int, user_id: str, bot_id: int, draft: bool, timeout_s: float,
                 history: Sequence[tuple[str, str]] = ()) -> None:
        self._stub = stub(workflow_pb2_grpc.WorkflowServiceStub, addr)
        self.space_id, self.user_id, self.bot_id, self.draft = space_id, user_id, bot_id, draft
        self.timeout_s = timeout_s
        self.history = [wpb.WorkflowToolMessage(role=role, content=content) for role, content in history]

    async def resolve(self, ids: Sequence[int]) -> Resolved:
        if not ids:
            return Resolved([], [])
        request = wpb.ResolveWorkflowToolsRequest(space_id=self.space_id, workflow_ids=list(ids), draft=self.draft)
        try:
            with internal_context():
                reply = await self._stub.ResolveWorkflowTools(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as e:
            raise WorkflowsUnavailable(from_rpc_error(e).msg) from None
        return Resolved(list(reply.tools), list(reply.unresolved))

    async def run(self, workflow_id: int, arguments: str, *, resume_execute_id: int = 0,
                  answer: str = "") -> wpb.RunWorkflowToolResponse:
        request = wpb.RunWorkflowToolRequest(workflow_id=workflow_id, space_id=self.space_id, arguments=arguments,
                                             draft=self.draft, bot_id=self.bot_id, user_id=self.user_id,
                                             history=self.history, resume_data=answer)
        if resume_execute_id:
            request.resume_execute_id = resume_execute_id
        with internal_context():
            return await self._stub.RunWorkflowTool(request, timeout=self.timeout_s)


def question_text(interrupt: wpb.WorkflowToolInterrupt) -> tuple[str, str]:
    """What the user reads, and how: a text question as itself; an option question (its question
    message) or an input form (the interrupt's data) as a card of JSON, as Coze shows them."""
    if interrupt.type == InterruptType.Question:
        try:
            messages = json.loads(interrupt.data).get("messages") or []
        except (json.JSONDecodeError, AttributeError):
            messages = []
        first = messages[0] if messages and isinstance(messages[0], dict) else {}
        if first.get("content_type") == "text" and isinstance(first.get("content"), str):
            return first["content"], ContentType.Text
        if first:
            return json.dumps(first, ensure_ascii=False), ContentType.Card
    return interrupt.data, ContentType.Card


def workflow_tools(client: WorkflowClient, resolved: Resolved) -> list[Tool]:
    """One model tool per resolved workflow; each call runs it (RunWorkflowTool)."""
    return [_tool(client, t) for t in resolved.tools]


def _tool(client: WorkflowClient, tool: wpb.WorkflowTool) -> Tool:
    definition = described_tool(tool.name, tool.description, tool.parameters)

    async def run(arguments: str) -> ToolOutput:
        given = parse_arguments(arguments)
        return await _call(client, tool.workflow_id, tool.name, json.dumps(given, ensure_ascii=False))

    return Tool(tool.name, definition, run)


async def resume(client: WorkflowClient, call: PendingCall, answer: str) -> ToolOutput:
    """The workflow run `call` waits on, carried on with the user's answer."""
    if not answer.strip():
        raise ToolFailure("the answer is empty")
    return await _call(client, call.workflow_id, call.name, call.arguments, resume_execute_id=call.execute_id,
                       answer=answer)


async def _call(client: WorkflowClient, workflow_id: int, name: str, arguments: str, *, resume_execute_id: int = 0,
                answer: str = "") -> ToolOutput:
    try:
        reply = await client.run(workflow_id, arguments, resume_execute_id=resume_execute_id, answer=answer)
    except grpc.aio.AioRpcError as e:
        error = from_rpc_error(e).msg
        record = {"kind": "workflow", "workflow_id": str(workflow_id), "tool_name": name, "outcome": "failed",
                  "error": error}
        return ToolOutput(f"error: the workflow {name} could not run: {error}", ok=False, record=record)
    return output(workflow_id, name, reply)


def output(workflow_id: int, name: str, reply: wpb.RunWorkflowToolResponse) -> ToolOutput:
    """What the model (or the user) reads, and the call as the run record keeps it."""
    record: dict[str, Any] = {"kind": "workflow", "workflow_id": str(workflow_id), "tool_name": name,
                              "execute_id": str(reply.execute_id), "outcome": reply.outcome,
                              "input_tokens": reply.input_tokens, "output_tokens": reply.output_tokens}
    if reply.outcome == WorkflowToolOutcome.Succeeded:
        output_value = json.loads(reply.output or "{}")
        record["output"] = output_value
        if reply.return_directly:
            record["answer"] = reply.answer
            return ToolOutput(reply.answer, record=record, answer_directly=True)
        return ToolOutput(reply.output or "{}", record=record)
    if reply.outcome == WorkflowToolOutcome.Interrupted:
        interrupt = reply.interrupt
        question, content_type = question_text(interrupt)
        record["interrupt"] = {"event_id": interrupt.event_id, "type": interrupt.type, "data": interrupt.data,
                               "node_title": interrupt.node_title}
        waiting = {"workflow_id": workflow_id, "execute_id": reply.execute_id, "interrupt_type": interrupt.type,
                   "event_id": interrupt.event_id, "data": interrupt.data, "node_title": interrupt.node_title,
                   "question": question, "question_content_type": content_type}
        return ToolOutput(question, ok=False, record=record, question=waiting)
    record["error"] = reply.error_msg
    return ToolOutput(f"error: the workflow {name} failed: {reply.error_msg}", ok=False, record=record)
