"""Workflow entities as the IDL's messages (Coze's shapes): the Workflow of lists and the canvas,
the canvas's version-control data, the detail of workflow_detail."""

from __future__ import annotations

import json

from atelier_common.auth import current_context
from atelier_common.service import ServiceDeps
from atelier_common.storage import InvalidKey
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import SchemaType
from atelier_workflow.domain import canvas_facts, status
from atelier_workflow.domain.canvas_check import CanvasDoc
from atelier_workflow.domain.entities import Workflow


async def icon_url(deps: ServiceDeps, icon_uri: str) -> str:
    """A URL a browser can open for the icon: a key of our storage signed, a URL the console sent
    as it is, "" otherwise."""
    if icon_uri.startswith(("http://", "https://")):
        return icon_uri
    try:
        return await deps.storage.url(icon_uri) if icon_uri else ""
    except InvalidKey:
        return ""


def _seconds(wf: Workflow) -> tuple[int, int]:
    changed = max(wf.updated_at, wf.draft.updated_at)
    return int(wf.created_at.timestamp()), int(changed.timestamp())


async def workflow(deps: ServiceDeps, wf: Workflow, *, canvas: str | None = None) -> wpb.Workflow:
    created, updated = _seconds(wf)
    msg = wpb.Workflow(
        workflow_id=wf.id, name=wf.name, desc=wf.description, url=await icon_url(deps, wf.icon_uri),
        icon_uri=wf.icon_uri, status=status.dev_status(wf), workflow_status=status.publish_status(wf),
        create_time=created, update_time=updated, schema_type=SchemaType.FDL, space_id=wf.space_id,
        creator=wpb.Creator(id=wf.creator_id, is_self=wf.creator_id == current_context().user_id),
        flow_mode=wf.mode, plugin_id=wf.id if wf.published else 0)
    if canvas is not None:
        msg.schema_json = canvas
    if wf.project_id is not None:
        msg.project_id = wf.project_id
    if wf.latest is not None:
        msg.version = wf.latest.version
    return msg


def vcs_data(wf: Workflow) -> wpb.VCSCanvasData:
    msg = wpb.VCSCanvasData(submit_commit_id=wf.draft.commit_id, draft_commit_id=wf.draft.commit_id,
                            type=status.canvas_type(wf), can_edit=True)
    if wf.latest is not None:
        msg.publish_commit_id = wf.latest.commit_id
    return msg


async def detail(deps: ServiceDeps, wf: Workflow, doc: CanvasDoc) -> wpb.WorkflowDetailData:
    created, updated = _seconds(wf)
    facts = canvas_facts.interface(doc)
    msg = wpb.WorkflowDetailData(
        workflow_id=wf.id, space_id=wf.space_id, name=wf.name, desc=wf.description,
        icon=await icon_url(deps, wf.icon_uri), icon_uri=wf.icon_uri,
        inputs=json.dumps(facts.inputs, ensure_ascii=False), outputs=json.dumps(facts.outputs, ensure_ascii=False),
        version=wf.latest.version if wf.latest is not None else "", create_time=created, update_time=updated,
        end_type=facts.end_type, flow_mode=wf.mode)
    if wf.project_id is not None:
        msg.project_id = wf.project_id
    return msg
