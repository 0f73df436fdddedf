"""validate_tree and publish through the gateway: every kind of issue is reported with its node
and keeps the canvas from being published, even forced; saves stay lenient; sub-workflows are
checked with the workflow that runs them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from atelier_devstack.api_client import expect_error
from atelier_proto.enums import CanvasIssueKind

Doc = dict[str, Any]
KIND = {kind.name: kind.value for kind in CanvasIssueKind}  # the JSON spells each as its value


def set_ref(canvases, doc: Doc, node_id: str, param: str, **content: str) -> None:
    canvases.input(doc, node_id, param)["value"]["content"].update(content)


def without_entry_and_exit(doc: Doc, drop: str) -> None:
    doc["nodes"] = [n for n in doc["nodes"] if n["type"] != drop]
    doc["edges"] = [e for e in doc["edges"] if e["sourceNodeID"] != "100001" and e["targetNodeID"] != "900001"]


# kind -> (canvas, change, the node the issue names; "" for the canvas as a whole)
BROKEN: dict[str, tuple[str, Callable[[Any, Doc], None], str]] = {
    "MissingEntry": ("parallel_research", lambda c, d: without_entry_and_exit(d, "1"), ""),
    "MissingExit": ("parallel_research", lambda c, d: without_entry_and_exit(d, "2"), ""),
    "DuplicateNode": ("support_triage", lambda c, d: d["nodes"][4].update(id="118430"), "118430"),
    "UnknownNodeType": ("support_triage", lambda c, d: c.node(d, "147552").update(type="16"), "147552"),
    "MisplacedNode": ("support_triage", lambda c, d: c.node(d, "147552").update(type="19"), "147552"),
    "NestedComposite": ("loop_with_break", lambda c, d: c.node(d, "139008").update(type="28"), "139008"),
    "Unconnected": ("parallel_research",
                    lambda c, d: d.update(edges=[e for e in d["edges"] if e["targetNodeID"] != "125002"]), "125002"),
    "UnknownNode": ("support_triage",
                    lambda c, d: d["edges"].append({"sourceNodeID": "131027", "targetNodeID": "555555"}), "131027"),
    "UnknownPort": ("support_triage", lambda c, d: d["edges"][0].update(sourcePortID="branch_error"), "100001"),
    "Cycle": ("support_triage",
              lambda c, d: d["edges"].append({"sourceNodeID": "147552", "targetNodeID": "131027"}), "147552"),
    "EmptyReference": ("support_triage", lambda c, d: set_ref(c, d, "900001", "reply", blockID="", name=""),
                       "900001"),
    "MissingNode": ("support_triage", lambda c, d: set_ref(c, d, "118430", "question", blockID="404404"), "118430"),
    "NotPredecessor": ("support_triage", lambda c, d: set_ref(c, d, "118430", "question", blockID="147552",
                                                              name="output"), "118430"),
    "MissingField": ("exception_branch", lambda c, d: set_ref(c, d, "173118", "message", name="errorBody.stack"),
                     "173118"),
    "TypeMismatch": ("exception_branch", lambda c, d: c.input(d, "900001", "status").update(type="boolean"),
                     "900001"),
    "InvalidLiteral": ("batch_translate", lambda c, d: c.node(d, "152330")["data"]["inputs"]["concurrentSize"][
        "value"].update(content="three"), "152330"),
    "InvalidName": ("support_triage", lambda c, d: c.node(d, "118430")["data"]["inputs"]["inputParameters"][1].update(
        name="2nd tier"), "118430"),
    "InvalidSetting": ("loop_with_break", lambda c, d: c.node(d, "174265")["data"]["inputs"].pop("loopType"),
                       "174265"),
}


def sub_call(node_id: str, workflow_id: str, version: str = "") -> Doc:
    """A SubWorkflow node returning `output` (what the End of CanvasParts reads from 130001)."""
    return {"id": node_id, "type": "9", "meta": {"position": {"x": 400, "y": 200}},
            "data": {"nodeMeta": {"title": "Sub"}, "outputs": [{"type": "string", "name": "output"}],
                     "inputs": {"workflowId": workflow_id, "workflowVersion": version, "inputParameters": []}}}


def test_every_issue_kind_is_covered():
    assert set(BROKEN) == {kind.name for kind in CanvasIssueKind}


@pytest.mark.parametrize("kind", list(BROKEN))
async def test_a_canvas_with_an_issue_is_saved_but_not_published(workflows, canvases, kind) -> None:
    name, change, node_id = BROKEN[kind]
    doc = canvases.load(name)
    change(canvases, doc)
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, doc)  # saves are lenient: a draft is work in progress

    [info] = (await workflows.call("validate_tree", workflow_id=workflow_id))["data"]
    assert info["workflow_id"] == workflow_id
    found = [e for e in info["errors"] if e["kind"] == KIND[kind]]
    assert found, info["errors"]
    named = [(e["node_error"] or {}).get("node_id") or (e["path_error"] or {}).get("start", "") for e in found]
    assert node_id in named and all(e["message"] for e in found)

    refused = await expect_error(workflows.publish(workflow_id, force=True), 400,
                                 f"workflow {workflow_id} cannot be published", node_id)
    assert found[0]["message"][:40] in refused["msg"] or len(info["errors"]) > 5
    assert (await workflows.canvas(workflow_id)).get("workflow_version") is None


async def test_validate_tree_answers_for_the_canvas_sent_or_the_draft(workflows, canvases) -> None:
    workflow_id = await workflows.create()
    good = canvases.load("support_triage")
    await workflows.save(workflow_id, good)
    assert (await workflows.call("validate_tree", workflow_id=workflow_id))["data"] == []

    bad = canvases.load("support_triage")
    bad["edges"].append({"sourceNodeID": "131027", "targetNodeID": "555555"})
    [info] = (await workflows.call("validate_tree", workflow_id=workflow_id, schema=json.dumps(bad)))["data"]
    [error] = info["errors"]
    assert error["path_error"] == {"start": "131027", "end": "555555", "path": ["131027", "555555"]}
    assert (error["type"], error["field_path"], error["kind"]) == (2, "edges[6]", KIND["UnknownNode"])
    # the draft itself is untouched and still valid; a canvas that is no canvas is a 400
    assert (await workflows.call("validate_tree", workflow_id=workflow_id))["data"] == []
    await expect_error(workflows.call("validate_tree", workflow_id=workflow_id, schema="{nodes"), 400,
                       "schema", "not JSON")
    await expect_error(workflows.call("validate_tree", workflow_id="123456789"), 404)


async def test_sub_workflows_are_validated_with_the_workflow(workflows, parts, canvases) -> None:
    child_name = workflows.unique_name("child")
    child = await workflows.create(child_name)
    broken = canvases.load("support_triage")
    canvases.node(broken, "147552")["type"] = "16"
    await workflows.save(child, broken)
    parent = await workflows.create()
    await workflows.save(parent, parts.canvas(sub_call("130001", child)))

    # the parent is fine, its sub-workflow's draft is not: one entry, the child's
    [info] = (await workflows.call("validate_tree", workflow_id=parent))["data"]
    assert (info["workflow_id"], info["name"]) == (child, child_name)
    assert [(e["kind"], e["node_error"]["node_id"]) for e in info["errors"]] == [(KIND["UnknownNodeType"], "147552")]
    await expect_error(workflows.publish(parent, force=True), 400, child_name, child, "147552")

    # pinned to a published version, the parent runs that version, not the draft
    await workflows.save(child, canvases.load("support_triage"))
    await workflows.publish(child, force=True)
    await workflows.save(child, broken)
    await workflows.save(parent, parts.canvas(sub_call("130001", child, "v0.0.1")))
    assert (await workflows.call("validate_tree", workflow_id=parent))["data"] == []
    await workflows.publish(parent, force=True)

    # a version that is not there, a workflow that is gone: issues of the calling node
    await workflows.save(parent, parts.canvas(sub_call("130001", child, "v7.0.0")))
    [info] = (await workflows.call("validate_tree", workflow_id=parent))["data"]
    assert [(e["kind"], e["node_error"]["node_id"], e["field_path"]) for e in info["errors"]] == [
        (KIND["InvalidSetting"], "130001", "inputs.workflowVersion")]
    await workflows.save(parent, parts.canvas(sub_call("130001", "987654321")))
    await expect_error(workflows.publish(parent, force=True), 400, "node 130001 runs workflow 987654321")


async def test_a_workflow_running_itself_is_a_cycle(workflows, parts) -> None:
    first, second = await workflows.create(), await workflows.create()
    await workflows.save(first, parts.canvas(sub_call("130001", second)))
    await workflows.save(second, parts.canvas(sub_call("130001", first)))
    [info] = (await workflows.call("validate_tree", workflow_id=first))["data"]
    assert info["workflow_id"] == second
    assert [(e["kind"], e["node_error"]["node_id"]) for e in info["errors"]] == [(KIND["Cycle"], "130001")]
    await expect_error(workflows.publish(first, force=True), 400, "already running it")
