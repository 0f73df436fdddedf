"""Export and import of workflows as YAML (domain.dsl has the format).

Export gathers the workflow's draft and, recursively, every workflow its canvases run: the draft
of each, and the published versions some canvas pins. A canvas running a workflow that is gone
cannot be written down: 409 naming the node.

Import creates every workflow of the document in the space, in one transaction (all or none):
drafts are checked as saves check them (a canvas at all, within the size limit: a draft may be
work in progress), published versions as publish does (validate_tree over them and what they
run). Names already taken in the space are resolved as copy does ("<name>_copy", "_copy_2"...);
the answer says which name each workflow got.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import asyncpg

from atelier_common.auth import current_context, require_space
from atelier_common.errors import Conflict, InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_workflow import access, editing
from atelier_workflow.domain import canvas_facts, dsl, names
from atelier_workflow.domain.canvas import CanvasFormatError, parse_canvas
from atelier_workflow.domain.canvas_check import CanvasDoc, check_canvas
from atelier_workflow.domain.canvas_facts import SubWorkflowCall
from atelier_workflow.domain.dsl import Bundle, VersionSpec, WorkflowSpec
from atelier_workflow.domain.entities import PublishedVersion, Workflow
from atelier_workflow.domain.tree import InvalidTreeError, TreeMember, check_tree
from atelier_workflow.domain.versions import parse as parse_version
from atelier_workflow.store import Conn, UniqueViolation, drafts
from atelier_workflow.store import versions as version_rows
from atelier_workflow.store import workflows as workflow_rows

IMPORT_ATTEMPTS = 3  # an import racing another for the same names picks the next ones
MAX_WORKFLOWS = 100  # in one document


# ------------------------------------------------------------------ export


@dataclass
class _Gathered:
    workflows: dict[int, Workflow]
    canvases: dict[int, CanvasDoc]  # drafts
    versions: dict[int, dict[str, PublishedVersion]] = field(default_factory=dict)


async def _gather(conn: Conn, root: Workflow, root_canvas: CanvasDoc) -> _Gathered:
    found = _Gathered({root.id: root}, {root.id: root_canvas})
    pending = [(f'workflow "{root.name}" ({root.id})', root_canvas)]
    while pending:
        calls = [(where, node) for where, doc in pending for node in canvas_facts.sub_workflow_nodes(doc)]
        pending = []
        new_ids = sorted({node.calls.workflow_id for _, node in calls} - found.workflows.keys())
        fresh = await workflow_rows.in_space(conn, root.space_id, new_ids)
        found.workflows.update((wf.id, wf) for wf in fresh)
        for wf_id, text in (await drafts.canvases(conn, [wf.id for wf in fresh])).items():
            found.canvases[wf_id] = json.loads(text)
            pending.append((f'workflow "{found.workflows[wf_id].name}" ({wf_id})', found.canvases[wf_id]))
        for where, node in calls:
            call = node.calls
            if call.workflow_id not in found.workflows:
                raise Conflict(f"{where}: node {node.node_id} runs workflow {call.workflow_id}, which is not in this "
                               "space any more; choose another workflow in the node, then export")
            held = found.versions.setdefault(call.workflow_id, {})
            if call.version and call.version not in held:
                version = await version_rows.get(conn, call.workflow_id, call.version)
                if version is None:
                    raise Conflict(f"{where}: node {node.node_id} runs version {call.version} of workflow "
                                   f"{call.workflow_id}, which is not published; fix the node, then export")
                held[call.version] = version
                pending.append((f"{where} -> {call.workflow_id} {call.version}", json.loads(version.canvas)))
        if len(found.workflows) > MAX_WORKFLOWS:
            raise Conflict(f"workflow {root.id} runs more than {MAX_WORKFLOWS} workflows: too many for one document")
    return found


def _bundle(root: Workflow, found: _Gathered) -> Bundle:
    ref_of = {wf_id: wf.name for wf_id, wf in found.workflows.items()}  # names are unique in a space
    workflows = {}
    for wf_id, wf in found.workflows.items():
        versions = {v: VersionSpec(p.description, dsl.with_refs(json.loads(p.canvas), ref_of))
                    for v, p in found.versions.get(wf_id, {}).items()}
        workflows[wf.name] = WorkflowSpec(wf.name, wf.description, wf.mode,
                                          dsl.with_refs(found.canvases[wf_id], ref_of), versions)
    return Bundle(main=root.name, workflows=workflows)


async def export(deps: ServiceDeps, req: wpb.ExportWorkflowRequest) -> wpb.ExportWorkflowData:
    async with deps.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        wf = await access.workflow(conn, req.workflow_id, space_id=req.space_id)
        draft = await access.draft(conn, wf)
        found = await _gather(conn, wf, json.loads(draft.canvas))
    return wpb.ExportWorkflowData(yaml=dsl.to_yaml(_bundle(wf, found)), file_name=f"{wf.name}.workflow.yaml")


# ------------------------------------------------------------------ import


def _where(ref: str, bundle: Bundle, version: str = "") -> str:
    place = "workflow" if ref == bundle.main else f"sub_workflows.{ref}"
    return f"{place}.versions.{version}" if version else place


def _checked_canvas(doc: CanvasDoc, where: str, max_bytes: int) -> str:
    """The canvas as stored (JSON text), if it is a canvas at all (400 naming the place otherwise)."""
    text = json.dumps(doc, ensure_ascii=False)
    try:
        check_canvas(text, max_bytes=max_bytes)
        parse_canvas(doc)
    except (InvalidArgument, CanvasFormatError) as e:
        raise type(e)(f"field '{dsl.FIELD}': {where}.canvas: {e}") from None
    return text


def _with_ids(doc: CanvasDoc, id_of: dict[str, int], where: str, max_bytes: int) -> CanvasDoc:
    """The canvas as it will be stored: checked to be a canvas (before its nodes are walked), its
    references replaced by the new ids, within the size limit."""
    _checked_canvas(doc, where, max_bytes)
    stored = dsl.with_ids(doc, id_of, where)
    _checked_canvas(stored, where, max_bytes)
    return stored


@dataclass(frozen=True)
class _Planned:
    """A workflow to create: its new id and canvases with ids in place of references."""

    ref: str
    id: int
    spec: WorkflowSpec
    canvas: CanvasDoc
    versions: dict[str, CanvasDoc]


def _plan(deps: ServiceDeps, bundle: Bundle) -> list[_Planned]:
    if len(bundle.workflows) > MAX_WORKFLOWS:
        raise InvalidArgument(f"field '{dsl.FIELD}': at most {MAX_WORKFLOWS} workflows in a document")
    max_bytes = deps.settings.workflow_max_canvas_bytes
    id_of = {ref: deps.ids.next_id() for ref in bundle.workflows}
    planned = []
    for ref, spec in bundle.workflows.items():
        names.workflow_name(spec.name, f"{dsl.FIELD}.{_where(ref, bundle)}.name")
        names.description(spec.description, f"{dsl.FIELD}.{_where(ref, bundle)}.description")
        canvas = _with_ids(spec.canvas, id_of, _where(ref, bundle), max_bytes)
        versions = {version: _with_ids(item.canvas, id_of, _where(ref, bundle, version), max_bytes)
                    for version, item in spec.versions.items()}
        planned.append(_Planned(ref, id_of[ref], spec, canvas, versions))
    _check_versions_run(planned)
    return planned


def _check_versions_run(planned: list[_Planned]) -> None:
    """Published versions are held to publish's rule: they and what they run pass validate_tree."""
    loaded: dict[SubWorkflowCall, TreeMember | None] = {}
    for item in planned:
        loaded[SubWorkflowCall(item.id, "")] = TreeMember(item.id, item.spec.name, "", item.canvas)
        for version, canvas in item.versions.items():
            loaded[SubWorkflowCall(item.id, version)] = TreeMember(item.id, item.spec.name, version, canvas)
    results = [r for member in loaded.values() if member is not None and member.version
               for r in check_tree(member, loaded)]
    if results:
        raise InvalidTreeError(f"field '{dsl.FIELD}': a published version of the document cannot run", results)


async def _name(conn: Conn, space_id: int, wanted: str, assigned: set[str]) -> str:
    taken = await workflow_rows.names_starting_with(conn, space_id, wanted[: names.MAX_NAME_CHARS // 2])
    taken |= assigned
    return wanted if wanted not in taken else names.copy_name(wanted, taken)


async def _create(conn: asyncpg.Connection, deps: ServiceDeps, req: wpb.ImportWorkflowRequest,
                  item: _Planned, name: str) -> None:
    user_id = current_context().user_id
    await workflow_rows.insert(conn, id=item.id, space_id=req.space_id,
                               project_id=req.project_id if req.HasField("project_id") else None, name=name,
                               description=item.spec.description, icon_uri="", mode=item.spec.mode,
                               creator_id=user_id)
    await drafts.insert(conn, workflow_id=item.id, canvas=json.dumps(item.canvas, ensure_ascii=False),
                        content_hash=canvas_facts.content_hash(item.canvas), commit_id=editing.new_commit(deps))
    ordered = sorted(item.versions, key=parse_version)
    for version in ordered:
        canvas = item.versions[version]
        await version_rows.insert(conn, workflow_id=item.id, version=parse_version(version),
                                  description=item.spec.versions[version].description,
                                  canvas=json.dumps(canvas, ensure_ascii=False),
                                  content_hash=canvas_facts.content_hash(canvas), commit_id=editing.new_commit(deps),
                                  creator_id=user_id)
    if ordered:
        await workflow_rows.set_latest_version(conn, item.id, ordered[-1])


async def _insert_all(deps: ServiceDeps, req: wpb.ImportWorkflowRequest, planned: list[_Planned]) -> list[str]:
    given: list[str] = []
    async with deps.pool.acquire() as conn, conn.transaction():
        for item in planned:
            given.append(await _name(conn, req.space_id, item.spec.name, set(given)))
            await _create(conn, deps, req, item, given[-1])
        for item in planned:  # every workflow exists now: what each uses can be recorded
            await editing.record_references(conn, item.id, req.space_id, canvas_facts.references(item.canvas))
    return given


async def import_(deps: ServiceDeps, req: wpb.ImportWorkflowRequest) -> wpb.ImportWorkflowData:
    require_space(req.space_id)
    planned = _plan(deps, dsl.from_yaml(req.yaml))
    for _ in range(IMPORT_ATTEMPTS):
        try:
            given = await _insert_all(deps, req, planned)
            break
        except UniqueViolation:
            continue  # another workflow took a name meanwhile
    else:
        raise Conflict("workflows created at the same time took every name tried; import again")
    return wpb.ImportWorkflowData(workflow_id=planned[0].id, workflows=[
        wpb.ImportedWorkflow(ref=item.ref, workflow_id=item.id, name=name) for item, name in zip(planned, given,
                                                                                               strict=True)])
