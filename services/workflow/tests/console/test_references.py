"""Workflows that use other workflows (SubWorkflow nodes, LLM nodes' workflow tools): what they are
made of (node_type), and a workflow others use is not deleted from under them."""

from __future__ import annotations

from typing import Any

from atelier_devstack.api_client import expect_error


def llm_with_workflow_tool(node_id: str, workflow_id: str) -> dict[str, Any]:
    return {"id": node_id, "type": "3", "meta": {"position": {"x": 400, "y": 400}},
            "data": {"nodeMeta": {"title": "LLM"}, "inputs": {
                "chatHistorySetting": {"enableChatHistory": True, "chatHistoryRound": 3},
                "fcParam": {"workflowFCParam": {"workflowList": [{"workflow_id": workflow_id, "workflow_version": ""}]}},
                "inputParameters": []}}}


async def test_a_used_workflow_is_not_deleted_unless_forced(workflows, parts) -> None:
    child = await workflows.create(workflows.unique_name("child"))
    parent_name, tool_user_name = workflows.unique_name("parent"), workflows.unique_name("agentish")
    parent = await workflows.create(parent_name)
    tool_user = await workflows.create(tool_user_name)
    await workflows.save(parent, parts.canvas(parts.sub_workflow_node("130001", child)))
    await workflows.save(tool_user, parts.canvas(llm_with_workflow_tool("130001", child)))

    refused = await expect_error(workflows.call("delete", workflow_id=child), 409, parent_name, parent,
                                 tool_user_name, "force")
    assert refused["code"] == 409
    await workflows.canvas(child)  # still there

    # once the parent no longer uses it, only the tool user holds it; force deletes anyway
    await workflows.save(parent, parts.canvas(parts.text_node("130001")))
    await expect_error(workflows.call("delete", workflow_id=child), 409, tool_user_name)
    await workflows.call("delete", workflow_id=child, force=True)
    await expect_error(workflows.canvas(child), 404)

    # the tool user's canvas keeps its node (the validator will point at it), and it can be deleted itself
    await workflows.call("delete", workflow_id=tool_user)


async def test_a_copy_uses_what_the_original_uses(workflows, parts) -> None:
    child = await workflows.create()
    parent = await workflows.create()
    await workflows.save(parent, parts.canvas(parts.sub_workflow_node("130001", child)))
    copy_id = (await workflows.call("copy", workflow_id=parent))["data"]["workflow_id"]
    await workflows.call("delete", workflow_id=parent)
    body = await expect_error(workflows.call("delete", workflow_id=child), 409, copy_id)
    assert parent not in body["msg"]


async def test_uses_of_workflows_elsewhere_are_not_recorded(workflows, other, parts) -> None:
    """A canvas naming another space's workflow (or none at all) holds nothing: its owner deletes it freely."""
    theirs = await other.create()
    mine = await workflows.create()
    await workflows.save(mine, parts.canvas(parts.sub_workflow_node("130001", theirs),
                                            parts.sub_workflow_node("130002", "987654321")))
    await other.call("delete", workflow_id=theirs)


async def test_node_types_of_a_workflow_and_of_those_it_runs(workflows, parts) -> None:
    child = await workflows.create()
    loop = {"id": "140001", "type": "21", "meta": {"position": {"x": 0, "y": 300}},
            "data": {"nodeMeta": {"title": "Loop"}, "inputs": {
                "loopType": "count", "loopCount": {"type": "integer", "value": {"type": "literal", "content": "2"}},
                "inputParameters": []}},
            "blocks": [parts.text_node("140002"), {
                "id": "140003", "type": "40", "data": {"inputs": {"inputParameters": [{
                    "left": {"type": "string", "value": {"type": "ref", "content": {
                        "source": "global_variable_app", "path": ["counter"], "blockID": ""}}},
                    "right": {"type": "string", "value": {"type": "ref", "content": {
                        "source": "block-output", "blockID": "140002", "name": "output"}}}}]}}}],
            "edges": [parts.edge("140001", "140002"), parts.edge("140002", "140003"),
                      {"sourceNodeID": "140003", "targetNodeID": "140001", "targetPortID": "loop-function-inline-input"}]}
    child_doc = parts.canvas(loop)  # one that can run: only such a canvas is published
    child_doc["edges"] = [parts.edge("100001", "140001"),
                          {"sourceNodeID": "140001", "targetNodeID": "900001", "sourcePortID": "loop-output"}]
    child_doc["nodes"][-1]["data"]["inputs"]["inputParameters"][0]["input"]["value"] = {
        "type": "literal", "content": "done"}
    await workflows.save(child, child_doc)
    await workflows.publish(child, force=True)
    comment = {"id": "150001", "type": "31", "data": {"inputs": {"note": "never runs"}}}

    parent = await workflows.create()
    doc = parts.canvas(parts.sub_workflow_node("130001", child, "v0.0.1"), llm_with_workflow_tool("130002", child))
    doc["nodes"].append(comment)
    await workflows.save(parent, doc)
    # the child's draft moves on; the parent runs the version it names
    await workflows.save(child, parts.canvas(parts.text_node("130009")))

    data = (await workflows.call("node_type", workflow_id=parent))["data"]
    assert data["node_types"] == ["1", "9", "3", "2"]  # the note (unconnected) does not run
    props = {p["id"]: p for p in data["nodes_properties"]}
    assert props["130002"]["is_enable_chat_history"] is True and props["130001"]["is_enable_chat_history"] is False
    assert props["100001"]["is_enable_user_query"] is False
    assert data["sub_workflow_node_types"] == ["1", "21", "15", "40", "2"]
    inner = {p["id"]: p for p in data["sub_workflow_nodes_properties"]}
    assert inner["140003"]["is_ref_global_variable"] is True and inner["140002"]["is_ref_global_variable"] is False
