"""node_type: what a workflow's draft is made of, as Coze's console asks before binding a workflow
to an agent or a chat (does it read chat history, take the user's message, use global
variables?): the types and properties of the nodes that run, and those of the workflows its
SubWorkflow nodes run (the version a node names, else that workflow's draft), to any depth."""

from __future__ import annotations

import json

from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_workflow import access
from atelier_workflow.domain import canvas_facts
from atelier_workflow.domain.canvas_facts import NodeProperties, SubWorkflowCall
from atelier_workflow.store import Conn, drafts
from atelier_workflow.store import versions as version_rows
from atelier_workflow.store import workflows as workflow_rows


def _props(node: NodeProperties) -> wpb.NodeProps:
    return wpb.NodeProps(id=node.id, type=node.type, is_enable_chat_history=node.chat_history,
                         is_enable_user_query=node.user_query, is_ref_global_variable=node.global_variable)


async def _called_canvas(conn: Conn, space_id: int, call: SubWorkflowCall) -> str | None:
    """The canvas a SubWorkflow node runs; None for a workflow that is not (or no longer) in the
    space, or a version it does not have."""
    called = await workflow_rows.get(conn, call.workflow_id)
    if called is None or called.space_id != space_id:
        return None
    if call.version:
        version = await version_rows.get(conn, called.id, call.version)
        return None if version is None else version.canvas
    draft = await drafts.get(conn, called.id)
    return None if draft is None else draft.canvas


async def node_types(deps: ServiceDeps, req: wpb.QueryWorkflowNodeTypeRequest) -> wpb.WorkflowNodeTypeData:
    wf = await access.workflow(deps.pool, req.workflow_id, space_id=req.space_id)
    own = canvas_facts.node_properties(json.loads((await access.draft(deps.pool, wf)).canvas))
    inner: list[NodeProperties] = []
    seen = {(wf.id, "")}  # a workflow that (wrongly) runs itself is read once
    pending = [node.calls for node in own if node.calls is not None]
    while pending:
        call = pending.pop(0)
        if (call.workflow_id, call.version) in seen:
            continue
        seen.add((call.workflow_id, call.version))
        canvas = await _called_canvas(deps.pool, wf.space_id, call)
        if canvas is None:
            continue
        found = canvas_facts.node_properties(json.loads(canvas))
        inner.extend(found)
        pending.extend(node.calls for node in found if node.calls is not None)
    return wpb.WorkflowNodeTypeData(
        node_types=list(dict.fromkeys(node.type for node in own)),
        sub_workflow_node_types=list(dict.fromkeys(node.type for node in inner)),
        nodes_properties=[_props(node) for node in own],
        sub_workflow_nodes_properties=[_props(node) for node in inner])
