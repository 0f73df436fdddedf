"""The console's Runs area against the real stack: a chat run (an agent calling a plugin's tool on
the scripted model) and a workflow run made over HTTP appear in the lists, filters narrow them, and
each opens its record: the chat's question, tool call with its result and answer; the workflow's
nodes with their inputs and outputs."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from playwright.sync_api import Page, expect

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_devstack.tool_servers import ToolServer, forecast_openapi, register_api_key_plugin

QUESTION = "Weather in Paris tomorrow?"
ANSWER = "Tomorrow Paris is clear, 21 C."



def chain_canvas() -> dict[str, Any]:
    """Start(text) -> Text "{{before}}!" (Shout) -> End(result)."""
    def ref(block: str, name: str) -> dict[str, Any]:
        return {"type": "string", "value": {"type": "ref", "content": {"source": "block-output", "blockID": block,
                                                                        "name": name}}}

    def lit(text: str) -> dict[str, Any]:
        return {"type": "string", "value": {"type": "literal", "content": text}}

    nodes = [
        {"id": "100001", "type": "1", "meta": {"position": {"x": 0, "y": 0}},
         "data": {"nodeMeta": {"title": "Start"}, "outputs": [{"type": "string", "name": "text", "required": True}]}},
        {"id": "200001", "type": "15", "meta": {"position": {"x": 200, "y": 0}}, "data": {
            "nodeMeta": {"title": "Shout"},
            "inputs": {"method": "concat", "inputParameters": [{"name": "before", "input": ref("100001", "text")}],
                       "concatParams": [{"name": "concatResult", "input": lit("{{before}}!")},
                                        {"name": "arrayItemConcatChar", "input": lit(", ")}]},
            "outputs": [{"type": "string", "name": "output"}]}},
        {"id": "900001", "type": "2", "meta": {"position": {"x": 400, "y": 0}}, "data": {
            "nodeMeta": {"title": "End"}, "inputs": {"terminatePlan": "returnVariables", "inputParameters": [
                {"name": "result", "input": ref("200001", "output")}]}}},
    ]
    return {"nodes": nodes, "edges": [{"sourceNodeID": a, "targetNodeID": b}
                                      for a, b in (("100001", "200001"), ("200001", "900001"))]}


async def make_runs(api: AtelierClient, stub: OpenAIStub, tools: ToolServer) -> dict[str, str]:
    plugin_id, api_id = await register_api_key_plugin(api, forecast_openapi(tools, title="Forecast"), api_key="k-" + "1" * 24)
    bot_name = f"runs-agent-{uuid.uuid4().hex[:6]}"
    bot = (await api.call("/api/draftbot/create", {"space_id": api.space_id, "name": bot_name}))["data"]["bot_id"]
    await api.call("/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": {
        "bot_id": bot, "model_info": {"model_id": STUB_MODEL_ID},
        "plugin_info_list": [{"plugin_id": plugin_id, "api_id": api_id}]}})
    await api.call("/api/plugin_api/debug_api", {"space_id": api.space_id, "plugin_id": plugin_id, "api_id": api_id,
                                                 "parameters": json.dumps({"city": "Paris"}), "operation": 1})
    await api.call("/api/plugin_api/publish_plugin", {"space_id": api.space_id, "plugin_id": plugin_id})
    await api.call("/api/draftbot/publish", {"space_id": api.space_id, "bot_id": bot})
    stub.script({"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Paris"}}]},
                {"content": ANSWER})
    events = await api.chat(bot, QUESTION, user_id="runs-user")
    chat = next(data for event, data in events if event == "conversation.chat.completed")

    flow_name = f"shout_{uuid.uuid4().hex[:6]}"
    flow = (await api.call("/api/workflow_api/create", {"space_id": api.space_id, "name": flow_name,
                                                        "desc": "adds a bang"}))["data"]["workflow_id"]
    canvas = (await api.call("/api/workflow_api/canvas", {"space_id": api.space_id, "workflow_id": flow}))["data"]
    await api.call("/api/workflow_api/save", {"space_id": api.space_id, "workflow_id": flow,
                                              "schema": json.dumps(chain_canvas()),
                                              "submit_commit_id": canvas["vcs_data"]["submit_commit_id"]})
    await api.call("/api/workflow_api/publish", {"space_id": api.space_id, "workflow_id": flow, "force": True})
    run = await api.call("/v1/workflow/run", {"workflow_id": flow, "parameters": json.dumps({"text": "hello"})})
    return {"bot_name": bot_name, "chat_id": chat["id"], "flow_name": flow_name, "execute_id": run["execute_id"]}


def test_chat_and_workflow_runs_are_listed_filtered_and_opened(console: Page, chat_stack: KnowledgeStack,
                                                               stub: OpenAIStub, screenshot) -> None:
    async def setup() -> dict[str, str]:
        async with chat_stack.client() as api:
            return await make_runs(api, stub, tools)

    with ToolServer() as tools:
        tools.respond("GET", "/v1/forecast/Paris", {"city": "Paris", "high_c": 21, "sky": "clear"})
        made = run_sync(setup())

    console.get_by_role("link", name="Runs").click()
    expect(console.get_by_role("tab", name="Chat runs")).to_have_attribute("aria-selected", "true")
    runs = console.get_by_role("table", name="Chat runs")
    row = runs.get_by_role("row").filter(has=console.get_by_role("link", name=f"Chat run {made['chat_id']}"))
    expect(row).to_contain_text(QUESTION)
    expect(row).to_contain_text("completed")
    expect(row).to_contain_text("runs-user")

    # filters: a status the run does not have hides it; its agent and status find it
    filters = console.get_by_role("form", name="Filter runs")
    filters.get_by_label("Status").select_option("failed")
    filters.get_by_label("Agent").select_option(label=made["bot_name"])
    filters.get_by_role("button", name="Apply").click()
    expect(runs.get_by_text("No chat runs match.")).to_be_visible()
    assert "status=failed" in console.url
    filters.get_by_label("Status").select_option("completed")
    filters.get_by_label("Time").select_option("1h")
    filters.get_by_label("User").fill("runs-user")
    filters.get_by_role("button", name="Apply").click()
    expect(runs.get_by_role("link", name=f"Chat run {made['chat_id']}")).to_be_visible()
    expect(runs.locator("tbody tr")).to_have_count(1)
    screenshot(console, "runs")

    runs.get_by_role("link", name=f"Chat run {made['chat_id']}").click()
    expect(console.get_by_role("heading", name=f"Chat run {made['chat_id']}")).to_be_visible()
    summary = console.get_by_role("definition").filter(has_text=re.compile(r"^[0-9a-f]{32}$"))
    expect(summary).to_have_count(1)  # the trace id
    steps = console.get_by_role("list", name="Steps")
    expect(steps.get_by_role("heading", name="Question")).to_be_visible()
    expect(steps.get_by_role("heading", name="Tool call: forecast")).to_be_visible()
    expect(steps.get_by_label("Tool result").first).to_contain_text('"high_c": 21')
    expect(steps.get_by_role("heading", name="Answer")).to_be_visible()
    expect(steps).to_contain_text(ANSWER)

    # workflow runs
    console.get_by_role("link", name="← Runs").click()
    console.get_by_role("tab", name="Workflow runs").click()
    flows = console.get_by_role("table", name="Workflow runs")
    expect(flows.get_by_role("row").filter(has_text=made["flow_name"]).first).to_contain_text("success")
    filters = console.get_by_role("form", name="Filter runs")
    filters.get_by_label("Workflow").select_option(label=made["flow_name"])
    filters.get_by_role("button", name="Apply").click()
    expect(flows.locator("tbody tr")).to_have_count(1)
    flows.get_by_role("link", name=f"Workflow run {made['execute_id']}").click()
    nodes = console.get_by_role("list", name="Nodes")
    expect(nodes.get_by_role("heading", name=re.compile("^Shout"))).to_be_visible()
    expect(nodes.get_by_label("Output of Shout")).to_contain_text("hello!")
    expect(nodes.get_by_label("Input of Shout")).to_contain_text("hello")
    expect(nodes.get_by_role("heading", name=re.compile("^End"))).to_be_visible()
