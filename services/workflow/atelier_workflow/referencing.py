"""Which workflows and agents use a workflow (Coze's workflow_references): workflows whose drafts
run it as a SubWorkflow node or give it to an LLM node as a tool, as their saves recorded
(`workflow_list`, Coze's answer); agents of the space whose draft or online version binds it, as
the agent service tells (`bot_list`)."""

from __future__ import annotations

from atelier_common.auth import require_space
from atelier_common.service import ServiceDeps
from atelier_proto import workflow_pb2 as wpb
from atelier_workflow import access, views
from atelier_workflow.clients.agent_bots import bots_binding
from atelier_workflow.store import references
from atelier_workflow.store import workflows as workflow_rows


async def referrers(deps: ServiceDeps, req: wpb.GetWorkflowReferencesRequest) -> wpb.WorkflowReferencesData:
    require_space(req.space_id)
    wf = await access.workflow(deps.pool, req.workflow_id, space_id=req.space_id)
    users = await references.referrers(deps.pool, wf.id)  # by name
    found = {w.id: w for w in await workflow_rows.in_space(deps.pool, req.space_id, [u.id for u in users])}
    bots = await bots_binding(deps.settings.agent_addr, req.space_id, wf.id, deps.settings.grpc_deadline_s)
    return wpb.WorkflowReferencesData(
        workflow_list=[await views.workflow(deps, found[u.id]) for u in users if u.id in found],
        bot_list=[wpb.WorkflowReferringBot(bot_id=b.bot_id, name=b.name, in_draft=b.in_draft,
                                           in_published=b.in_published) for b in bots])
