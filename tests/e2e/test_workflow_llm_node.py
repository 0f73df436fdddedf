"""A Coze Studio canvas with an LLM node, end to end through the gateway: the console saves and
publishes Start -> LLM (a plugin tool registered from a local tool server) -> End returning text
with streaming output on; /v1/workflow/stream_run then shows the model's answer as several
Message events while the model writes it (the scripted model paces its tokens), after the model
has called the tool through the plugin service; /v1/workflow/run answers the whole text."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_devstack.tool_servers import ToolServer, register_api_key_plugin

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
LLM_ID, END_ID = "156549", "900001"
ANSWER = "Tomorrow Paris is clear and mild, with a high of 21 degrees and a light breeze."


def _literal(type_: str, content: Any, raw: int) -> dict[str, Any]:
    return {"type": type_, "value": {"type": "literal", "content": content, "rawMeta": {"type": raw}}}


def _ref(block: str, name: str) -> dict[str, Any]:
    return {"type": "string", "value": {"type": "ref", "rawMeta": {"type": 1},
                                        "content": {"source": "block-output", "blockID": block, "name": name}}}


def forecast_canvas(plugin_id: str, api_id: str) -> dict[str, Any]:
    """The canvas as Coze Studio's console saves it (nodeMeta, positions, llmParam as named literals)."""
    llm_param = [
        {"name": "temperature", "input": _literal("float", "0.8", 4)},
        {"name": "maxTokens", "input": _literal("integer", "4096", 2)},
        {"name": "responseFormat", "input": _literal("integer", "0", 2)},
        {"name": "modleName", "input": _literal("string", "Stub chat", 1)},
        {"name": "modelType", "input": _literal("integer", STUB_MODEL_ID, 2)},
        {"name": "generationDiversity", "input": _literal("string", "balance", 1)},
        {"name": "prompt", "input": _literal("string", "What is the weather in {{city}} tomorrow?", 1)},
        {"name": "enableChatHistory", "input": _literal("boolean", False, 3)},
        {"name": "chatHistoryRound", "input": _literal("integer", "3", 2)},
        {"name": "systemPrompt", "input": _literal("string", "You are a weather assistant.", 1)},
    ]
    plugin = {"plugin_id": plugin_id, "api_id": api_id, "api_name": "forecast", "plugin_version": "0",
              "is_draft": True, "plugin_from": 0,
              "fc_setting": {"request_params": [{"name": "units", "local_default": "metric", "local_disable": True}],
                             "response_params": []}}
    return {
        "nodes": [
            {"id": "100001", "type": "1", "meta": {"position": {"x": 0, "y": 0}}, "blocks": [], "edges": None,
             "data": {"nodeMeta": {"title": "Start", "description": "", "icon": "", "subTitle": ""},
                      "outputs": [{"type": "string", "name": "city", "required": True}], "trigger_parameters": []}},
            {"id": LLM_ID, "type": "3", "meta": {"position": {"x": 420, "y": 0}}, "blocks": [], "edges": None,
             "data": {"nodeMeta": {"title": "Forecaster", "description": "", "icon": "", "subTitle": "LLM"},
                      "inputs": {"inputParameters": [{"name": "city", "input": _ref("100001", "city")}],
                                 "llmParam": llm_param,
                                 "fcParam": {"pluginFCParam": {"pluginList": [plugin]}},
                                 "settingOnError": {"processType": 1, "retryTimes": 0, "switch": False,
                                                    "timeoutMs": 600000}},
                      "outputs": [{"type": "string", "name": "output", "required": False}], "version": "3"}},
            {"id": END_ID, "type": "2", "meta": {"position": {"x": 860, "y": 0}}, "blocks": [], "edges": None,
             "data": {"nodeMeta": {"title": "End", "description": "", "icon": "", "subTitle": ""},
                      "inputs": {"terminatePlan": "useAnswerContent", "streamingOutput": True,
                                 "content": _literal("string", "Forecast: {{output}}", 1),
                                 "inputParameters": [{"name": "output", "input": _ref(LLM_ID, "output")}]}}},
        ],
        "edges": [{"sourceNodeID": "100001", "targetNodeID": LLM_ID, "sourcePortID": ""},
                  {"sourceNodeID": LLM_ID, "targetNodeID": END_ID, "sourcePortID": ""}],
        "versions": {"loop": "v2"},
    }


def weather_api(tools: ToolServer) -> dict[str, Any]:
    return {
        "openapi": "3.0.3", "info": {"title": "Weather", "description": "Forecasts", "version": "1"},
        "servers": [{"url": f"http://{tools.host}:{tools.port}/v1"}],
        "paths": {"/forecast/{city}": {"get": {
            "operationId": "forecast", "summary": "The forecast of a city",
            "parameters": [{"name": "city", "in": "path", "required": True, "schema": {"type": "string"}},
                           {"name": "units", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


async def console(client: AtelierClient, route: str, **body: Any) -> dict[str, Any]:
    return (await client.call(f"/api/workflow_api/{route}", {"space_id": client.space_id, **body}))["data"]


def script(stub: OpenAIStub) -> None:
    """A tool call, then the answer in 4-character pieces, 40 a second (about half a second in all)."""
    stub.script({"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Paris"}}]},
                {"content": ANSWER, "chunk_size_chars": 4, "tokens_per_s": 40})


async def test_stream_run_shows_the_llm_answer_as_it_is_written(workflow_llm_stack: KnowledgeStack,
                                                                stub: OpenAIStub) -> None:
    stub.record_requests(True)
    with ToolServer() as weather:
        weather.respond("GET", "/v1/forecast/Paris", {"city": "Paris", "high_c": 21, "sky": "clear"})
        async with workflow_llm_stack.client() as client:
            plugin_id, api_id = await register_api_key_plugin(client, weather_api(weather), api_key="k-" + "3" * 24)
            workflow_id = (await console(client, "create", name="forecaster", desc="Weather answers"))["workflow_id"]
            commit = (await console(client, "canvas", workflow_id=workflow_id))["vcs_data"]["submit_commit_id"]
            await console(client, "save", workflow_id=workflow_id, submit_commit_id=commit,
                          schema=json.dumps(forecast_canvas(plugin_id, api_id)))
            await console(client, "publish", workflow_id=workflow_id, force=True)

            script(stub)
            events: list[tuple[str, dict[str, Any], float]] = []
            async for name, data in client.sse("/v1/workflow/stream_run", {
                    "workflow_id": workflow_id, "parameters": json.dumps({"city": "Paris"})}):
                events.append((name, json.loads(data), time.monotonic()))

            assert [name for name, _, _ in events][-1] == "Done", events
            messages = [(data, at) for name, data, at in events if name == "Message"]
            assert len(messages) >= 5, messages  # the answer came in pieces, not at the end in one
            assert "".join(m["content"] for m, _ in messages) == f"Forecast: {ANSWER}"
            assert all((m["node_id"], m["node_type"], m["node_title"]) == (END_ID, "End", "End") for m, _ in messages)
            assert [m["node_seq_id"] for m, _ in messages] == [str(i) for i in range(len(messages))]
            assert [m["node_is_finish"] for m, _ in messages] == [False] * (len(messages) - 1) + [True]
            assert messages[-1][1] - messages[0][1] > 0.25  # they arrived while the model was still writing

            # the model called the tool through the plugin service; the server got the call
            [call] = weather.calls("GET", "/v1/forecast/Paris")
            assert call.query == {"units": ["metric"]}
            told = stub.requests(CHAT)[-1]["json"]["messages"][-1]
            assert told["role"] == "tool" and json.loads(told["content"])["high_c"] == 21

            # a sync run answers the same text whole
            script(stub)
            reply = await client.call("/v1/workflow/run", {"workflow_id": workflow_id,
                                                           "parameters": json.dumps({"city": "Paris"})})
            assert json.loads(reply["data"]) == {"output": f"Forecast: {ANSWER}"}
