"""Reading workflows in bulk: the console's list of a space (filters, pages) and the details of
chosen workflows (their interface, for pickers such as the SubWorkflow node's)."""

from __future__ import annotations

import json

from atelier_common import paging
from atelier_common.auth import current_context, require_space
from atelier_common.errors import InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import WorkFlowListStatus, WorkflowMode
from atelier_workflow import views
from atelier_workflow.store import drafts
from atelier_workflow.store import workflows as workflow_rows
from atelier_workflow.store.workflows import ListFilter

DEFAULT_PAGE_SIZE = 10
MAX_PAGE_SIZE = 100
MAX_DETAIL_IDS = 100


def _filter(req: wpb.GetWorkFlowListRequest) -> ListFilter:
    mode = None
    if req.HasField("flow_mode") and req.flow_mode != WorkflowMode.All:
        mode = WorkflowMode(req.flow_mode)
    published = None
    if req.HasField("status"):
        published = req.status == WorkFlowListStatus.HadPublished
    return ListFilter(space_id=req.space_id, mode=mode, name=req.name, published=published,
                      ids=list(req.workflow_ids),
                      creator_id=current_context().user_id if req.login_user_create else None,
                      project_id=req.project_id if req.HasField("project_id") else None)


async def workflow_list(deps: ServiceDeps, req: wpb.GetWorkFlowListRequest) -> wpb.WorkFlowListData:
    require_space(req.space_id)
    page = paging.page(req.page if req.HasField("page") else None, req.size if req.HasField("size") else None,
                       default_size=DEFAULT_PAGE_SIZE, max_size=MAX_PAGE_SIZE)
    found, total = await workflow_rows.list_in_space(deps.pool, _filter(req), limit=page.size, offset=page.offset)
    return wpb.WorkFlowListData(workflow_list=[await views.workflow(deps, wf) for wf in found], total=total,
                                has_more=page.offset + len(found) < total)


async def workflow_detail(deps: ServiceDeps, req: wpb.GetWorkflowDetailRequest) -> list[wpb.WorkflowDetailData]:
    """The details of those of the ids that are workflows of the space, in the order asked."""
    require_space(req.space_id)
    ids = list(dict.fromkeys(req.workflow_ids))
    if len(ids) > MAX_DETAIL_IDS:
        raise InvalidArgument(f"field 'workflow_ids': at most {MAX_DETAIL_IDS} ids")
    found = await workflow_rows.in_space(deps.pool, req.space_id, ids)
    canvases = await drafts.canvases(deps.pool, [wf.id for wf in found])
    return [await views.detail(deps, wf, json.loads(canvases[wf.id])) for wf in found]
