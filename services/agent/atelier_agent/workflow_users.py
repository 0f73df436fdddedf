"""ListBotsUsingWorkflow: the agents of a space that bind a workflow in their draft or online
version (workflow_info_list). The workflow service asks, for its references and before it
deletes a workflow; only services call it."""

from __future__ import annotations

from atelier_agent.store import bots as bot_rows
from atelier_common.auth import require_internal
from atelier_common.errors import InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb


async def bots_using(deps: ServiceDeps, req: apb.ListBotsUsingWorkflowRequest) -> list[apb.BotUsingWorkflow]:
    require_internal()
    if not req.space_id or not req.workflow_id:
        raise InvalidArgument("fields 'space_id' and 'workflow_id': required")
    found = await bot_rows.using_workflow(deps.pool, req.space_id, req.workflow_id)
    return [apb.BotUsingWorkflow(bot_id=bot_id, name=name, in_draft=draft, in_published=published)
            for bot_id, name, draft, published in found]
