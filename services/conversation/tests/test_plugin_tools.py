"""An agent calls a plugin: a plugin registered from an OpenAPI document served by a local tool
server, bound to an agent with a default parameter; the scripted model's tool call reaches the
server with the validated arguments and the API key, the model answers from the result, and the
chat's messages show the call, the result and its run record (request as sent, secrets masked)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.tool_servers import ToolServer, register_api_key_plugin

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
API_KEY = "k-" + "7" * 24


def weather_api(tools: ToolServer) -> dict[str, Any]:
    return {
        "openapi": "3.0.3", "info": {"title": "Weather", "description": "Forecasts", "version": "1"},
        "servers": [{"url": f"http://{tools.host}:{tools.port}/v1"}],
        "paths": {"/forecast/{city}": {"get": {
            "operationId": "forecast", "summary": "The forecast of a city",
            "parameters": [
                {"name": "city", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "days", "in": "query", "required": True,
                 "schema": {"type": "integer", "minimum": 1, "maximum": 7}},
                {"name": "units", "in": "query", "schema": {"type": "string", "enum": ["metric", "imperial"]}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


async def register(client: AtelierClient, tools: ToolServer) -> tuple[str, str]:
    return await register_api_key_plugin(client, weather_api(tools), api_key=API_KEY)


async def console_chat(client: AtelierClient, bot: str, query: str) -> list[dict[str, Any]]:
    """A console chat with the agent's draft (which uses its plugins' drafts): the finished messages."""
    conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]
    body = {"bot_id": bot, "conversation_id": conversation["id"], "query": query, "draft_mode": True}
    events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", body)]
    assert events[-1] == ("done", "")
    return [d["message"] for n, d in events if n == "message" and d["is_finish"]]


async def test_an_agent_calls_a_plugin_and_answers_from_its_result(client: AtelierClient, new_bot,
                                                                  stub: OpenAIStub) -> None:
    with ToolServer() as tools:
        tools.respond("GET", "/v1/forecast/Paris", {"city": "Paris", "days": [{"high_c": 21, "sky": "clear"}]})
        plugin_id, api_id = await register(client, tools)
        bot = await new_bot(publish=False, plugin_info_list=[{
            "plugin_id": plugin_id, "api_id": api_id,
            "default_params": [{"name": "units", "value": "metric", "hidden": True}]}])

        stub.script({"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Paris", "days": 1}}]},
                    {"content": "Tomorrow Paris is clear, 21 C."})
        finished = await console_chat(client, bot, "Weather in Paris tomorrow?")

        # The model was offered the tool without the hidden default; the server got the call.
        offered = {t["function"]["name"]: t["function"] for t in stub.requests(CHAT)[-2]["json"]["tools"]}
        assert set(offered["forecast"]["parameters"]["properties"]) == {"city", "days"}
        [sent] = tools.calls("GET", "/v1/forecast/Paris")
        assert sent.query == {"days": ["1"], "units": ["metric"]}
        assert sent.headers["x-api-key"] == API_KEY

    # The answer used the result: the model's second request carried the tool's answer.
    messages = stub.requests(CHAT)[-1]["json"]["messages"]
    assert messages[-1]["role"] == "tool" and json.loads(messages[-1]["content"])["city"] == "Paris"
    listed = [m for m in finished if m["type"] != "ack"]
    kinds = [m["type"] for m in listed]
    assert next(m for m in listed if m["type"] == "answer")["content"] == "Tomorrow Paris is clear, 21 C."
    assert kinds.index("function_call") < kinds.index("tool_response") < kinds.index("answer")
    call = next(m for m in listed if m["type"] == "function_call")
    assert json.loads(call["content"]) == {"name": "forecast", "arguments": json.dumps({"city": "Paris", "days": 1})}
    records = [json.loads(json.loads(m["content"])["data"]) for m in listed if m["type"] == "verbose"
               and json.loads(m["content"]).get("msg_type") == "tool_call_record"]
    [record] = records
    assert (record["plugin_id"], record["tool_name"], record["outcome"], record["status_code"]) == (
        plugin_id, "forecast", "ok", 200)
    assert json.loads(record["response"])["days"][0]["high_c"] == 21
    assert API_KEY not in json.dumps(record)  # the key is masked in the record


async def test_bad_arguments_reach_the_model_not_the_server(client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    with ToolServer() as tools:
        tools.respond("GET", "/v1/forecast/Oslo", {"city": "Oslo"})
        plugin_id, api_id = await register(client, tools)
        bot = await new_bot(publish=False, plugin_info_list=[{"plugin_id": plugin_id, "api_id": api_id}])
        stub.script({"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Oslo", "days": 30}}]},
                    {"content": "I could not get a 30-day forecast."})
        finished = await console_chat(client, bot, "Oslo for a month?")
        assert tools.requests == []  # nothing was sent
    said = [m["content"] for m in finished if m["type"] == "tool_response"]
    assert len(said) == 1 and "days" in said[0] and "7" in said[0]  # which argument, what was expected
