"""Workflow definitions from the console: create, read the canvas, save it, change the name and
description, copy, delete.

Saves are optimistic: each names the draft commit it was made on (submit_commit_id, from the
canvas or the previous save) and is refused with 409 when the draft has moved on, so two editors
never silently overwrite each other. Every save records which workflows the canvas uses; a
workflow others use is only deleted with force."""

from __future__ import annotations

import json

import asyncpg

from atelier_common.auth import current_context, require_space
from atelier_common.errors import Conflict, InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import SchemaType, WorkflowMode
from atelier_workflow import access, views
from atelier_workflow.clients.agent_bots import bots_binding
from atelier_workflow.domain import canvas_facts, names, status
from atelier_workflow.domain.canvas_check import check_canvas
from atelier_workflow.domain.entities import MetaChanges, Reference, Workflow
from atelier_workflow.domain.initial_canvas import initial_canvas
from atelier_workflow.store import UniqueViolation, drafts, references
from atelier_workflow.store import workflows as workflow_rows

MODES = (WorkflowMode.Workflow, WorkflowMode.ChatFlow)
COPY_ATTEMPTS = 3  # a copy racing another for the same name picks the next one


def _mode(value: int) -> WorkflowMode:
    if value not in MODES:
        raise InvalidArgument(f"field 'flow_mode': {value} is not {WorkflowMode.Workflow.value} (workflow) or "
                              f"{WorkflowMode.ChatFlow.value} (chatflow)")
    return WorkflowMode(value)


def _name_taken(name: str, space_id: int) -> Conflict:
    return Conflict(f"field 'name': a workflow named {name!r} already exists in space {space_id}")


def new_commit(deps: ServiceDeps) -> str:
    return str(deps.ids.next_id())


async def create(deps: ServiceDeps, req: wpb.CreateWorkflowRequest) -> wpb.CreateWorkflowData:
    require_space(req.space_id)
    name = names.workflow_name(req.name)
    description = names.description(req.desc)
    mode = _mode(req.flow_mode) if req.HasField("flow_mode") else WorkflowMode.Workflow
    doc = initial_canvas(mode)
    workflow_id = deps.ids.next_id()
    try:
        async with deps.pool.acquire() as conn, conn.transaction():
            await workflow_rows.insert(conn, id=workflow_id, space_id=req.space_id,
                                       project_id=req.project_id if req.HasField("project_id") else None, name=name,
                                       description=description, icon_uri=req.icon_uri, mode=mode,
                                       creator_id=current_context().user_id)
            await drafts.insert(conn, workflow_id=workflow_id, canvas=json.dumps(doc, ensure_ascii=False),
                                content_hash=canvas_facts.content_hash(doc), commit_id=new_commit(deps))
    except UniqueViolation:
        raise _name_taken(name, req.space_id) from None
    wf = await access.workflow(deps.pool, workflow_id, space_id=req.space_id)
    return wpb.CreateWorkflowData(workflow_id=workflow_id, name=name, url=await views.icon_url(deps, wf.icon_uri),
                                  status=status.publish_status(wf), type=SchemaType.FDL)


async def canvas(deps: ServiceDeps, req: wpb.GetCanvasInfoRequest) -> wpb.CanvasData:
    # One snapshot: the canvas sent is the one at the commit sent.
    async with deps.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        wf = await access.workflow(conn, req.workflow_id, space_id=req.space_id)
        draft = await access.draft(conn, wf)
    data = wpb.CanvasData(workflow=await views.workflow(deps, wf, canvas=draft.canvas), vcs_data=views.vcs_data(wf))
    if wf.latest is not None:
        data.workflow_version = wf.latest.version
    return data


def _meta_changes(req: wpb.SaveWorkflowRequest | wpb.UpdateWorkflowMetaRequest) -> MetaChanges:
    """The checked settings a request sets."""
    mode = None
    if isinstance(req, wpb.UpdateWorkflowMetaRequest) and req.HasField("flow_mode"):
        mode = _mode(req.flow_mode)
    return MetaChanges(name=names.workflow_name(req.name) if req.HasField("name") else None,
                       description=names.description(req.desc) if req.HasField("desc") else None,
                       icon_uri=req.icon_uri if req.HasField("icon_uri") else None, mode=mode)


async def _update_meta(conn: asyncpg.Connection, wf: Workflow, changes: MetaChanges) -> None:
    """Inside the caller's transaction, which a taken name ends (409)."""
    if not changes:
        return
    try:
        await workflow_rows.update_meta(conn, wf.id, changes)
    except UniqueViolation:
        raise _name_taken(changes.name or "", wf.space_id) from None


async def save(deps: ServiceDeps, req: wpb.SaveWorkflowRequest) -> wpb.SaveWorkflowData:
    if not req.HasField("schema"):
        raise InvalidArgument("field 'schema': required (the canvas JSON to save)")
    doc = check_canvas(req.schema, max_bytes=deps.settings.workflow_max_canvas_bytes)
    used = canvas_facts.references(doc)
    changes = _meta_changes(req)
    commit_id = new_commit(deps)
    async with deps.pool.acquire() as conn, conn.transaction():
        wf = await access.workflow(conn, req.workflow_id, space_id=req.space_id, lock="NO KEY UPDATE")
        saved = await drafts.replace(conn, wf.id, expected_commit_id=req.submit_commit_id, canvas=req.schema,
                                     content_hash=canvas_facts.content_hash(doc), commit_id=commit_id)
        if not saved:
            raise Conflict(f"workflow {wf.id} was saved by someone else since commit {req.submit_commit_id!r} "
                           f"(now {wf.draft.commit_id!r}): load the canvas again and redo the change")
        await record_references(conn, wf.id, wf.space_id, used)
        await _update_meta(conn, wf, changes)
        wf = await access.workflow(conn, wf.id, space_id=req.space_id)
    return wpb.SaveWorkflowData(name=wf.name, url=await views.icon_url(deps, wf.icon_uri),
                                status=status.dev_status(wf), workflow_status=status.publish_status(wf),
                                submit_commit_id=wf.draft.commit_id)


async def record_references(conn: asyncpg.Connection, workflow_id: int, space_id: int, used: set[Reference]) -> None:
    """What the workflow's draft uses. Only workflows of this space are recorded, and none is
    deleted while the caller's transaction runs."""
    existing = await workflow_rows.keep_existing(conn, space_id, sorted({r.referred_id for r in used} - {workflow_id}))
    await references.replace_for(conn, workflow_id, (r for r in used if r.referred_id in existing))


async def update_meta(deps: ServiceDeps, req: wpb.UpdateWorkflowMetaRequest) -> None:
    changes = _meta_changes(req)
    async with deps.pool.acquire() as conn, conn.transaction():
        wf = await access.workflow(conn, req.workflow_id, space_id=req.space_id, lock="NO KEY UPDATE")
        await _update_meta(conn, wf, changes)


async def delete(deps: ServiceDeps, req: wpb.DeleteWorkflowRequest) -> None:
    """Soft-deletes the workflow; 409 while workflows use it or agents bind it, unless forced."""
    if not req.force:  # asked before the row lock: an agent bound meanwhile is the agent's to notice
        wf = await access.workflow(deps.pool, req.workflow_id, space_id=req.space_id)
        bots = await bots_binding(deps.settings.agent_addr, wf.space_id, wf.id, deps.settings.grpc_deadline_s)
        if bots:
            listed = ", ".join(f"{b.name} ({b.bot_id})" for b in bots)
            raise Conflict(f"workflow {wf.id} ({wf.name}) is bound by agents: {listed}; remove it from them "
                           "first, or delete with force=true")
    async with deps.pool.acquire() as conn, conn.transaction():
        wf = await access.workflow(conn, req.workflow_id, space_id=req.space_id, lock="UPDATE")
        users = await references.referrers(conn, wf.id)
        if users and not req.force:
            listed = ", ".join(f"{u.name} ({u.id})" for u in users)
            raise Conflict(f"workflow {wf.id} ({wf.name}) is used by other workflows: {listed}; remove it from "
                           "them first, or delete with force=true")
        await references.delete_touching(conn, wf.id)
        await workflow_rows.soft_delete(conn, wf.id)


async def copy(deps: ServiceDeps, req: wpb.CopyWorkflowRequest) -> int:
    """A new workflow with the original's settings and draft canvas, named "<name>_copy" (or
    _copy_2...), not published, its test run to be done again."""
    wf = await access.workflow(deps.pool, req.workflow_id, space_id=req.space_id)
    for _ in range(COPY_ATTEMPTS):
        try:
            return await _insert_copy(deps, wf)
        except UniqueViolation:
            continue  # another copy took the name meanwhile
    raise Conflict(f"workflow {wf.id}: copies made at the same time took every name tried; copy again")


async def _insert_copy(deps: ServiceDeps, wf: Workflow) -> int:
    copy_id = deps.ids.next_id()
    async with deps.pool.acquire() as conn, conn.transaction():
        draft = await access.draft(conn, wf)
        # Every name copy_name tries keeps at least the first half of the original's.
        taken = await workflow_rows.names_starting_with(conn, wf.space_id, wf.name[: names.MAX_NAME_CHARS // 2])
        await workflow_rows.insert(conn, id=copy_id, space_id=wf.space_id, project_id=wf.project_id,
                                   name=names.copy_name(wf.name, taken), description=wf.description,
                                   icon_uri=wf.icon_uri, mode=wf.mode, creator_id=current_context().user_id,
                                   source_id=wf.id)
        await drafts.insert(conn, workflow_id=copy_id, canvas=draft.canvas, content_hash=draft.state.content_hash,
                            commit_id=new_commit(deps))
        await references.copy(conn, wf.id, copy_id)
    return copy_id
