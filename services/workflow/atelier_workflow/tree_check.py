"""Checking a workflow with the sub-workflows it runs: the canvases are loaded here (drafts and
pinned versions of workflows of the same space), judged by domain.tree. Used by validate_tree
and by publish."""

from __future__ import annotations

import json

from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import ValidateErrorType
from atelier_workflow import access
from atelier_workflow.domain.canvas_check import CanvasDoc, check_canvas
from atelier_workflow.domain.canvas_facts import SubWorkflowCall
from atelier_workflow.domain.tree import TreeMember, WorkflowIssues, calls_to_load, check_tree
from atelier_workflow.domain.validation import ValidationIssue
from atelier_workflow.store import Conn, drafts
from atelier_workflow.store import versions as version_rows
from atelier_workflow.store import workflows as workflow_rows

MAX_TREE_CANVASES = 200  # a tree larger than this is not loaded further (its calls then read as missing)


async def load_calls(conn: Conn, space_id: int, calls: set[SubWorkflowCall]) -> dict[SubWorkflowCall, TreeMember | None]:
    """The canvases the calls run, None for those not in the space."""
    found = {wf.id: wf for wf in await workflow_rows.in_space(conn, space_id, sorted({c.workflow_id for c in calls}))}
    draft_canvases = await drafts.canvases(conn, [c.workflow_id for c in calls if not c.version and c.workflow_id in found])
    loaded: dict[SubWorkflowCall, TreeMember | None] = {}
    for call in calls:
        wf = found.get(call.workflow_id)
        text = None
        if wf is not None and not call.version:
            text = draft_canvases.get(wf.id)
        elif wf is not None:
            version = await version_rows.get(conn, wf.id, call.version)
            text = version.canvas if version is not None else None
        loaded[call] = None if text is None else TreeMember(wf.id, wf.name, call.version, json.loads(text))
    return loaded


async def tree_issues(conn: Conn, space_id: int, root: TreeMember) -> list[WorkflowIssues]:
    """The issues of the root canvas and of every canvas it runs, recursively."""
    loaded: dict[SubWorkflowCall, TreeMember | None] = {root.call: root}
    frontier = [root]
    while frontier and len(loaded) < MAX_TREE_CANVASES:
        fetched = await load_calls(conn, space_id, calls_to_load(frontier, loaded))
        loaded.update(fetched)
        frontier = [member for member in fetched.values() if member is not None]
    return check_tree(root, loaded)


async def validate(deps: ServiceDeps, req: wpb.ValidateTreeRequest) -> list[wpb.ValidateTreeInfo]:
    """Coze's validate_tree: the canvas sent (the saved draft when none is), with its sub-workflows."""
    async with deps.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        wf = await access.workflow(conn, req.workflow_id, space_id=req.space_id)
        text = req.schema if req.HasField("schema") and req.schema else (await access.draft(conn, wf)).canvas
        doc: CanvasDoc = check_canvas(text, max_bytes=deps.settings.workflow_max_canvas_bytes)
        results = await tree_issues(conn, wf.space_id, TreeMember(wf.id, wf.name, "", doc))
    return [wpb.ValidateTreeInfo(workflow_id=r.workflow_id, name=r.name, errors=[_error(i) for i in r.issues])
            for r in results]


def _error(issue: ValidationIssue) -> wpb.ValidateErrorData:
    data = wpb.ValidateErrorData(message=issue.message, type=issue.error_type, field_path=issue.path,
                                 kind=issue.kind)
    if issue.error_type == ValidateErrorType.BotValidatePathErr:
        data.path_error.CopyFrom(wpb.PathError(start=issue.node_id, end_node=issue.end_node_id,
                                               path=[issue.node_id, issue.end_node_id]))
    else:
        data.node_error.CopyFrom(wpb.NodeError(node_id=issue.node_id))
    return data
