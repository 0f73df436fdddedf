"""Workflows exported as YAML and imported again through the gateway: a workflow travels with the
sub-workflows it runs (drafts and pinned versions), each once; an import creates all of it or
nothing, refusing what it cannot take with a 400 naming the problem."""

from __future__ import annotations

import json
from typing import Any

import asyncpg
import yaml

from atelier_devstack.api_client import expect_error

Doc = dict[str, Any]


def sub_call(node_id: str, workflow_id: str, version: str = "", *, x: int = 400) -> Doc:
    return {"id": node_id, "type": "9", "meta": {"position": {"x": x, "y": 200}},
            "data": {"nodeMeta": {"title": f"Sub {node_id}"}, "outputs": [{"type": "string", "name": "output"}],
                     "inputs": {"workflowId": workflow_id, "workflowVersion": version, "inputParameters": []}}}


async def build_tree(workflows, parts, canvases) -> dict[str, str]:
    """root -> middle (twice) and leaf v0.0.1; middle -> leaf's draft and leaf v0.0.1."""
    names = {role: workflows.unique_name(role) for role in ("root", "middle", "leaf")}
    leaf = await workflows.create(names["leaf"], desc="answers from the wiki")
    await workflows.save(leaf, canvases.load("parallel_research"))
    await workflows.publish(leaf, force=True, version_description="first answer")
    await workflows.save(leaf, parts.canvas(parts.text_node("130001")))  # the draft moves on
    middle = await workflows.create(names["middle"], flow_mode=3)
    await workflows.save(middle, parts.canvas(sub_call("130002", leaf), sub_call("130001", leaf, "v0.0.1", x=600)))
    root = await workflows.create(names["root"], desc="the entry point")
    await workflows.save(root, parts.canvas(sub_call("130003", middle), sub_call("130004", leaf, "v0.0.1"),
                                            sub_call("130001", middle, x=800)))
    return {**names, "root_id": root, "middle_id": middle, "leaf_id": leaf}


async def export(workflows, workflow_id: str) -> str:
    data = (await workflows.call("export", workflow_id=workflow_id))["data"]
    return data["yaml"]


async def count(db: asyncpg.Pool, space_id: str) -> int:
    return await db.fetchval("SELECT count(*) FROM workflow.workflows WHERE space_id = $1", int(space_id))


async def test_export_import_export_gives_the_same_document(workflows, other, parts, canvases) -> None:
    tree = await build_tree(workflows, parts, canvases)
    reply = (await workflows.call("export", workflow_id=tree["root_id"]))["data"]
    assert reply["file_name"] == f"{tree['root']}.workflow.yaml"
    doc = yaml.safe_load(reply["yaml"])
    assert doc["version"] == 1
    assert (doc["workflow"]["name"], doc["workflow"]["description"], doc["workflow"]["mode"]) == (
        tree["root"], "the entry point", "workflow")
    assert sorted(doc["sub_workflows"]) == sorted([tree["middle"], tree["leaf"]])  # each once
    assert doc["sub_workflows"][tree["middle"]]["mode"] == "chatflow"
    leaf = doc["sub_workflows"][tree["leaf"]]
    assert list(leaf["versions"]) == ["v0.0.1"] and leaf["versions"]["v0.0.1"]["description"] == "first answer"
    assert leaf["versions"]["v0.0.1"]["canvas"] == canvases.load("parallel_research")  # a structure, as published
    calls = {n["id"]: n["data"]["inputs"]["workflowId"] for n in doc["workflow"]["canvas"]["nodes"] if n["type"] == "9"}
    assert calls == {"130003": tree["middle"], "130004": tree["leaf"], "130001": tree["middle"]}  # no ids
    assert tree["root_id"] not in reply["yaml"] and tree["leaf_id"] not in reply["yaml"]

    # into another space, where the names are free: exporting what was made gives the same document
    imported = (await other.call("import", yaml=reply["yaml"]))["data"]
    assert [w["ref"] for w in imported["workflows"]][0] == tree["root"]
    assert {w["ref"]: w["name"] for w in imported["workflows"]} == {
        tree[r]: tree[r] for r in ("root", "middle", "leaf")}
    assert imported["workflow_id"] == imported["workflows"][0]["workflow_id"] != tree["root_id"]
    assert await export(other, imported["workflow_id"]) == reply["yaml"]

    # the copies run each other, not the originals; the pinned version is published there too
    new_ids = {w["ref"]: w["workflow_id"] for w in imported["workflows"]}
    root_canvas = json.loads((await other.canvas(new_ids[tree["root"]]))["workflow"]["schema_json"])
    assert {n["data"]["inputs"]["workflowId"] for n in root_canvas["nodes"] if n["type"] == "9"} == {
        new_ids[tree["middle"]], new_ids[tree["leaf"]]}
    assert (await other.canvas(new_ids[tree["leaf"]]))["workflow_version"] == "v0.0.1"
    assert (await other.call("validate_tree", workflow_id=new_ids[tree["root"]]))["data"] == []
    # what they use is recorded: the imported leaf is not deleted from under the others
    await expect_error(other.call("delete", workflow_id=new_ids[tree["leaf"]]), 409, tree["middle"])


async def test_names_taken_in_the_space_are_resolved_as_copy_does(workflows, parts, canvases) -> None:
    tree = await build_tree(workflows, parts, canvases)
    text = await export(workflows, tree["root_id"])
    imported = (await workflows.call("import", yaml=text))["data"]
    assert {w["ref"]: w["name"] for w in imported["workflows"]} == {
        tree[r]: f"{tree[r]}_copy" for r in ("root", "middle", "leaf")}
    again = (await workflows.call("import", yaml=text))["data"]
    assert again["workflows"][0]["name"] == f"{tree['root']}_copy_2"
    # the copy's document differs from the original's only by the names
    renamed = text
    for role in ("root", "middle", "leaf"):
        renamed = renamed.replace(tree[role], f"{tree[role]}_copy")
    assert await export(workflows, imported["workflow_id"]) == renamed


async def test_imports_that_cannot_be_taken_create_nothing(workflows, parts, canvases, workflow_db) -> None:
    tree = await build_tree(workflows, parts, canvases)
    doc = yaml.safe_load(await export(workflows, tree["root_id"]))
    before = await count(workflow_db, workflows.space_id)

    async def refused(changed: Doc, *fragments: str) -> None:
        await expect_error(workflows.call("import", yaml=yaml.safe_dump(changed)), 400, "yaml", *fragments)

    await refused({**doc, "version": 2}, "format version 2 is not supported")
    broken_version = json.loads(json.dumps(doc))
    leaf_version = broken_version["sub_workflows"][tree["leaf"]]["versions"]["v0.0.1"]["canvas"]
    leaf_version["nodes"] = [n for n in leaf_version["nodes"] if n["type"] != "2"]
    await refused(broken_version, "a published version of the document cannot run", f'"{tree["leaf"]}"',
                  "v0.0.1", "no Exit node")
    not_a_canvas = json.loads(json.dumps(doc))
    not_a_canvas["sub_workflows"][tree["middle"]]["canvas"]["nodes"] = "none"
    await refused(not_a_canvas, f"sub_workflows.{tree['middle']}.canvas", "'nodes' must be a list")
    unknown = json.loads(json.dumps(doc))
    del unknown["sub_workflows"][tree["middle"]]
    await refused(unknown, f"node 130003 runs '{tree['middle']}', which is not a workflow of the document")
    bad_name = json.loads(json.dumps(doc))
    bad_name["sub_workflows"][tree["leaf"]]["name"] = "no spaces allowed"
    await refused(bad_name, f"sub_workflows.{tree['leaf']}.name")
    await expect_error(workflows.call("import", yaml="version: [1"), 400, "not YAML")
    assert await count(workflow_db, workflows.space_id) == before

    # a draft is taken as saves take it: work in progress that cannot run yet is imported
    draft_only = json.loads(json.dumps(doc))
    draft_only["workflow"]["canvas"]["nodes"].pop()  # the End node
    imported = (await workflows.call("import", yaml=yaml.safe_dump(draft_only)))["data"]
    assert await count(workflow_db, workflows.space_id) == before + 3
    await expect_error(workflows.publish(imported["workflow_id"], force=True), 400, "no Exit node")


async def test_a_workflow_calling_a_deleted_one_is_not_exported(workflows, parts) -> None:
    child, parent = await workflows.create(), await workflows.create()
    await workflows.save(parent, parts.canvas(sub_call("130001", child)))
    await workflows.call("delete", workflow_id=child, force=True)
    await expect_error(workflows.call("export", workflow_id=parent), 409, "node 130001", child, "not in this space")
