"""The workflows a SubWorkflow node runs, read from this service's own store: the version the
node names (else the latest published one), or the draft when the run is a debug run. Plans are
compiled once per canvas content (the content hash) and kept."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from atelier_workflow.domain.plan import Plan
from atelier_workflow.runs.definitions import PlanCache
from atelier_workflow.store import Conn, drafts, versions, workflows


class WorkflowNotRunnable(Exception):
    """The sub-workflow cannot be run: missing, in another space, never published, or its version unknown."""


@dataclass(frozen=True)
class LoadedWorkflow:
    workflow_id: int
    version: str  # "" for the draft
    plan: Plan
    name: str = ""
    description: str = ""
    canvas: str = ""  # its canvas JSON (a tool's schema is read from it)


class WorkflowLoader(Protocol):
    async def load(self, workflow_id: int, version: str) -> LoadedWorkflow:
        """Raises WorkflowNotRunnable (and InvalidCanvasError when its canvas cannot run)."""
        ...


class StoreWorkflowLoader:
    def __init__(self, conn: Conn, cache: PlanCache, *, space_id: int, debug: bool) -> None:
        self.conn, self.cache, self.space_id, self.debug = conn, cache, space_id, debug

    async def load(self, workflow_id: int, version: str) -> LoadedWorkflow:
        workflow = await workflows.get(self.conn, workflow_id)
        if workflow is None or workflow.space_id != self.space_id:
            raise WorkflowNotRunnable(f"workflow {workflow_id} does not exist in this space")
        if self.debug:
            draft = await drafts.get(self.conn, workflow_id)
            if draft is None:
                raise WorkflowNotRunnable(f"workflow {workflow_id} has no draft")
            return LoadedWorkflow(workflow_id, "", self.cache.compiled(workflow_id, draft.state.content_hash, draft.canvas),
                                  workflow.name, workflow.description, draft.canvas)
        wanted = version or (workflow.latest.version if workflow.latest else "")
        if not wanted:
            raise WorkflowNotRunnable(f"workflow {workflow_id} ({workflow.name}) has never been published")
        published = await versions.get(self.conn, workflow_id, wanted)
        if published is None:
            raise WorkflowNotRunnable(f"workflow {workflow_id} ({workflow.name}) has no version {wanted}")
        return LoadedWorkflow(workflow_id, wanted, self.cache.compiled(workflow_id, published.content_hash, published.canvas),
                              workflow.name, workflow.description, published.canvas)
