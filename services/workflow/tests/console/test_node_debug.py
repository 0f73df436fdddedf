"""The console's single-node debug (nodeDebug), a node's last execution (get_node_execute_history)
and which workflows use a workflow (workflow_references), through the gateway with a real stack:
the debug run is executed by a workflow worker and recorded like any run."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from atelier_devstack.api_client import expect_error
from atelier_devstack.canvas_builders import chain, concat, entry, exit_, lit, out, param, ref

START_ID, END_ID = "100001", "900001"
SUCCESS, FAIL = 2, 3  # WorkflowExeStatus
NODE_SUCCESS = 3  # NodeExeStatus
TEST_RUN_INPUT = 1  # NodeHistoryScene


async def wait_status(workflows, workflow_id: str, execute_id: str, *statuses: int,
                      timeout_s: float = 20.0) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while True:
        found = (await workflows.client.call("/api/workflow_api/get_process", {
            "workflow_id": workflow_id, "space_id": workflows.space_id, "execute_id": execute_id},
            method="GET"))["data"]
        if found["executeStatus"] in statuses:
            return found
        assert asyncio.get_running_loop().time() < deadline, f"run {execute_id} still running: {found}"
        await asyncio.sleep(0.1)


def llm_with_workflow_tool(node_id: str, workflow_id: str) -> dict[str, Any]:
    return {"id": node_id, "type": "3", "meta": {"position": {"x": 400, "y": 400}},
            "data": {"nodeMeta": {"title": "LLM"}, "inputs": {
                "fcParam": {"workflowFCParam": {"workflowList": [{"workflow_id": workflow_id, "workflow_version": ""}]}},
                "inputParameters": []}}}


def greeting_canvas() -> dict[str, Any]:
    """Start(name, city) -> greet "Hello {{who}} from {{town}}" -> shout "{{g}}! ({{mark}})" -> End(v)."""
    return {"nodes": [
        entry(out("name"), out("city")),
        concat("greet", "Hello {{who}} from {{town}}", param("who", ref(START_ID, "name")),
               param("town", ref(START_ID, "city"))),
        concat("shout", "{{g}}! ({{mark}})", param("g", ref("greet", "output")), param("mark", lit("x"))),
        exit_(param("v", ref("shout", "output")))], "edges": chain(START_ID, "greet", "shout", END_ID)}


async def history(workflows, workflow_id: str, node_id: str, **query: Any) -> dict[str, Any]:
    return (await workflows.client.call("/api/workflow_api/get_node_execute_history", {
        "workflow_id": workflow_id, "space_id": workflows.space_id, "node_id": node_id, **query},
        method="GET"))["data"]


async def test_a_debugged_node_runs_alone_with_the_inputs_given_and_is_recorded(workflows) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, greeting_canvas())
    started = (await workflows.call("nodeDebug", workflow_id=workflow_id, node_id="greet",
                                    input={"who": "Ada", "town": "Lyon"}))["data"]
    assert (started["workflow_id"], started["node_id"]) == (workflow_id, "greet")
    execute_id = started["execute_id"]
    done = await wait_status(workflows, workflow_id, execute_id, SUCCESS, FAIL)
    assert done["executeStatus"] == SUCCESS, done
    # only the node ran: not the canvas's Start, the node after it, nor its End
    [result] = done["nodeResults"]
    assert (result["nodeId"], result["nodeStatus"], result["NodeType"]) == ("greet", NODE_SUCCESS, "15")
    assert json.loads(result["output"]) == {"output": "Hello Ada from Lyon"}
    assert done["rate"] == "1.00"

    shown = await history(workflows, workflow_id, "greet", execute_id=execute_id)
    assert json.loads(shown["input"]) == {"who": "Ada", "town": "Lyon"}
    assert json.loads(shown["output"]) == {"output": "Hello Ada from Lyon"}
    assert shown["nodeStatus"] == NODE_SUCCESS and shown["nodeExeCost"].endswith("s")
    assert shown["tokenAndCost"]["totalTokens"] == "0"
    # the console's test form: the latest debug of the node, without an execute id
    again = await history(workflows, workflow_id, "greet", node_history_scene=TEST_RUN_INPUT)
    assert json.loads(again["input"]) == {"who": "Ada", "town": "Lyon"}
    # the console sends the empty execute id it has before any run
    assert await history(workflows, workflow_id, "greet", execute_id="", node_history_scene=TEST_RUN_INPUT) == again
    never = await history(workflows, workflow_id, "shout", node_history_scene=TEST_RUN_INPUT)
    assert "input" not in never or not never["input"]


async def test_the_start_nodes_history_is_the_latest_test_runs_input(workflows) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, greeting_canvas())
    execute_id = (await workflows.call("test_run", workflow_id=workflow_id,
                                       input={"name": "Bo", "city": "Oslo"}))["data"]["execute_id"]
    await wait_status(workflows, workflow_id, execute_id, SUCCESS)
    shout = await history(workflows, workflow_id, "shout", execute_id=execute_id)
    assert json.loads(shout["output"]) == {"output": "Hello Bo from Oslo! (x)"}
    start = await history(workflows, workflow_id, START_ID, node_history_scene=TEST_RUN_INPUT)
    assert json.loads(start["output"]) == {"name": "Bo", "city": "Oslo"}


async def test_what_node_debug_and_node_history_refuse(workflows, other) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, greeting_canvas())
    await expect_error(workflows.call("nodeDebug", workflow_id=workflow_id, node_id="greet",
                                      input={"who": "A", "where": "B"}), 400, "'where'", "who, town")
    await expect_error(workflows.call("nodeDebug", workflow_id=workflow_id, node_id="ghost", input={}), 404, "ghost")
    await expect_error(workflows.call("nodeDebug", workflow_id=workflow_id, node_id=START_ID, input={}),
                       400, "Start node")
    await expect_error(other.call("nodeDebug", workflow_id=workflow_id, node_id="greet", input={}), 404)

    execute_id = (await workflows.call("nodeDebug", workflow_id=workflow_id, node_id="shout",
                                       input={"g": "hi"}))["data"]["execute_id"]
    await wait_status(workflows, workflow_id, execute_id, SUCCESS)
    await expect_error(history(workflows, workflow_id, "shout"), 400, "execute_id")
    await expect_error(history(workflows, workflow_id, "shout", execute_id=execute_id,
                               node_history_scene=TEST_RUN_INPUT), 400, "execute_id")
    await expect_error(history(workflows, workflow_id, "greet", execute_id=execute_id), 404, "greet", execute_id)
    await expect_error(history(workflows, workflow_id, "shout", execute_id="12345"), 404, "12345")


async def test_workflow_references_list_the_workflows_using_it(workflows, parts) -> None:
    child = await workflows.create(workflows.unique_name("child"))
    parent_name, tool_user_name = workflows.unique_name("a_parent"), workflows.unique_name("b_tool_user")
    parent = await workflows.create(parent_name)
    tool_user = await workflows.create(tool_user_name)
    await workflows.save(parent, parts.canvas(parts.sub_workflow_node("130001", child)))
    await workflows.save(tool_user, parts.canvas(llm_with_workflow_tool("130001", child)))

    listed = (await workflows.call("workflow_references", workflow_id=child))["data"]["workflow_list"]
    assert [(w["workflow_id"], w["name"]) for w in listed] == [(parent, parent_name), (tool_user, tool_user_name)]
    assert (await workflows.call("workflow_references", workflow_id=parent))["data"].get("workflow_list", []) == []

    await workflows.save(parent, parts.canvas(parts.text_node("130001")))  # no longer uses it
    listed = (await workflows.call("workflow_references", workflow_id=child))["data"]["workflow_list"]
    assert [w["workflow_id"] for w in listed] == [tool_user]
    await expect_error(workflows.call("workflow_references", workflow_id="12345"), 404, "12345")
