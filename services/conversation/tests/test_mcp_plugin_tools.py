"""An agent uses an MCP server as a plugin: a server started here (the `mcp` package's MCPServer) is
registered in the console, one of its tools bound to an agent with a hidden default; the scripted
model's tool call reaches the server with the model's arguments and the default, the model answers
from the result, and the chat shows the call, the result and its run record (token masked)."""

from __future__ import annotations

import json
import uuid

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.mcp_server import McpToolServer
from atelier_devstack.openai_stub import OpenAIStub

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
TOKEN = "mcp-" + "8" * 20


async def test_an_agent_calls_an_mcp_tool_and_answers_from_its_result(client: AtelierClient, new_bot,
                                                                      stub: OpenAIStub) -> None:
    with McpToolServer(token=TOKEN) as server:
        plugin_id = (await client.call("/api/plugin_api/register_plugin_meta", {
            "space_id": client.space_id, "name": f"desk-{uuid.uuid4().hex[:8]}", "desc": "weather desk",
            "icon": {"uri": ""}, "mcp_server": {"transport": "streamable_http", "url": server.url,
                                                "headers": {"Authorization": f"Bearer {TOKEN}"}}}))["plugin_id"]
        listed = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id,
                                                                        "space_id": client.space_id})
        api_id = next(t["api_id"] for t in listed["api_info"] if t["name"] == "forecast")
        bot = await new_bot(publish=False, plugin_info_list=[{
            "plugin_id": plugin_id, "api_id": api_id,
            "default_params": [{"name": "units", "value": "imperial", "hidden": True}]}])

        stub.script({"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Lima", "days": 1}}]},
                    {"content": "Lima will be clear, 70 F."})
        conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]
        body = {"bot_id": bot, "conversation_id": conversation["id"], "query": "Lima tomorrow?", "draft_mode": True}
        events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", body)]
        assert events[-1] == ("done", "")

        # The model was offered the server's schema without the hidden default; the server got the call.
        offered = {t["function"]["name"]: t["function"] for t in stub.requests(CHAT)[-2]["json"]["tools"]}
        assert set(offered["forecast"]["parameters"]["properties"]) == {"city", "days"}
        assert server.calls == [("forecast", {"city": "Lima", "days": 1, "units": "imperial"})]

    # The model's second request carried the server's result; the answer came after it.
    messages = stub.requests(CHAT)[-1]["json"]["messages"]
    assert messages[-1]["role"] == "tool"
    assert json.loads(messages[-1]["content"]) == {"city": "Lima", "units": "imperial",
                                                   "days": [{"high": 70, "sky": "clear"}]}
    finished = [d["message"] for n, d in events if n == "message" and d["is_finish"] and d["message"]["type"] != "ack"]
    kinds = [m["type"] for m in finished]
    assert kinds.index("function_call") < kinds.index("tool_response") < kinds.index("answer")
    assert next(m for m in finished if m["type"] == "answer")["content"] == "Lima will be clear, 70 F."
    [record] = [json.loads(json.loads(m["content"])["data"]) for m in finished if m["type"] == "verbose"
                and json.loads(m["content"]).get("msg_type") == "tool_call_record"]
    assert (record["plugin_id"], record["tool_name"], record["outcome"]) == (plugin_id, "forecast", "ok")
    assert record["request"] == {"server": server.url, "headers": {"Authorization": "***"}, "tool": "forecast",
                                 "arguments": {"city": "Lima", "days": 1, "units": "imperial"}}
    assert json.loads(record["response"])["structuredContent"]["city"] == "Lima"  # the whole result
    assert TOKEN not in json.dumps(record)
