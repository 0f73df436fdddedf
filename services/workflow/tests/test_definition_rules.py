"""The pure rules of workflow definitions: version numbers, copy names, the canvas gate, the hash
of what runs."""

from __future__ import annotations

import json

import pytest

from atelier_common.errors import Conflict, InvalidArgument, PayloadTooLarge
from atelier_proto.enums import WorkflowMode
from atelier_workflow.domain import canvas_facts, names, versions
from atelier_workflow.domain.canvas_check import check_canvas
from atelier_workflow.domain.initial_canvas import initial_canvas


def test_versions_go_up_and_default_to_the_next_patch() -> None:
    assert str(versions.next_version("", None)) == "v0.0.1"
    assert str(versions.next_version("", "v1.4.9")) == "v1.4.10"
    assert str(versions.next_version("v1.10.0", "v1.9.3")) == "v1.10.0"  # numbers, not text
    with pytest.raises(Conflict, match="v1.9.3"):
        versions.next_version("v1.9.3", "v1.9.3")
    with pytest.raises(Conflict, match="not above"):
        versions.next_version("v0.9.9", "v1.0.0")
    for bad in ("1.0.0", "v1.0", "v1.0.0-beta", "v01.0.x", "v1234567890.0.0"):
        with pytest.raises(InvalidArgument, match="workflow_version"):
            versions.next_version(bad, None)


def test_copies_get_a_free_name_within_the_length_limit() -> None:
    assert names.copy_name("triage", set()) == "triage_copy"
    assert names.copy_name("triage", {"triage_copy", "triage_copy_2"}) == "triage_copy_3"
    long = "a" * names.MAX_NAME_CHARS
    assert names.copy_name(long, {long[:59] + "_copy"}) == long[:57] + "_copy_2"
    assert len(names.copy_name(long, set())) == names.MAX_NAME_CHARS


def test_the_gate_takes_canvases_and_nothing_else() -> None:
    doc = initial_canvas(WorkflowMode.Workflow)
    text = json.dumps(doc)
    assert check_canvas(text, max_bytes=len(text)) == doc
    with pytest.raises(PayloadTooLarge, match="schema"):
        check_canvas(text, max_bytes=len(text) - 1)
    body = {"nodes": [{"id": "1", "type": "21", "blocks": [{"id": "2"}]}], "edges": []}
    with pytest.raises(InvalidArgument, match="node 2 has no string 'type'"):
        check_canvas(json.dumps(body), max_bytes=10_000)
    body["nodes"][0]["blocks"] = [{"id": "2", "type": "15"}]
    body["nodes"][0]["edges"] = "nope"
    with pytest.raises(InvalidArgument, match="node 1: 'edges' must be a list"):
        check_canvas(json.dumps(body), max_bytes=10_000)


def test_moving_nodes_keeps_the_hash_and_changing_them_does_not() -> None:
    doc = initial_canvas(WorkflowMode.Workflow)
    moved = json.loads(json.dumps(doc))
    moved["nodes"][1]["meta"]["position"] = {"x": 5, "y": 7}
    changed = json.loads(json.dumps(doc))
    changed["nodes"][1]["data"]["inputs"]["terminatePlan"] = "useAnswerContent"
    assert canvas_facts.content_hash(moved) == canvas_facts.content_hash(doc) != canvas_facts.content_hash(changed)


def test_references_read_sub_workflow_and_tool_ids() -> None:
    doc = {"nodes": [
        {"id": "a", "type": "9", "data": {"inputs": {"workflowId": "7"}}},
        {"id": "b", "type": "21", "blocks": [{"id": "c", "type": "9", "data": {"inputs": {"workflowId": 8}}}]},
        {"id": "d", "type": "3", "data": {"inputs": {"fcParam": {"workflowFCParam": {"workflowList": [
            {"workflow_id": "7"}, {"workflow_id": "9"}]}}}}},
        {"id": "e", "type": "9", "data": {"inputs": {"workflowId": ""}}}], "edges": []}
    assert {(r.referred_id, r.refer_type.name) for r in canvas_facts.references(doc)} == {
        (7, "SubWorkflow"), (8, "SubWorkflow"), (7, "Tool"), (9, "Tool")}
    doc["nodes"][0]["data"]["inputs"]["workflowId"] = "seven"
    with pytest.raises(InvalidArgument, match="node a"):
        canvas_facts.references(doc)
