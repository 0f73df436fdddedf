"""Starting runs: the execution row of a run executed here (sync, stream: held by this process
from the start), or of a run for the workers (async, console test runs: the row and a
`WorkflowRunRequested` event in one transaction, through the outbox)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atelier_common.auth import current_context
from atelier_common.kafka import outbox
from atelier_common.service import ServiceDeps
from atelier_proto import events_pb2 as epb
from atelier_proto.enums import WorkflowRunMode
from atelier_workflow.domain.runs import QUEUED_MODES, Execution, NewExecution
from atelier_workflow.runs.definitions import Definition
from atelier_workflow.store import executions

TOPIC = "workflow"
RUN_REQUESTED = "WorkflowRunRequested"
RESUME_REQUESTED = "WorkflowResumeRequested"


def new_execution(deps: ServiceDeps, definition: Definition, inputs: Mapping[str, Any], mode: WorkflowRunMode, *,
                  bot_id: int | None = None, project_id: int | None = None,
                  debug_node_id: str | None = None) -> NewExecution:
    wf = definition.workflow
    return NewExecution(id=deps.ids.next_id(), workflow_id=wf.id, space_id=wf.space_id,
                        creator_id=current_context().user_id, version=definition.version,
                        content_hash=definition.content_hash, mode=mode, input=dict(inputs), bot_id=bot_id,
                        project_id=project_id if project_id is not None else wf.project_id,
                        debug_node_id=debug_node_id)


async def start_here(deps: ServiceDeps, run: NewExecution, owner: str) -> Execution:
    """A run this process executes now (its lease is `owner`'s from the start)."""
    return await executions.insert(deps.pool, run, owner=owner, lease_s=deps.settings.workflow_lease_s)


def run_requested(run: Execution | NewExecution) -> epb.WorkflowRunRequested:
    return epb.WorkflowRunRequested(space_id=run.space_id, workflow_id=run.workflow_id, execute_id=run.id,
                                    user_id=run.creator_id, version=run.version,
                                    debug=run.mode == WorkflowRunMode.Debug)


async def request_run(conn: Any, run: Execution | NewExecution) -> str:
    """The outbox event asking a worker to run it (inside the caller's transaction)."""
    return await outbox.enqueue(conn, topic=TOPIC, key=str(run.id), event_type=RUN_REQUESTED,
                                payload=run_requested(run))


async def start_queued(deps: ServiceDeps, run: NewExecution) -> Execution:
    """A run for the workers: its row and the event asking for it commit together."""
    assert run.mode in QUEUED_MODES
    async with deps.pool.acquire() as conn, conn.transaction():
        execution = await executions.insert(conn, run, owner=None, lease_s=deps.settings.workflow_lease_s)
        await request_run(conn, execution)
    return execution


async def resume_queued(deps: ServiceDeps, run: Execution, event_id: str, resume_data: str) -> Execution | None:
    """An interrupted run handed back to the workers (None when it is not interrupted): reopened,
    and the event asking for it, in one transaction."""
    async with deps.pool.acquire() as conn, conn.transaction():
        reopened = await executions.reopen(conn, run.id, owner=None, lease_s=deps.settings.workflow_lease_s)
        if reopened is not None:
            await outbox.enqueue(conn, topic=TOPIC, key=str(run.id), event_type=RESUME_REQUESTED,
                                 payload=epb.WorkflowResumeRequested(
                                     space_id=run.space_id, workflow_id=run.workflow_id, execute_id=run.id,
                                     event_id=event_id, resume_data=resume_data, user_id=run.creator_id))
    return reopened
