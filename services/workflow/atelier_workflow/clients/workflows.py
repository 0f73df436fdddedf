"""The workflows a SubWorkflow node runs, read from this service's own store: the version the
node names (else the latest published one), or the draft when the run is a debug run. Plans are
compiled once per canvas content (the content hash) and kept."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.store import Conn, drafts, versions, workflows


class WorkflowNotRunnable(Exception):
    """The sub-workflow cannot be run: missing, in another space, never published, or its version unknown."""


@dataclass(frozen=True)
class LoadedWorkflow:
    workflow_id: int
    version: str  # "" for the draft
    plan: Plan


class WorkflowLoader(Protocol):
    async def load(self, workflow_id: int, version: str) -> LoadedWorkflow:
        """Raises WorkflowNotRunnable (and InvalidCanvasError when its canvas cannot run)."""
        ...


class PlanCache:
    """Compiled plans by content hash, shared by every run of the service."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._plans: dict[str, Plan] = {}

    def plan(self, content_hash: str, canvas: str) -> Plan:
        plan = self._plans.get(content_hash)
        if plan is None:
            plan = compile_plan(parse_canvas(canvas))
            if len(self._plans) >= self.limit:
                self._plans.pop(next(iter(self._plans)))
            self._plans[content_hash] = plan
        return plan


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
            return LoadedWorkflow(workflow_id, "", self.cache.plan(draft.state.content_hash, draft.canvas))
        wanted = version or (workflow.latest.version if workflow.latest else "")
        if not wanted:
            raise WorkflowNotRunnable(f"workflow {workflow_id} ({workflow.name}) has never been published")
        published = await versions.get(self.conn, workflow_id, wanted)
        if published is None:
            raise WorkflowNotRunnable(f"workflow {workflow_id} ({workflow.name}) has no version {wanted}")
        return LoadedWorkflow(workflow_id, wanted, self.cache.plan(published.content_hash, published.canvas))
