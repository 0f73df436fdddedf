"""validate_tree over a workflow and the sub-workflows it runs (domain.tree): each canvas once,
missing targets and endless chains of calls reported on the calling node."""

from __future__ import annotations

from atelier_proto.enums import CanvasIssueKind as Kind
from atelier_workflow.domain.canvas_facts import SubWorkflowCall
from atelier_workflow.domain.tree import InvalidTreeError, TreeMember, calls_to_load, check_tree


def sub_node(node_id: str, workflow_id: int, version: str = "") -> dict:
    return {"id": node_id, "type": "9", "data": {"nodeMeta": {"title": "Sub"}, "inputs": {
        "workflowId": str(workflow_id), "workflowVersion": version, "inputParameters": []}}}


def calling(canvases, *nodes: dict) -> dict:
    """A valid canvas (parallel_research) with SubWorkflow nodes set aside on it: they are not
    connected, which is one issue (Unconnected) each, besides what the tree adds."""
    doc = canvases.load("parallel_research")
    doc["nodes"].extend(nodes)
    return doc


def member(workflow_id: int, doc: dict, version: str = "") -> TreeMember:
    return TreeMember(workflow_id, f"wf{workflow_id}", version, doc)


def test_a_valid_tree_has_no_issues(canvases):
    doc = canvases.load("parallel_research")
    assert check_tree(member(1, doc), {}) == []


def test_sub_workflows_are_checked_each_once_the_root_first(canvases):
    broken = canvases.load("support_triage")
    broken["nodes"] = [n for n in broken["nodes"] if n["type"] != "2"]  # no Exit
    root = member(1, calling(canvases, sub_node("a", 2), sub_node("b", 3, "v0.0.1")))
    loaded = {SubWorkflowCall(1, ""): root,
              SubWorkflowCall(2, ""): member(2, calling(canvases, sub_node("c", 4))),
              SubWorkflowCall(3, "v0.0.1"): member(3, calling(canvases, sub_node("d", 4)), "v0.0.1"),
              SubWorkflowCall(4, ""): member(4, broken)}
    assert calls_to_load([root], {}) == {SubWorkflowCall(2, ""), SubWorkflowCall(3, "v0.0.1")}
    results = check_tree(root, loaded)
    # depth first, as the calls run: 4 once, although 2 and 3 both run it
    assert [(r.workflow_id, r.version) for r in results] == [(1, ""), (2, ""), (4, ""), (3, "v0.0.1")]
    assert Kind.MissingExit in [i.kind for i in results[2].issues]


def test_calls_to_workflows_or_versions_not_there_are_issues_of_the_node(canvases):
    root = member(1, calling(canvases, sub_node("a", 2), sub_node("b", 3, "v9.0.0")))
    [result] = check_tree(root, {SubWorkflowCall(2, ""): None, SubWorkflowCall(3, "v9.0.0"): None})
    missing = [(i.node_id, i.path) for i in result.issues if i.kind == Kind.InvalidSetting]
    assert missing == [("a", "inputs.workflowId"), ("b", "inputs.workflowVersion")]
    assert "runs workflow 2, which is not in this space" in result.issues[-2].message


def test_a_chain_of_calls_coming_back_is_a_cycle(canvases):
    root = member(1, calling(canvases, sub_node("a", 2)))
    loaded = {SubWorkflowCall(1, ""): root, SubWorkflowCall(2, ""): member(2, calling(canvases, sub_node("b", 1)))}
    results = check_tree(root, loaded)
    cycles = [(r.workflow_id, i.node_id) for r in results for i in r.issues if i.kind == Kind.Cycle]
    assert cycles == [(2, "b")]
    error = InvalidTreeError("workflow 1 cannot be published", results)
    assert 'workflow "wf2" (2): node b runs workflow "wf1" (1), which is already running it' in str(error)
