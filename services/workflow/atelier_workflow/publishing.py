"""Publishing: the draft's canvas becomes an immutable version ("vMAJOR.MINOR.PATCH", above the
latest). The draft stays as it is and editable. As in Coze, a draft must have passed a test run
since its last change unless the publish is forced. Force never publishes a canvas that cannot
run: the draft and the sub-workflows it runs must pass validate_tree (400 listing the issues,
node by node), while saves stay lenient (a draft is work in progress)."""

from __future__ import annotations

from atelier_common.auth import current_context
from atelier_common.errors import Conflict
from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_workflow import access, tree_check
from atelier_workflow.domain import names, versions
from atelier_workflow.domain.canvas_check import check_canvas
from atelier_workflow.domain.tree import InvalidTreeError, TreeMember
from atelier_workflow.store import versions as version_rows
from atelier_workflow.store import workflows as workflow_rows


async def publish(deps: ServiceDeps, req: wpb.PublishWorkflowRequest) -> wpb.PublishWorkflowData:
    description = names.description(req.version_description, "version_description")
    async with deps.pool.acquire() as conn, conn.transaction():
        wf = await access.workflow(conn, req.workflow_id, space_id=req.space_id, lock="NO KEY UPDATE")
        if req.commit_id and req.commit_id != wf.draft.commit_id:
            raise Conflict(f"workflow {wf.id}: the draft is at commit {wf.draft.commit_id!r} now, not "
                           f"{req.commit_id!r} (field 'commit_id'): load the canvas again")
        draft = await access.draft(conn, wf)
        doc = check_canvas(draft.canvas, max_bytes=deps.settings.workflow_max_canvas_bytes)
        if results := await tree_check.tree_issues(conn, wf.space_id, TreeMember(wf.id, wf.name, "", doc)):
            raise InvalidTreeError(f"workflow {wf.id} cannot be published", results)
        if not req.force and not wf.draft.test_run_passed:
            raise Conflict(f"workflow {wf.id}: the draft has not passed a test run since its last change; "
                           "test-run it, or publish with force=true")
        version = versions.next_version(req.workflow_version, wf.latest.version if wf.latest else None)
        await version_rows.insert(conn, workflow_id=wf.id, version=version, description=description,
                                  canvas=draft.canvas, content_hash=draft.state.content_hash,
                                  commit_id=draft.state.commit_id, creator_id=current_context().user_id)
        await workflow_rows.set_latest_version(conn, wf.id, str(version))
    return wpb.PublishWorkflowData(workflow_id=wf.id, publish_commit_id=draft.state.commit_id, success=True)
