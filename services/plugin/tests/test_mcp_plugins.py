"""MCP servers as plugins, end to end: a server started here (the `mcp` package's MCPServer) registered
in the console, its tools listed as the plugin's tools, resolved and called by the agent runtime over
gRPC (ResolveTools / InvokeTool) and debugged in the console; arguments are checked against the tool's
input schema before anything reaches the server; publishing freezes the tool list."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.mcp_server import McpToolServer
from atelier_proto import plugin_pb2 as ppb

TOKEN = "mcp-" + "5" * 20


@pytest.fixture
def mcp_server() -> Iterator[McpToolServer]:
    with McpToolServer(token=TOKEN) as server:
        yield server


def server_config(url: str, token: str = TOKEN) -> dict[str, Any]:
    return {"transport": "streamable_http", "url": url, "headers": {"Authorization": f"Bearer {token}"}}


async def register_mcp(client: AtelierClient, url: str, token: str = TOKEN) -> str:
    return (await client.call("/api/plugin_api/register_plugin_meta", {
        "space_id": client.space_id, "name": f"desk-{uuid.uuid4().hex[:8]}", "desc": "weather desk",
        "icon": {"uri": ""}, "mcp_server": server_config(url, token)}))["plugin_id"]


async def tools_of(client: AtelierClient, plugin_id: str) -> dict[str, dict[str, Any]]:
    listed = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id,
                                                                    "space_id": client.space_id})
    return {t["name"]: t for t in listed.get("api_info", [])}


def ref(plugin_id: str, api_id: str, **defaults: tuple[str, bool]) -> ppb.ToolRef:
    return ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(api_id), default_params=[
        ppb.ToolDefaultParam(name=name, value=value, hidden=hidden) for name, (value, hidden) in defaults.items()])


async def test_the_servers_tools_are_the_plugins_tools(client: AtelierClient, mcp_server: McpToolServer) -> None:
    plugin_id = await register_mcp(client, mcp_server.url)
    tools = await tools_of(client, plugin_id)
    assert list(tools) == ["forecast", "add", "explode", "whoami"]
    forecast = tools["forecast"]
    assert (forecast["desc"], forecast["path"]) == ("The forecast of a city for the next days.", "forecast")
    params = {p["name"]: p for p in forecast["request_params"]}
    assert list(params) == ["city", "days", "units"]
    assert (params["city"].get("is_required", False), params["days"].get("is_required", False),
            params["units"].get("is_required", False)) == (True, True, False)
    assert params["units"]["global_default"] == "metric"
    assert mcp_server.calls == []  # listing calls no tool


async def test_a_server_that_cannot_be_listed_is_not_registered(client: AtelierClient,
                                                                mcp_server: McpToolServer) -> None:
    await expect_error(register_mcp(client, mcp_server.url, token="wrong"), 400,
                       "field 'mcp_server': could not list the server's tools", "refused the credentials (HTTP 401)")


async def test_the_runtime_resolves_and_calls_an_mcp_tool(client: AtelierClient, mcp_server: McpToolServer,
                                                          runtime) -> None:
    plugin_id = await register_mcp(client, mcp_server.url)
    api_id = (await tools_of(client, plugin_id))["forecast"]["api_id"]
    bound = ref(plugin_id, api_id, units=("imperial", True))

    [tool] = (await runtime.resolve([bound])).tools
    schema = json.loads(tool.parameters)
    assert (tool.name, tool.description) == ("forecast", "The forecast of a city for the next days.")
    assert set(schema["properties"]) == {"city", "days"} and schema["required"] == ["city", "days"]
    assert schema["properties"]["days"]["maximum"] == 7

    answer = await runtime.invoke(plugin_id, api_id, {"city": "Oslo", "days": 2},
                                  default_params=list(bound.default_params))
    assert answer.outcome == "ok", answer
    assert mcp_server.calls == [("forecast", {"city": "Oslo", "days": 2, "units": "imperial"})]
    assert json.loads(answer.result_for_model)["days"] == [{"high": 70, "sky": "clear"}, {"high": 71, "sky": "clear"}]
    assert json.loads(answer.body)["structuredContent"]["city"] == "Oslo"
    assert json.loads(answer.request) == {"server": mcp_server.url, "headers": {"Authorization": "***"},
                                          "tool": "forecast",
                                          "arguments": {"city": "Oslo", "days": 2, "units": "imperial"}}
    assert TOKEN not in answer.request + answer.body
    assert (answer.plugin_name.startswith("desk-"), answer.tool_name) == (True, "forecast")


async def test_bad_arguments_never_reach_the_server(client: AtelierClient, mcp_server: McpToolServer,
                                                    runtime) -> None:
    plugin_id = await register_mcp(client, mcp_server.url)
    api_id = (await tools_of(client, plugin_id))["forecast"]["api_id"]
    answer = await runtime.invoke(plugin_id, api_id, {"days": 30, "units": "kelvin"})
    assert answer.outcome == "invalid_arguments"
    said = answer.result_for_model
    assert "missing required argument 'city'" in said and "'days'" in said and "7" in said and "kelvin" in said
    assert "Correct the arguments" in said
    assert mcp_server.calls == [] and answer.request == ""


async def test_a_tool_error_result_reaches_the_model(client: AtelierClient, mcp_server: McpToolServer,
                                                     runtime) -> None:
    plugin_id = await register_mcp(client, mcp_server.url)
    api_id = (await tools_of(client, plugin_id))["explode"]["api_id"]
    answer = await runtime.invoke(plugin_id, api_id, {"reason": "disk full"})
    assert answer.outcome == "tool_error"
    assert answer.result_for_model.startswith("The tool reported an error: ")
    assert answer.result_for_model.endswith("exploded: disk full") and "exploded: disk full" in answer.error
    assert json.loads(answer.body)["isError"] is True
    assert mcp_server.calls == [("explode", {"reason": "disk full"})]


async def test_a_server_gone_is_a_failed_call(client: AtelierClient, runtime) -> None:
    with McpToolServer(token=TOKEN) as server:
        plugin_id = await register_mcp(client, server.url)
        api_id = (await tools_of(client, plugin_id))["add"]["api_id"]
    answer = await runtime.invoke(plugin_id, api_id, {"a": 1, "b": 2})
    assert answer.outcome == "failed" and server.url in answer.error and "unreachable" in answer.error
    assert json.loads(answer.request)["tool"] == "add"


async def test_debug_api_runs_an_mcp_tool(client: AtelierClient, mcp_server: McpToolServer, register) -> None:
    plugin_id = await register_mcp(client, mcp_server.url)
    api_id = (await tools_of(client, plugin_id))["add"]["api_id"]
    debugged = await register.debug(plugin_id, api_id, {"a": 2, "b": 40})
    assert (debugged["success"], debugged["resp"]) == (True, "42")
    assert json.loads(debugged["raw_req"])["arguments"] == {"a": 2, "b": 40}
    assert (await tools_of(client, plugin_id))["add"]["debug_status"] == 1  # DebugPassed
    failed = await register.debug(plugin_id, api_id, {"a": "two"})
    assert failed.get("success", False) is False and "'a': expected integer" in failed["reason"]


async def test_publishing_freezes_the_tool_list_and_saving_refreshes_it(client: AtelierClient,
                                                                        mcp_server: McpToolServer, runtime) -> None:
    plugin_id = await register_mcp(client, mcp_server.url)
    before = await tools_of(client, plugin_id)
    await client.call("/api/plugin_api/publish_plugin", {"plugin_id": plugin_id, "space_id": client.space_id})

    # The server now offers only `add`: saving the plugin's form lists it again.
    with McpToolServer(token=TOKEN, tools=["add"]) as smaller:
        await client.call("/api/plugin_api/update_plugin_meta", {
            "plugin_id": plugin_id, "space_id": client.space_id, "mcp_server": server_config(smaller.url)})
        after = await tools_of(client, plugin_id)
        assert list(after) == ["add"] and after["add"]["api_id"] == before["add"]["api_id"]  # the same tool id

        refs = [ref(plugin_id, before["forecast"]["api_id"]), ref(plugin_id, before["add"]["api_id"])]
        draft = await runtime.resolve(refs, draft=True)
        online = await runtime.resolve(refs, draft=False)
        assert [t.name for t in draft.tools] == ["add"]
        assert "not found" in draft.unresolved[0].reason and "its draft" in draft.unresolved[0].reason
        assert [t.name for t in online.tools] == ["forecast", "add"]  # as published
        answer = await runtime.invoke(plugin_id, before["add"]["api_id"], {"a": 1, "b": 1})
        assert (answer.outcome, answer.result_for_model) == ("ok", "2")
        assert smaller.calls == [("add", {"a": 1, "b": 1})]
