"""Loading workflows on behalf of a caller: 404 when absent, deleted or in a space the caller is
not in (alike, so workflow ids cannot be probed across spaces)."""

from __future__ import annotations

from atelier_common.auth import require_visible
from atelier_common.errors import NotFound
from atelier_workflow.domain.entities import Draft, Workflow
from atelier_workflow.store import Conn, drafts
from atelier_workflow.store import workflows as workflow_rows
from atelier_workflow.store.workflows import RowLock


async def workflow(conn: Conn, workflow_id: int, *, space_id: int, lock: RowLock | None = None) -> Workflow:
    """The workflow, which must be in space_id (the space the request names)."""
    found = await workflow_rows.get(conn, workflow_id, lock=lock)
    if found is None:
        raise NotFound(f"workflow {workflow_id} not found")
    require_visible(found.space_id, f"workflow {workflow_id} not found")
    if space_id != found.space_id:
        raise NotFound(f"workflow {workflow_id} not found in space {space_id}")
    return found


async def draft(conn: Conn, wf: Workflow) -> Draft:
    """The draft of a workflow already checked (every workflow has one from its creation)."""
    found = await drafts.get(conn, wf.id)
    if found is None:
        raise NotFound(f"workflow {wf.id} has no draft")
    return found
