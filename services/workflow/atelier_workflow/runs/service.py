"""The run RPCs' logic: OpenAPI runs (sync, async, stream), console test runs, progress, history,
cancel. Requests in, messages out; access checks as for definitions (404 across spaces)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from atelier_common.auth import current_context, require_space, require_visible
from atelier_common.errors import AtelierError, Conflict, InvalidArgument, NotFound, Unprocessable
from atelier_proto import conversation_pb2 as cpb
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import WorkflowMode, WorkflowRunMode
from atelier_workflow import access
from atelier_workflow.clients.conversations import ConversationTurns
from atelier_workflow.domain.canvas import ENTRY_NODE_ID, EXIT_NODE_ID
from atelier_workflow.domain.entities import Workflow
from atelier_workflow.domain.runs import Execution, parse_parameters
from atelier_workflow.engine.model import ResumeAnswer
from atelier_workflow.runs import chatflow, definitions, starting, views
from atelier_workflow.runs.executing import Runner, answer_for
from atelier_workflow.runs.streaming import StreamEvents
from atelier_workflow.store import executions, node_executions
from atelier_workflow.store import workflows as workflow_rows

HISTORY_LIMIT = 20
DEBUG_FRAME = frozenset({ENTRY_NODE_ID, EXIT_NODE_ID})  # what a single-node debug runs around its node


async def _workflow(runner: Runner, workflow_id: int, space_id: int | None) -> Workflow:
    """OpenAPI calls may leave the space out: the workflow's own, which the caller must see."""
    if space_id:
        return await access.workflow(runner.deps.pool, workflow_id, space_id=space_id)
    found = await workflow_rows.get(runner.deps.pool, workflow_id)
    if found is None:
        raise NotFound(f"workflow {workflow_id} not found")
    require_visible(found.space_id, f"workflow {workflow_id} not found")
    return found


async def run_of(runner: Runner, execute_id: int, workflow_id: int | None = None) -> Execution:
    run = await executions.get(runner.deps.pool, execute_id)
    if run is None or (workflow_id and run.workflow_id != workflow_id):
        raise NotFound(f"workflow run {execute_id} not found")
    require_visible(run.space_id, f"workflow run {execute_id} not found")
    return run


def optional_id(req, name: str) -> int | None:  # noqa: ANN001 - any request with that optional field
    return getattr(req, name) if req.HasField(name) and getattr(req, name) else None


# ------------------------------------------------------------------ OpenAPI

async def run(runner: Runner, req: wpb.OpenAPIRunFlowRequest) -> wpb.OpenAPIRunFlowResponse:
    wf = await _workflow(runner, req.workflow_id, optional_id(req, "space_id"))
    inputs = parse_parameters(req.parameters)
    definition = await definitions.published(runner.deps.pool, wf, req.version)
    runner.plans.plan(definition)  # a canvas that cannot run is refused before any run exists (400)
    mode = WorkflowRunMode.Async if req.is_async else WorkflowRunMode.Sync
    new = starting.new_execution(runner.deps, definition, inputs, mode, bot_id=optional_id(req, "bot_id"),
                                 project_id=optional_id(req, "app_id"))
    if req.is_async:
        execution = await starting.start_queued(runner.deps, new)
        return wpb.OpenAPIRunFlowResponse(execute_id=execution.id, debug_url="")
    execution = await starting.start_here(runner.deps, new, runner.owner)
    end = await runner.execute(execution, durable=False,
                               timeout_s=runner.deps.settings.workflow_sync_timeout_s)
    if end is None:
        raise Conflict(f"workflow run {execution.id} was taken over by another process")
    if end.error_msg is not None:
        raise Unprocessable(f"workflow run {execution.id} failed: {end.error_msg}")
    return wpb.OpenAPIRunFlowResponse(data=views.run_output(end.output, end.answer),
                                      token=end.input_tokens + end.output_tokens, cost="0", debug_url="",
                                      execute_id=execution.id)


async def stream_run(runner: Runner, req: wpb.OpenAPIStreamRunFlowRequest) -> AsyncIterator[wpb.WorkflowStreamEvent]:
    wf = await _workflow(runner, req.workflow_id, optional_id(req, "space_id"))
    inputs = parse_parameters(req.parameters)
    definition = await definitions.published(runner.deps.pool, wf, req.version)
    runner.plans.plan(definition)
    new = starting.new_execution(runner.deps, definition, inputs, WorkflowRunMode.Stream,
                                 bot_id=optional_id(req, "bot_id"), project_id=optional_id(req, "app_id"))
    execution = await starting.start_here(runner.deps, new, runner.owner)
    async for event in _streamed(runner, execution):
        yield event


async def _streamed(runner: Runner, execution: Execution, answer: ResumeAnswer | None = None
                    ) -> AsyncIterator[wpb.WorkflowStreamEvent]:
    """Execute a run this process holds, its events as they happen."""
    events = StreamEvents(execution.id)

    async def execute() -> None:
        end = await runner.execute(execution, durable=False, listener=events, answer=answer,
                                   timeout_s=runner.deps.settings.workflow_sync_timeout_s)
        events.end(end)

    task = asyncio.create_task(execute())
    try:
        while (event := await events.queue.get()) is not None:
            yield event
        await task
    finally:
        if not task.done():  # the caller went away: the run is cancelled with it
            task.cancel()


def _interrupted_run(event_id: str) -> int:
    """The run an interrupt event belongs to: Coze's event ids are "<execute_id>/<interrupt>"."""
    head = event_id.split("/", 1)[0]
    if not head.isdigit():
        raise InvalidArgument(f"field 'event_id': {event_id!r} is not an interrupt event id (<execute_id>/<n>)")
    return int(head)


def _not_interrupted(run: Execution) -> Conflict:
    return Conflict(f"workflow run {run.id} is not waiting for an answer (it is {views.HISTORY_STATUS[run.status]})")


async def stream_resume(runner: Runner, req: wpb.OpenAPIStreamResumeFlowRequest
                        ) -> AsyncIterator[wpb.WorkflowStreamEvent]:
    """An interrupted run carries on here from its checkpoint, streamed like stream_run."""
    wf = await _workflow(runner, req.workflow_id, optional_id(req, "space_id"))
    found = await run_of(runner, _interrupted_run(req.event_id), wf.id)
    reopened = await executions.reopen(runner.deps.pool, found.id, owner=runner.owner,
                                       lease_s=runner.deps.settings.workflow_lease_s)
    if reopened is None:
        raise _not_interrupted(found)
    async for event in _streamed(runner, reopened, answer_for(reopened, req.resume_data)):
        yield event


async def chat(runner: Runner, req: wpb.ChatFlowRunRequest) -> AsyncIterator[wpb.ChatFlowRunEvent]:
    """/v1/workflows/chat: the chatflow answers the user's last message in a conversation."""
    wf = await _workflow(runner, req.workflow_id, optional_id(req, "space_id"))
    if wf.mode != WorkflowMode.ChatFlow:
        raise InvalidArgument(f"workflow {wf.id} is not a chatflow: /v1/workflows/chat runs chatflows "
                              "(use /v1/workflow/stream_run)")
    bot_id, app_id = optional_id(req, "bot_id"), optional_id(req, "app_id")
    if bot_id and app_id:
        raise InvalidArgument("fields 'bot_id' and 'app_id': give at most one of them")
    if not req.additional_messages or req.additional_messages[-1].role != "user":
        raise InvalidArgument("field 'additional_messages': required, and the last message must be the user's query")
    inputs = parse_parameters(req.parameters)
    definition = await definitions.published(runner.deps.pool, wf, req.version)
    runner.plans.plan(definition)
    caller = current_context().user_id
    record = cpb.StartWorkflowChatRequest(space_id=wf.space_id, bot_id=bot_id or 0, app_id=app_id or 0,
                                          additional_messages=list(req.additional_messages),
                                          user_id=req.ext.get("user_id") or str(caller), creator_id=caller,
                                          connector_id=optional_id(req, "connector_id") or 0)
    if optional_id(req, "conversation_id"):
        record.conversation_id = req.conversation_id
    turns = ConversationTurns(runner.deps.settings.conversation_addr, runner.deps.settings.grpc_deadline_s)
    async for event in chatflow.run_turn(runner, turns, chatflow.ChatTurn(definition, inputs, record, bot_id, app_id)):
        yield event


async def run_history(runner: Runner, req: wpb.GetWorkflowRunHistoryRequest) -> wpb.GetWorkflowRunHistoryResponse:
    wf = await _workflow(runner, req.workflow_id, optional_id(req, "space_id"))
    if req.HasField("execute_id") and req.execute_id:
        runs = [await run_of(runner, req.execute_id, wf.id)]
    else:
        runs = await executions.history(runner.deps.pool, wf.id, limit=HISTORY_LIMIT)
    return wpb.GetWorkflowRunHistoryResponse(data=[views.history_entry(r) for r in runs])


async def run_history_by_id(runner: Runner, req: wpb.GetWorkflowRunHistoryByIdRequest
                            ) -> wpb.GetWorkflowRunHistoryResponse:
    run = await run_of(runner, req.execute_id, req.workflow_id)
    return wpb.GetWorkflowRunHistoryResponse(data=[views.history_entry(run)])


# ------------------------------------------------------------------ console

async def test_run(runner: Runner, req: wpb.WorkFlowTestRunRequest) -> wpb.WorkFlowTestRunData:
    require_space(req.space_id)
    wf = await access.workflow(runner.deps.pool, req.workflow_id, space_id=req.space_id)
    inputs = {name: console_input(value) for name, value in req.input.items()}
    definition = await definitions.draft(runner.deps.pool, wf)
    runner.plans.plan(definition)
    new = starting.new_execution(runner.deps, definition, inputs, WorkflowRunMode.Debug,
                                 bot_id=optional_id(req, "bot_id"), project_id=optional_id(req, "project_id"))
    execution = await starting.start_queued(runner.deps, new)
    return wpb.WorkFlowTestRunData(workflow_id=wf.id, execute_id=execution.id, session_id=str(execution.id))


def console_input(value: str) -> object:
    """Console inputs are strings, JSON for non-strings; a string that is not JSON is itself."""
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        return value
    return parsed if not isinstance(parsed, str) else value


async def test_resume(runner: Runner, req: wpb.WorkflowTestResumeRequest) -> None:
    """An interrupted test run goes back to the workers, to carry on from its checkpoint."""
    require_space(req.space_id)
    wf = await access.workflow(runner.deps.pool, req.workflow_id, space_id=req.space_id)
    found = await run_of(runner, req.execute_id, wf.id)
    if await starting.resume_queued(runner.deps, found, req.event_id, req.data) is None:
        raise _not_interrupted(found)


async def process(runner: Runner, req: wpb.GetWorkflowProcessRequest) -> wpb.GetWorkFlowProcessData:
    require_space(req.space_id)
    wf = await access.workflow(runner.deps.pool, req.workflow_id, space_id=req.space_id)
    if req.HasField("execute_id") and req.execute_id:
        found = await run_of(runner, req.execute_id, wf.id)
    else:
        found = await executions.latest(runner.deps.pool, wf.id)
        if found is None:
            return views.no_history(wf.id)
    rows = await node_executions.of_run(runner.deps.pool, found.id)
    if found.debug_node_id:  # a single-node debug: the Start and End around the node are not the canvas's
        rows = [row for row in rows if row.node_id not in DEBUG_FRAME]
    return views.process(found, rows, await _node_count(runner, found))


async def _node_count(runner: Runner, found: Execution) -> int:
    try:
        nodes = (await runner.plans.for_run(runner.deps.pool, found)).nodes
    except AtelierError:  # the workflow or its draft moved on: progress without a rate
        return 0
    return len(set(nodes) - DEBUG_FRAME) if found.debug_node_id else len(nodes)


async def cancel(runner: Runner, req: wpb.CancelWorkFlowRequest) -> None:
    require_space(req.space_id)
    found = await run_of(runner, req.execute_id, optional_id(req, "workflow_id"))
    if found.space_id != req.space_id:
        raise NotFound(f"workflow run {req.execute_id} not found in space {req.space_id}")
    if await executions.request_cancel(runner.deps.pool, found.id) is None:
        raise Conflict(f"workflow run {found.id} is not running (it is {views.HISTORY_STATUS[found.status]})")
