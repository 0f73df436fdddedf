"""Workflows called as tools, by agents' turns and by the gateway's MCP endpoint.

ResolveWorkflowTools: each asked workflow (or every published one of the space) as a tool: name,
description, the JSON schema of its Entry inputs, whether it answers text directly; the ones that
give no tool with why (not in the space, not published, a canvas that cannot run).

RunWorkflowTool: one synchronous run of the published version (or of the draft, for a draft agent),
recorded like any run (mode Sync, the agent's bot_id), with the conversation for chat-history nodes;
a run that waits for an answer comes back Interrupted with the question, and the same RPC carries it
on with the answer (`resume_execute_id`). Agents call as themselves (internal) naming the end user;
anyone else acts as the caller, in a space they reach."""

from __future__ import annotations

import json
from dataclasses import replace

from atelier_common.auth import current_context, require_space, require_user
from atelier_common.errors import AtelierError, Conflict, InvalidArgument, NotFound
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import WorkflowExeStatus, WorkflowRunMode, WorkflowToolOutcome, WorkflowToolProblem
from atelier_workflow import access
from atelier_workflow.domain import tool_schema
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.entities import Workflow
from atelier_workflow.domain.runs import DRAFT, Execution, RunEnd, parse_parameters
from atelier_workflow.engine.model import Interrupt
from atelier_workflow.runs import definitions, starting
from atelier_workflow.runs.definitions import Definition
from atelier_workflow.runs.executing import Runner, answer_for
from atelier_workflow.runs.streaming import interrupt_event_id
from atelier_workflow.store import executions
from atelier_workflow.store import workflows as workflow_rows

MAX_LISTED = 200  # every published workflow of a space, as MCP lists them


# ------------------------------------------------------------------ resolving

async def _definition(runner: Runner, wf: Workflow, draft: bool) -> Definition:
    return await (definitions.draft(runner.deps.pool, wf) if draft else definitions.published(runner.deps.pool, wf))


def _tool(wf: Workflow, definition: Definition) -> wpb.WorkflowTool:
    canvas = parse_canvas(definition.canvas)
    return wpb.WorkflowTool(
        workflow_id=wf.id, name=tool_schema.tool_name(wf.name, wf.id),
        description=wf.description.strip() or f"Run the workflow {wf.name}.",
        parameters=json.dumps(tool_schema.parameters(canvas), ensure_ascii=False),
        return_directly=tool_schema.returns_text(canvas), version="" if definition.version == DRAFT else definition.version)


async def resolve(runner: Runner, req: wpb.ResolveWorkflowToolsRequest) -> wpb.ResolveWorkflowToolsResponse:
    require_space(req.space_id)
    pool = runner.deps.pool
    if req.workflow_ids:
        ids = list(dict.fromkeys(req.workflow_ids))
        found = {wf.id: wf for wf in await workflow_rows.in_space(pool, req.space_id, ids)}
    else:
        listed, _ = await workflow_rows.list_in_space(
            pool, workflow_rows.ListFilter(space_id=req.space_id, published=True), limit=MAX_LISTED, offset=0)
        ids, found = [wf.id for wf in listed], {wf.id: wf for wf in listed}
    reply = wpb.ResolveWorkflowToolsResponse()
    for workflow_id in ids:
        wf = found.get(workflow_id)
        if wf is None:
            reply.unresolved.append(wpb.UnresolvedWorkflowTool(
                workflow_id=workflow_id, problem=WorkflowToolProblem.NotFound,
                reason=f"workflow {workflow_id} not found in space {req.space_id}"))
            continue
        try:
            definition = await _definition(runner, wf, req.draft)
            runner.plans.plan(definition)  # a canvas that cannot run gives no tool
            reply.tools.append(_tool(wf, definition))
        except AtelierError as e:
            problem = WorkflowToolProblem.NotPublished if isinstance(e, Conflict) else WorkflowToolProblem.CannotRun
            reply.unresolved.append(wpb.UnresolvedWorkflowTool(workflow_id=workflow_id, problem=problem, reason=e.msg))
    return reply


# ------------------------------------------------------------------ running

def _acting_user(req: wpb.RunWorkflowToolRequest) -> int:
    """The run's creator: the end user an agent names (when a number: a console user), else the caller."""
    if current_context().internal:
        return int(req.user_id) if req.user_id.isdigit() else 0
    return require_user()


async def _started(runner: Runner, wf: Workflow, req: wpb.RunWorkflowToolRequest) -> Execution:
    arguments = parse_parameters(req.arguments, "arguments")
    definition = await _definition(runner, wf, req.draft)
    runner.plans.plan(definition)
    # Only an agent (an internal caller) runs a workflow for one of its bots: the bot's user's
    # memory variables are then the run's.
    bot_id = req.bot_id if current_context().internal and req.HasField("bot_id") and req.bot_id else None
    new = starting.new_execution(runner.deps, definition, arguments, WorkflowRunMode.Sync, bot_id=bot_id)
    return await starting.start_here(runner.deps, replace(new, creator_id=_acting_user(req)), runner.owner)


async def _reopened(runner: Runner, wf: Workflow, execute_id: int) -> Execution:
    found = await executions.get(runner.deps.pool, execute_id)
    if found is None or found.workflow_id != wf.id:
        raise NotFound(f"workflow run {execute_id} not found")
    reopened = await executions.reopen(runner.deps.pool, found.id, owner=runner.owner,
                                       lease_s=runner.deps.settings.workflow_lease_s)
    if reopened is None:
        raise Conflict(f"workflow run {execute_id} is not waiting for an answer")
    return reopened


async def run(runner: Runner, req: wpb.RunWorkflowToolRequest) -> wpb.RunWorkflowToolResponse:
    wf = await access.workflow(runner.deps.pool, req.workflow_id, space_id=req.space_id)
    history = [{"role": m.role, "content": m.content} for m in req.history]
    answer = None
    if req.HasField("resume_execute_id") and req.resume_execute_id:
        if not req.resume_data.strip():
            raise InvalidArgument("field 'resume_data': the answer is empty")
        execution = await _reopened(runner, wf, req.resume_execute_id)
        answer = answer_for(execution, req.resume_data)
    else:
        execution = await _started(runner, wf, req)
    end = await runner.execute(execution, durable=False, answer=answer, history=history,
                               timeout_s=runner.deps.settings.workflow_sync_timeout_s)
    if end is None:
        raise Conflict(f"workflow run {execution.id} was taken over by another process")
    return await _response(runner, execution, end)


async def _response(runner: Runner, execution: Execution, end: RunEnd) -> wpb.RunWorkflowToolResponse:
    reply = wpb.RunWorkflowToolResponse(execute_id=execution.id, input_tokens=end.input_tokens,
                                        output_tokens=end.output_tokens)
    if end.status == WorkflowExeStatus.Success:
        plan = await runner.plans.for_run(runner.deps.pool, execution)
        exit_node = plan.node(plan.exit_id) if plan.exit_id else None
        reply.outcome = WorkflowToolOutcome.Succeeded
        reply.output = json.dumps(end.output or {}, ensure_ascii=False, default=str)
        reply.return_directly = exit_node is not None and exit_node.config.terminate_plan == tool_schema.RETURN_TEXT
        reply.answer = end.answer or ""
        return reply
    if end.status == WorkflowExeStatus.Interrupted:
        recorded = (end.checkpoint or {}).get("interrupted") or {}
        waiting = [Interrupt.from_record(node_id, record) for node_id, record in recorded.items()]
        reply.outcome = WorkflowToolOutcome.Interrupted
        if waiting:
            first = waiting[0]
            reply.interrupt.CopyFrom(wpb.WorkflowToolInterrupt(
                event_id=interrupt_event_id(execution.id, 1), type=int(first.type), data=first.data,
                node_title=first.node_title))
        return reply
    reply.outcome = WorkflowToolOutcome.Failed
    reply.error_msg = end.error_msg or "the run failed"
    return reply
