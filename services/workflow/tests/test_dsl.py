"""The YAML form of workflows (domain.dsl): what it holds, that it reads back as written, and
what it refuses, naming the place."""

from __future__ import annotations

import copy

import pytest
import yaml

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import WorkflowMode
from atelier_workflow.domain import dsl
from atelier_workflow.domain.dsl import Bundle, VersionSpec, WorkflowSpec


def sub_node(node_id: str, workflow: str, version: str = "") -> dict:
    return {"id": node_id, "type": "9", "meta": {"position": {"x": 1, "y": 2}},
            "data": {"nodeMeta": {"title": "Sub"}, "inputs": {"workflowId": workflow, "workflowVersion": version,
                                                               "inputParameters": []}}}


def bundle(canvases) -> Bundle:
    main = canvases.load("support_triage")
    main["nodes"].append(sub_node("170001", "summarize"))
    main["nodes"].append(sub_node("170002", "summarize", "v0.0.2"))
    summarize = canvases.load("parallel_research")
    return Bundle(main="triage", workflows={
        "triage": WorkflowSpec("triage", "sorts tickets: «urgent» first", WorkflowMode.ChatFlow, main),
        "summarize": WorkflowSpec("summarize", "", WorkflowMode.Workflow, summarize,
                                  {"v0.0.2": VersionSpec("second", canvases.load("loop_with_break")),
                                   "v0.0.1": VersionSpec("first", canvases.load("batch_translate"))}),
    })


def test_the_document_holds_meta_and_canvases_as_structures(canvases):
    text = dsl.to_yaml(bundle(canvases))
    doc = yaml.safe_load(text)
    assert doc["version"] == 1 and list(doc) == ["version", "workflow", "sub_workflows"]
    assert {k: doc["workflow"][k] for k in ("name", "description", "mode")} == {
        "name": "triage", "description": "sorts tickets: «urgent» first", "mode": "chatflow"}
    assert doc["workflow"]["canvas"]["nodes"][0]["id"] == "100001"  # a structure, ids stay strings
    assert list(doc["sub_workflows"]) == ["summarize"]
    assert list(doc["sub_workflows"]["summarize"]["versions"]) == ["v0.0.1", "v0.0.2"]  # oldest first
    assert "«urgent»" in text  # readable, not escaped


def test_the_document_reads_back_as_written(canvases):
    written = bundle(canvases)
    text = dsl.to_yaml(written)
    assert dsl.from_yaml(text) == written
    assert dsl.to_yaml(dsl.from_yaml(text)) == text


def test_references_replace_ids_and_back(canvases):
    doc = {"nodes": [sub_node("1", "7001"), {"id": "2", "type": "21", "blocks": [sub_node("3", "7002", "v1.0.0")]},
                     sub_node("4", "")], "edges": []}
    with_refs = dsl.with_refs(doc, {7001: "a", 7002: "b"})
    assert [n["data"]["inputs"]["workflowId"] for n in (with_refs["nodes"][0], with_refs["nodes"][1]["blocks"][0],
                                                         with_refs["nodes"][2])] == ["a", "b", ""]
    assert doc["nodes"][0]["data"]["inputs"]["workflowId"] == "7001"  # the original is left alone
    assert dsl.with_ids(with_refs, {"a": 9001, "b": 9002}, "workflow") == dsl.with_refs(
        doc, {7001: "9001", 7002: "9002"})
    with pytest.raises(InvalidArgument, match=r"workflow: node 1 runs 'a', which is not a workflow of the document"):
        dsl.with_ids(with_refs, {"b": 9002}, "workflow")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version=2), "format version 2 is not supported"),
    (lambda d: d.pop("version"), "format version None is not supported"),
    (lambda d: d["workflow"].update(mode="agent"), "workflow.mode is 'agent', not one of workflow, chatflow"),
    (lambda d: d["workflow"].update(canvas='{"nodes": []}'), "workflow.canvas must be a mapping, not a str"),
    (lambda d: d["workflow"].pop("name"), "workflow.name must be a string, not missing"),
    (lambda d: d["sub_workflows"]["summarize"]["versions"].update({"1.0": {"canvas": {}}}),
     "sub_workflows.summarize.versions.1.0"),
    (lambda d: d["sub_workflows"].update(triage=copy.deepcopy(d["workflow"])),
     "sub_workflows.triage has the reference of the main workflow"),
    (lambda d: d["sub_workflows"]["summarize"]["versions"].pop("v0.0.2"),
     "node 170002 runs version v0.0.2 of 'summarize', which the document does not hold"),
])
def test_malformed_documents_are_refused_naming_the_place(canvases, change, message):
    doc = yaml.safe_load(dsl.to_yaml(bundle(canvases)))
    change(doc)
    with pytest.raises(InvalidArgument, match="field 'yaml") as raised:
        dsl.from_yaml(yaml.safe_dump(doc))
    assert message in str(raised.value)


def test_aliases_and_non_yaml_are_refused():
    bomb = "a: &x [1, 2]\nb: [*x, *x]\nversion: 1\n"
    with pytest.raises(InvalidArgument, match="aliases"):
        dsl.from_yaml(bomb)
    with pytest.raises(InvalidArgument, match="not YAML"):
        dsl.from_yaml("version: [1\n")
    with pytest.raises(InvalidArgument, match="a workflow document is a mapping"):
        dsl.from_yaml("- 1\n")
    with pytest.raises(InvalidArgument, match="not YAML"):
        dsl.from_yaml("!!python/object:os.system {}\n")  # safe_load: no Python objects
