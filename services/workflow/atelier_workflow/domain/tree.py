"""validate_tree over a workflow and the sub-workflows it runs, recursively.

A SubWorkflow node runs the draft of another workflow (no `workflowVersion`) or a version it
pins. The canvas given, and every canvas its SubWorkflow nodes lead to (drafts and pinned
versions, each once), is checked by `validation.validate_tree`; besides, a node calling a
workflow or version that is not there (InvalidSetting), or a chain of calls that comes back to a
workflow already running (Cycle: it would never end), is an issue of the calling node.

Loading is the caller's (I/O): `calls_to_load` says which canvases to fetch next, and
`check_tree(root, loaded)` judges what was fetched. Coze's ValidateTree answers one entry per
workflow that has issues; so does this (the canvas given first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import CanvasIssueKind
from atelier_workflow.domain import canvas_facts
from atelier_workflow.domain.canvas import CanvasFormatError, parse_canvas
from atelier_workflow.domain.canvas_check import CanvasDoc
from atelier_workflow.domain.canvas_facts import SubWorkflowCall
from atelier_workflow.domain.validation import ValidationIssue, validate_tree

MAX_SHOWN = 5  # issues quoted in a refusal's message


@dataclass(frozen=True)
class TreeMember:
    """A canvas of the tree: a workflow's draft (version "") or one of its published versions."""

    workflow_id: int
    name: str
    version: str
    canvas: CanvasDoc

    @property
    def call(self) -> SubWorkflowCall:
        return SubWorkflowCall(self.workflow_id, self.version)

    @property
    def label(self) -> str:
        at = f" {self.version}" if self.version else ""
        return f'workflow "{self.name}" ({self.workflow_id}){at}'


@dataclass(frozen=True)
class WorkflowIssues:
    workflow_id: int
    name: str
    version: str  # "" for a draft (or the canvas given)
    issues: list[ValidationIssue]


Loaded = Mapping[SubWorkflowCall, TreeMember | None]  # None: no such workflow or version (in the space)


def calls_to_load(members: list[TreeMember], loaded: Loaded) -> set[SubWorkflowCall]:
    """The calls the members make whose canvases are not loaded yet."""
    return {node.calls for member in members for node in canvas_facts.sub_workflow_nodes(member.canvas)
            if node.calls not in loaded}


def check_tree(root: TreeMember, loaded: Loaded) -> list[WorkflowIssues]:
    """The issues of each canvas of the tree that has some, the root first; [] when all can run."""
    results: list[WorkflowIssues] = []
    done: set[SubWorkflowCall] = set()

    def visit(member: TreeMember, running: tuple[SubWorkflowCall, ...]) -> None:
        done.add(member.call)
        issues = _canvas_issues(member.canvas)
        onward: list[TreeMember] = []
        for node in canvas_facts.sub_workflow_nodes(member.canvas):
            target = loaded.get(node.calls)
            if target is None:
                issues.append(_missing(node))
            elif node.calls in running or node.calls == member.call:
                issues.append(ValidationIssue(
                    CanvasIssueKind.Cycle, node.node_id,
                    f"node {node.node_id} runs {target.label}, which is already running it: the calls would "
                    "never end", "inputs.workflowId"))
            elif node.calls not in done:
                onward.append(target)
        if issues:
            results.append(WorkflowIssues(member.workflow_id, member.name, member.version, issues))
        for target in onward:
            if target.call not in done:
                visit(target, (*running, member.call))

    visit(root, ())
    return results


def _canvas_issues(doc: CanvasDoc) -> list[ValidationIssue]:
    try:
        canvas = parse_canvas(doc)
    except CanvasFormatError as e:
        return [ValidationIssue(CanvasIssueKind.InvalidSetting, "", str(e))]
    return validate_tree(canvas)


def _missing(node: canvas_facts.SubWorkflowNode) -> ValidationIssue:
    call = node.calls
    if call.version:
        return ValidationIssue(CanvasIssueKind.InvalidSetting, node.node_id,
                               f"node {node.node_id} runs version {call.version} of workflow {call.workflow_id}, "
                               "which is not published in this space", "inputs.workflowVersion")
    return ValidationIssue(CanvasIssueKind.InvalidSetting, node.node_id,
                           f"node {node.node_id} runs workflow {call.workflow_id}, which is not in this space",
                           "inputs.workflowId")


class InvalidTreeError(InvalidArgument):
    """A workflow (or a sub-workflow it runs) cannot run; `results` says why, node by node."""

    def __init__(self, action: str, results: list[WorkflowIssues]):
        self.results = results
        lines = [f"{_where(r)}: {issue.message}" for r in results for issue in r.issues]
        shown = "; ".join(lines[:MAX_SHOWN])
        more = f" (and {len(lines) - MAX_SHOWN} more)" if len(lines) > MAX_SHOWN else ""
        super().__init__(f"{action}: {shown}{more}")


def _where(result: WorkflowIssues) -> str:
    at = f" {result.version}" if result.version else ""
    return f'workflow "{result.name}" ({result.workflow_id}){at}'
