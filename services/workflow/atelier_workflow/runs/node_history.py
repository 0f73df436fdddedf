"""A node's last execution (Coze's get_node_execute_history): in the run execute_id names, or,
for the console's test form (node_history_scene TestRunInput), in the caller's latest debug of
that node (the Start node: the caller's latest test run of the workflow)."""

from __future__ import annotations

from collections.abc import Sequence

from atelier_common.auth import current_context, require_space
from atelier_common.errors import InvalidArgument, NotFound
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import NodeHistoryScene
from atelier_workflow import access
from atelier_workflow.domain.canvas import ENTRY_NODE_ID
from atelier_workflow.domain.runs import NodeExecution
from atelier_workflow.runs import views
from atelier_workflow.runs.executing import Runner
from atelier_workflow.runs.service import optional_id, run_of
from atelier_workflow.store import executions, node_executions


def pick(rows: Sequence[NodeExecution], node_id: str, batch_index: int | None) -> NodeExecution | None:
    """The node's execution: the one of that iteration when a batch index is given, else its
    latest (a body node's last iteration)."""
    mine = [row for row in views.latest_rows(rows) if row.node_id == node_id]
    if batch_index is not None:
        mine = [row for row in mine if row.scope_owner and row.iteration == batch_index]
    return mine[-1] if mine else None


async def node_history(runner: Runner, req: wpb.GetNodeExecuteHistoryRequest) -> wpb.NodeResult:
    require_space(req.space_id)
    wf = await access.workflow(runner.deps.pool, req.workflow_id, space_id=req.space_id)
    execute_id = optional_id(req, "execute_id")
    if req.node_history_scene == NodeHistoryScene.TestRunInput:
        if execute_id:
            raise InvalidArgument("field 'execute_id': leave it out when node_history_scene is TestRunInput")
        run = await executions.latest_debug(runner.deps.pool, wf.id, current_context().user_id,
                                            None if req.node_id == ENTRY_NODE_ID else req.node_id)
        if run is None:  # never debugged: an empty form, as Coze answers
            return wpb.NodeResult()
    else:
        if not execute_id:
            raise InvalidArgument("field 'execute_id': required (unless node_history_scene is TestRunInput)")
        run = await run_of(runner, execute_id, wf.id)
    batch_index = req.batch_index if req.is_batch and req.HasField("batch_index") else None
    row = pick(await node_executions.of_run(runner.deps.pool, run.id), req.node_id, batch_index)
    if row is None:
        where = f" (batch index {batch_index})" if batch_index is not None else ""
        raise NotFound(f"node {req.node_id} has not run in workflow run {run.id}{where}")
    return views.node_result(row)
