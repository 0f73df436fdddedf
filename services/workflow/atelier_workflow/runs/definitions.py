"""What a run executes: the canvas of a published version or of the draft (or, for a single-node
debug run, the canvas running one node of the draft), and its plan, compiled once per canvas
content and kept (`PlanCache`): a version never changes, and a draft's plan is found again by its
content hash."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from cachetools import LRUCache

from atelier_common.errors import Conflict, NotFound, Unprocessable
from atelier_workflow import access
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.entities import Workflow
from atelier_workflow.domain.node_debug import debug_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.domain.runs import DRAFT, Execution
from atelier_workflow.store import Conn, versions
from atelier_workflow.store import workflows as workflow_rows


@dataclass(frozen=True)
class Definition:
    workflow: Workflow
    version: str  # DRAFT or the published version
    canvas: str
    content_hash: str


async def published(conn: Conn, wf: Workflow, version: str = "") -> Definition:
    """The version asked for, else the latest; Conflict when nothing is published (as Coze refuses)."""
    wanted = version or (wf.latest.version if wf.latest else "")
    if not wanted:
        raise Conflict(f"workflow {wf.id} is not published: publish it first, or test-run the draft")
    found = await versions.get(conn, wf.id, wanted)
    if found is None:
        raise NotFound(f"workflow {wf.id} has no published version {wanted!r}")
    return Definition(wf, found.version, found.canvas, found.content_hash)


async def draft(conn: Conn, wf: Workflow) -> Definition:
    d = await access.draft(conn, wf)
    return Definition(wf, DRAFT, d.canvas, d.state.content_hash)


def node_debug(definition: Definition, node_id: str) -> tuple[Definition, tuple[str, ...]]:
    """The canvas running only `node_id` of the definition's, and the inputs it takes. Its content
    hash is the definition's with the node: it changes with the canvas it came from."""
    debug = debug_canvas(json.loads(definition.canvas), node_id)
    return (replace(definition, canvas=json.dumps(debug.doc), content_hash=f"{definition.content_hash}#{node_id}"),
            debug.inputs)


async def of_run(conn: Conn, wf: Workflow, version: str, debug_node_id: str | None = None) -> Definition:
    """The canvas a run was started on (a run stores its version, DRAFT for the draft, and the
    node a single-node debug run executes)."""
    found = await draft(conn, wf) if version == DRAFT else await published(conn, wf, version)
    return found if debug_node_id is None else node_debug(found, debug_node_id)[0]


class DefinitionChanged(Unprocessable):
    """The draft a run was started on was saved over before the run could be executed."""


class PlanCache:
    """Compiled plans by (workflow, content hash), shared by every run of the process: the runs'
    own canvases and the sub-workflows they call."""

    def __init__(self, size: int = 256) -> None:
        self._plans: LRUCache[tuple[int, str], Plan] = LRUCache(size)

    def compiled(self, workflow_id: int, content_hash: str, canvas: str) -> Plan:
        """The compiled plan (InvalidCanvasError, 400, when the canvas cannot run)."""
        key = (workflow_id, content_hash)
        found = self._plans.get(key)
        if found is None:
            found = self._plans[key] = compile_plan(parse_canvas(canvas))
        return found

    def plan(self, definition: Definition) -> Plan:
        return self.compiled(definition.workflow.id, definition.content_hash, definition.canvas)

    async def for_run(self, conn: Conn, run: Execution) -> Plan:
        """The plan of the canvas the run was started on: from the cache by its content hash, else
        loaded (NotFound when the workflow is gone, DefinitionChanged when its draft moved on)."""
        found = self._plans.get((run.workflow_id, run.content_hash))
        if found is not None:
            return found
        wf = await workflow_rows.get(conn, run.workflow_id)
        if wf is None:
            raise NotFound(f"workflow {run.workflow_id} of run {run.id} does not exist")
        definition = await of_run(conn, wf, run.version, run.debug_node_id)
        if definition.content_hash != run.content_hash:
            raise DefinitionChanged(f"the draft of workflow {wf.id} was changed after run {run.id} was started; "
                                    "test-run it again")
        return self.plan(definition)
