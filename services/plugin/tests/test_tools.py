"""Plugins from OpenAPI documents: registered, listed, debugged against a real local server,
published in versions, and called by the agent runtime (ResolveTools / InvokeTool): what reaches
the server, what the model reads, and what is refused before any call."""

from __future__ import annotations

import asyncio
import json

import asyncpg
import grpc
import pytest
import yaml

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.tool_servers import ToolServer
from atelier_proto import plugin_pb2 as ppb

API_KEY = {"type": "service_http", "sub_type": "token/api_key",
           "payload": json.dumps({"location": "header", "key": "X-Api-Key", "service_token": "k-secret-123"})}


async def test_a_registered_document_gives_one_tool_per_operation(register, tool_server: ToolServer, weather_api,
                                                                  client: AtelierClient) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=API_KEY)
    assert sorted(tools) == ["create_note", "get_weather"]
    listed = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": client.space_id})
    by_name = {t["name"]: t for t in listed["api_info"]}
    weather = by_name["get_weather"]
    assert (weather["method"], weather["path"], weather["desc"]) == (1, "/weather/{city}", "Weather of a city")
    assert [(p["name"], p["location"], p.get("is_required", False)) for p in weather["request_params"]] == [
        ("city", 1, True), ("days", 2, False), ("X-Trace", 4, False)]
    assert [p["name"] for p in weather["response_params"]] == ["temp", "sky"]
    # the body's $ref'd schema is read through
    note = by_name["create_note"]
    assert [(p["name"], p["location"], p.get("is_required", False)) for p in note["request_params"]] == [
        ("title", 3, True), ("tags", 3, False)]
    info = await client.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert info["meta_info"]["url"] == tool_server.url() and info["meta_info"]["name"].startswith("weather-")
    assert "$ref: '#/components/schemas/Note'" in info["code_info"]["openapi_desc"]  # the user's document, kept


async def test_debugging_a_tool_sends_the_validated_arguments_and_the_key(register, tool_server: ToolServer,
                                                                           weather_api) -> None:
    tool_server.respond("GET", "/weather/S%C3%A3o%20Paulo", {"temp": 21.5, "sky": "clear"})
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=API_KEY)
    debugged = await register.debug(plugin_id, tools["get_weather"], {"city": "São Paulo", "days": 2,
                                                                      "X-Trace": "t-1"})
    assert debugged["success"] is True, debugged
    assert json.loads(debugged["resp"]) == {"temp": 21.5, "sky": "clear"}
    sent = tool_server.requests[-1]
    assert (sent.method, sent.path, sent.query) == ("GET", "/weather/S%C3%A3o%20Paulo", {"days": ["2"]})
    assert sent.headers["x-api-key"] == "k-secret-123" and sent.headers["x-trace"] == "t-1"
    shown = json.loads(debugged["raw_req"])
    assert shown["headers"]["X-Api-Key"] == "***" and "k-secret-123" not in debugged["raw_req"]
    apis = await register.client.call("/api/plugin_api/get_plugin_apis", {
        "plugin_id": plugin_id, "space_id": register.client.space_id, "api_ids": [tools["get_weather"]]})
    assert apis["api_info"][0]["debug_status"] == 1

    # a JSON body from a $ref'd schema
    debugged = await register.debug(plugin_id, tools["create_note"], {"title": "buy milk", "tags": ["home"]})
    assert debugged["success"] is True
    note = tool_server.calls("POST", "/notes")[-1]
    assert note.json() == {"title": "buy milk", "tags": ["home"]}
    assert note.headers["content-type"].startswith("application/json")


async def test_bad_arguments_are_refused_before_any_call(register, tool_server: ToolServer, weather_api) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    debugged = await register.debug(plugin_id, tools["get_weather"], {"days": "two", "color": "red"})
    assert debugged["success"] is False
    reason = debugged["reason"]
    assert "missing required argument 'city'" in reason and "'days': expected integer, got string \"two\"" in reason
    assert "unknown argument 'color'" in reason
    assert tool_server.requests == []
    apis = await register.client.call("/api/plugin_api/get_plugin_apis", {
        "plugin_id": plugin_id, "space_id": register.client.space_id, "api_ids": [tools["get_weather"]]})
    assert apis["api_info"][0].get("debug_status", 0) == 0


async def test_parse_reads_the_answers_structure(register, tool_server: ToolServer, weather_api) -> None:
    tool_server.respond("GET", "/weather/Oslo", {"temp": -3, "wind": {"speed": 4.5, "dir": "N"}, "alerts": ["ice"]})
    plugin_id, tools = await register(weather_api(tool_server.url()))
    parsed = await register.debug(plugin_id, tools["get_weather"], {"city": "Oslo"}, operation=2)
    assert [(p["name"], p["type"], [s["name"] for s in p.get("sub_parameters", [])])
            for p in parsed["response_params"]] == [("temp", 2, []), ("wind", 4, ["speed", "dir"]),
                                                     ("alerts", 5, ["[Array Item]"])]


@pytest.mark.parametrize(("openapi", "message"), [
    ("openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {/a: {get: {responses: {'200': {description: ok}}}}}",
     "field 'openapi': servers: the document names no server to call"),
    ("not: [valid", "field 'openapi': not valid YAML"),
    ("swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}",
     "field 'openapi': swagger: this is a Swagger 2.0 document; convert it to OpenAPI 3 first"),
    ("openapi: 3.0.0\ninfo: {title: t, version: '1'}\nservers: [{url: 'https://x.example'}]\npaths: {/a: {get: {"
     "parameters: [{$ref: 'https://evil.example/p.yaml'}], responses: {'200': {description: ok}}}}}",
     "is outside this document; only local references"),
])
async def test_bad_documents_are_refused_with_where_and_why(client: AtelierClient, openapi: str, message: str) -> None:
    await expect_error(client.call("/api/plugin_api/register", {
        "space_id": client.space_id, "ai_plugin": json.dumps({"name_for_human": "bad"}), "openapi": openapi}),
        400, message)


async def test_a_bad_manifest_is_refused(client: AtelierClient, tool_server: ToolServer, weather_api) -> None:
    await expect_error(client.call("/api/plugin_api/register", {
        "space_id": client.space_id, "ai_plugin": "{name", "openapi": weather_api(tool_server.url())}),
        400, "field 'ai_plugin': not valid JSON")
    await expect_error(client.call("/api/plugin_api/register", {
        "space_id": client.space_id, "ai_plugin": json.dumps({"name_for_human": "x", "auth": {"type": "service_http"}}),
        "openapi": weather_api(tool_server.url())}), 400, "field 'ai_plugin.auth.payload.location'")


async def test_convert_to_openapi_reads_a_curl_command(client: AtelierClient) -> None:
    converted = await client.call("/api/plugin_api/convert_to_openapi", {
        "space_id": client.space_id, "plugin_name": "Echo",
        "data": "curl -X POST 'https://api.example.com/echo?lang=en' -H 'Content-Type: application/json' "
                "-d '{\"text\": \"hi\"}'"})
    assert converted["plugin_data_format"] == 2
    assert "/echo:" in converted["openapi"] and json.loads(converted["ai_plugin"])["name_for_human"] == "Echo"
    await expect_error(client.call("/api/plugin_api/convert_to_openapi", {"space_id": client.space_id,
                                                                          "data": "hello there"}),
                       400, "field 'data': cannot tell the format")


async def test_publishing_needs_debugged_tools_and_growing_versions(register, client: AtelierClient,
                                                                    tool_server: ToolServer, weather_api,
                                                                    runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    publish = {"plugin_id": plugin_id, "space_id": client.space_id}
    await expect_error(client.call("/api/plugin_api/publish_plugin", publish), 400,
                       "tools not debugged since their last change:", "get_weather", "create_note")
    await register.debug(plugin_id, tools["get_weather"], {"city": "Oslo"})
    await client.call("/api/plugin_api/update_api", {"plugin_id": plugin_id, "api_id": tools["create_note"],
                                                     "space_id": client.space_id, "disabled": True})
    first = (await client.call("/api/plugin_api/publish_plugin", publish))["version_ts"]
    await expect_error(client.call("/api/plugin_api/publish_plugin", {**publish, "version_name": "v1.0.0"}),
                       400, "field 'version_name': v1.0.0 must be greater than the online version v1.0.0")
    await expect_error(client.call("/api/plugin_api/publish_plugin", {**publish, "version_name": "1.1"}),
                       400, "is not a version like v1.0.0")
    info = await client.call("/api/plugin_api/get_plugin_info", publish)
    assert info["published"] is True and info.get("status", False) is False

    # the draft moves on; the online version stays as published
    await client.call("/api/plugin_api/update_api", {"plugin_id": plugin_id, "api_id": tools["get_weather"],
                                                     "space_id": client.space_id, "desc": "Forecast, new wording",
                                                     "path": "/forecast/{city}"})
    refs = [ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(tools["get_weather"])),
            ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(tools["create_note"]))]
    online = await runtime.resolve(refs, draft=False)
    draft = await runtime.resolve(refs, draft=True)
    assert [(t.name, t.description, t.version) for t in online.tools] == [("get_weather", "Weather of a city", first)]
    assert [u.reason for u in online.unresolved] == [f"tool {tools['create_note']} not found in plugin "
                                                     f"'{info['meta_info']['name']}' (its online version {first})"]
    assert [(t.name, t.description, t.version) for t in draft.tools] == [("get_weather", "Forecast, new wording", "")]
    assert "is disabled" in draft.unresolved[0].reason
    assert [u.problem for u in [*online.unresolved, *draft.unresolved]] == ["tool_not_found", "tool_disabled"]
    await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, draft=False)
    await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, draft=True)
    assert [r.path for r in tool_server.requests[-2:]] == ["/weather/Oslo", "/forecast/Oslo"]

    # the moved tool must be debugged again; then v1.0.1 is the next version
    await expect_error(client.call("/api/plugin_api/publish_plugin", publish), 400, "get_weather")
    await register.debug(plugin_id, tools["get_weather"], {"city": "Oslo"})
    second = (await client.call("/api/plugin_api/publish_plugin", publish))["version_ts"]
    assert int(second) > int(first)
    online = await runtime.resolve(refs[:1], draft=False)
    assert (online.tools[0].description, online.tools[0].version) == ("Forecast, new wording", second)


async def test_the_model_sees_each_tool_with_the_agents_defaults(register, tool_server: ToolServer, weather_api,
                                                                 runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    ref = ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(tools["get_weather"]), default_params=[
        ppb.ToolDefaultParam(name="days", value="5", hidden=True),
        ppb.ToolDefaultParam(name="X-Trace", value="agent-7")])
    resolved = await runtime.resolve([ref])
    tool = resolved.tools[0]
    schema = json.loads(tool.parameters)
    assert schema["required"] == ["city"] and "days" not in schema["properties"]
    assert schema["properties"]["X-Trace"]["default"] == "agent-7"
    assert schema["properties"]["city"] == {"type": "string", "description": "the city"}

    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Rome"},
                                  default_params=list(ref.default_params))
    assert answer.outcome == "ok", answer
    sent = tool_server.requests[-1]
    assert (sent.path, sent.query, sent.headers["x-trace"]) == ("/weather/Rome", {"days": ["5"]}, "agent-7")
    assert json.loads(answer.request)["url"] == f"{tool_server.url()}/weather/Rome?days=5"

    # a default that does not fit the parameter leaves the tool out, saying why
    bad = ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(tools["get_weather"]),
                      default_params=[ppb.ToolDefaultParam(name="days", value="50", hidden=True)])
    resolved = await runtime.resolve([bad])
    assert not resolved.tools and "default for 'days'" in resolved.unresolved[0].reason
    assert resolved.unresolved[0].problem == "invalid_default"


async def test_tools_of_another_space_are_not_resolved_nor_called(register, tool_server: ToolServer, weather_api,
                                                                  runtime, other: AtelierClient) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    ref = ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(tools["get_weather"]))
    # an agent of another space naming this plugin (a system caller reaches every space)
    resolved = await runtime.resolve([ref], space_id=int(other.space_id), internal=True)
    assert not resolved.tools and resolved.unresolved[0].reason == f"plugin {plugin_id} not found in space " \
                                                                   f"{other.space_id}"
    assert resolved.unresolved[0].problem == "plugin_not_found"
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, space_id=int(other.space_id),
                                  internal=True)
    assert answer.outcome == "failed" and "not found" in answer.error
    # a user's call naming a space they are not in is refused outright
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await runtime.resolve([ref], space_id=int(other.space_id))
    assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert tool_server.requests == []


async def test_invalid_arguments_come_back_for_the_model_to_correct(register, tool_server: ToolServer, weather_api,
                                                                    runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    answer = await runtime.invoke(plugin_id, tools["create_note"], '{"tags": "home"')
    assert answer.outcome == "invalid_arguments" and "not valid JSON" in answer.result_for_model
    answer = await runtime.invoke(plugin_id, tools["create_note"], {"tags": "home"})
    assert answer.outcome == "invalid_arguments"
    assert "missing required argument 'title'" in answer.result_for_model and "'tags': expected array" in \
        answer.result_for_model and "Correct the arguments" in answer.result_for_model
    assert tool_server.requests == [] and answer.request == ""


async def test_retries_only_for_idempotent_methods(register, tool_server: ToolServer, weather_api, runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    tool_server.respond("GET", "/weather/Oslo", {"temp": 1}, fail_first=2)
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert (answer.outcome, answer.status_code) == ("ok", 200) and len(tool_server.calls("GET", "/weather/Oslo")) == 3
    tool_server.respond("POST", "/notes", {"id": 1}, status=201, fail_first=1)
    answer = await runtime.invoke(plugin_id, tools["create_note"], {"title": "x"})
    assert (answer.outcome, answer.status_code) == ("http_error", 503) and len(tool_server.calls("POST", "/notes")) == 1
    assert answer.result_for_model.startswith("HTTP 503:")


async def test_large_answers_are_trimmed_for_the_model_and_kept_whole(register, tool_server: ToolServer, weather_api,
                                                                      runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    rows = [{"day": i, "note": "x" * 200} for i in range(400)]
    tool_server.respond("GET", "/weather/Oslo", {"rows": rows})
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert answer.outcome == "ok" and answer.truncated
    assert len(answer.result_for_model.encode()) <= 16_384 and "[truncated" in answer.result_for_model
    assert json.loads(answer.body) == {"rows": rows}


async def test_an_answer_over_the_size_cap_fails_the_call(register, tool_server: ToolServer, weather_api,
                                                          runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    tool_server.respond("POST", "/notes", raw=b"x" * (2 * 1024 * 1024), content_type="text/plain")
    answer = await runtime.invoke(plugin_id, tools["create_note"], {"title": "x"})
    assert answer.outcome == "failed" and "over the 1048576-byte limit" in answer.error


async def test_a_slow_tool_fails_at_the_time_cap(register, tool_server: ToolServer, weather_api, runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()))
    tool_server.respond("GET", "/weather/Oslo", {"temp": 1}, delay_s=4)  # the stack's cap is 3 s
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert answer.outcome == "failed" and "did not answer within 3 s" in answer.error
    assert len(tool_server.calls("GET", "/weather/Oslo")) == 1  # a slow server is not asked again


async def test_the_api_key_may_go_in_the_query_and_is_masked(register, tool_server: ToolServer, weather_api,
                                                             runtime, plugin_db: asyncpg.Connection) -> None:
    auth = {"type": "service_http", "sub_type": "token/api_key",
            "payload": json.dumps({"location": "query", "key": "api_key", "service_token": "q-secret-456"})}
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=auth)
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo", "days": 1})
    assert tool_server.requests[-1].query == {"days": ["1"], "api_key": ["q-secret-456"]}
    assert "q-secret-456" not in answer.request and json.loads(answer.request)["url"].endswith("api_key=***")
    stored = await plugin_db.fetchval("SELECT row_to_json(p)::text FROM plugin.plugins p WHERE id = $1",
                                      int(plugin_id))
    assert "q-secret-456" not in stored and "secrets_sealed" in stored


async def test_common_parameters_go_with_every_call(client: AtelierClient, tool_server: ToolServer, runtime) -> None:
    plugin_id = (await client.call("/api/plugin_api/register_plugin_meta", {
        "space_id": client.space_id, "name": "common", "desc": "", "url": tool_server.url(), "icon": {"uri": ""},
        "common_params": [{"location": 4, "name": "X-Client", "value": "atelier"},
                          {"location": 2, "name": "v", "value": "2"}]}))["plugin_id"]
    api_id = (await client.call("/api/plugin_api/create_api", {
        "plugin_id": plugin_id, "space_id": client.space_id, "name": "ping", "desc": "Ping", "path": "/ping",
        "method": 1}))["api_id"]
    answer = await runtime.invoke(plugin_id, api_id, {})
    assert answer.outcome == "ok", answer
    sent = tool_server.requests[-1]
    assert (sent.path, sent.query, sent.headers["x-client"]) == ("/ping", {"v": ["2"]}, "atelier")



async def test_updating_the_document_keeps_tools_by_route(register, client: AtelierClient, tool_server: ToolServer,
                                                          weather_api, runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=API_KEY)
    await register.debug(plugin_id, tools["get_weather"], {"city": "Oslo"})
    await register.debug(plugin_id, tools["create_note"], {"title": "x"})
    document = yaml.safe_load(weather_api(tool_server.url()))
    document["paths"]["/notes"]["post"]["summary"] = "Write a note, now with tags"
    document["paths"]["/alerts"] = {"get": {"operationId": "list_alerts", "responses": {"200": {"description": "OK"}}}}
    updated = await client.call("/api/plugin_api/update", {
        "plugin_id": plugin_id, "space_id": client.space_id, "openapi": yaml.safe_dump(document),
        "ai_plugin": json.dumps({"name_for_human": "Weather v2", "auth": {
            "type": "service_http", "sub_type": "token/api_key",
            "payload": json.dumps({"location": "header", "key": "X-Api-Key", "service_token": "******"})}})})
    assert updated["data"]["res"] is True
    listed = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": client.space_id})
    now = {t["name"]: (t["api_id"], t.get("debug_status", 0)) for t in listed["api_info"]}
    assert now["get_weather"] == (tools["get_weather"], 1)  # same operation: same id, still debugged
    assert now["create_note"] == (tools["create_note"], 0)  # changed: debug again
    assert now["list_alerts"][0] not in tools.values()
    info = await client.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert info["meta_info"]["name"] == "Weather v2"
    # the key sent back masked is the stored one
    await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert tool_server.requests[-1].headers["x-api-key"] == "k-secret-123"

    # the server moves in the form: the document follows
    with ToolServer() as moved:
        await client.call("/api/plugin_api/update_plugin_meta", {"plugin_id": plugin_id, "space_id": client.space_id,
                                                                 "url": moved.url()})
        answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
        assert answer.outcome == "ok" and [r.path for r in moved.requests] == ["/weather/Oslo"]


async def test_tool_calls_see_every_change_of_the_plugin_at_once(register, client: AtelierClient,
                                                                  tool_server: ToolServer, weather_api,
                                                                  runtime) -> None:
    """InvokeTool keeps what it read of a plugin until the plugin changes: a new key, a disabled
    tool, a publish and a delete each show in the very next call."""
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=API_KEY)
    weather, space = tools["get_weather"], client.space_id
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"})).outcome == "ok"
    assert tool_server.requests[-1].headers["x-api-key"] == "k-secret-123"

    await client.call("/api/plugin_api/update_plugin_meta", {
        "plugin_id": plugin_id, "space_id": space, "auth_type": 1, "location": 1, "key": "X-Api-Key",
        "service_token": "k-rotated-456"})
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"})).outcome == "ok"
    assert tool_server.requests[-1].headers["x-api-key"] == "k-rotated-456"

    await client.call("/api/plugin_api/update_api", {"plugin_id": plugin_id, "api_id": weather, "space_id": space,
                                                     "disabled": True})
    answer = await runtime.invoke(plugin_id, weather, {"city": "Oslo"})
    assert answer.outcome == "failed" and answer.error.startswith("tool 'get_weather' of plugin 'weather-")
    assert answer.error.endswith("' is disabled")
    await client.call("/api/plugin_api/update_api", {"plugin_id": plugin_id, "api_id": weather, "space_id": space,
                                                     "disabled": False})

    # online: none yet, then the published version, which later draft edits leave as it was
    assert "has no published version" in (await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, draft=False)).error
    await register.debug(plugin_id, weather, {"city": "Oslo"})
    await register.debug(plugin_id, tools["create_note"], {"title": "x"})
    await client.call("/api/plugin_api/publish_plugin", {"plugin_id": plugin_id, "space_id": space})
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, draft=False)).outcome == "ok"
    await client.call("/api/plugin_api/update_api", {"plugin_id": plugin_id, "api_id": weather, "space_id": space,
                                                     "path": "/forecast/{city}"})
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, draft=False)).outcome == "ok"
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"})).outcome == "ok"
    assert [r.path for r in tool_server.requests[-2:]] == ["/weather/Oslo", "/forecast/Oslo"]

    await client.call("/api/plugin_api/del_plugin", {"plugin_id": plugin_id, "space_id": space})
    for draft in (True, False):
        answer = await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, draft=draft)
        assert (answer.outcome, answer.error) == ("failed", f"plugin {plugin_id} not found in space {space}")


async def _outcome_once_changed(runtime, plugin_id: str, api_id: str, outcome: str) -> ppb.InvokeToolResponse:
    """The first answer with `outcome` (a change made by another process is heard a moment later)."""
    for _ in range(100):
        answer = await runtime.invoke(plugin_id, api_id, {"city": "Oslo"})
        if answer.outcome == outcome:
            return answer
        await asyncio.sleep(0.05)
    raise AssertionError(f"InvokeTool still answers {answer.outcome} ({answer.error}), never {outcome}")


async def test_tool_calls_see_changes_made_by_another_process(register, tool_server: ToolServer, weather_api,
                                                               runtime, plugin_db: asyncpg.Connection) -> None:
    """Changes another replica of the plugin service makes (here: statements on its tables) reach
    this one's kept plugins too: a tool disabled, then the plugin deleted."""
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=API_KEY)
    weather = tools["get_weather"]
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"})).outcome == "ok"  # kept from now on

    await plugin_db.execute("UPDATE plugin.tools SET disabled = true WHERE id = $1", int(weather))
    answer = await _outcome_once_changed(runtime, plugin_id, weather, "failed")
    assert answer.error.endswith("' is disabled")

    await plugin_db.execute("UPDATE plugin.tools SET disabled = false WHERE id = $1", int(weather))
    await _outcome_once_changed(runtime, plugin_id, weather, "ok")
    await plugin_db.execute("UPDATE plugin.plugins SET deleted_at = now() WHERE id = $1", int(plugin_id))
    answer = await _outcome_once_changed(runtime, plugin_id, weather, "failed")
    assert answer.error == f"plugin {plugin_id} not found in space {runtime.space_id}"


async def _listening_backends(plugin_db: asyncpg.Connection) -> list[int]:
    """The plugin service's backends that listen for plugin changes (their ChangeListener)."""
    return [r["pid"] for r in await plugin_db.fetch(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        " AND (query LIKE 'LISTEN %plugin_changed%' OR query LIKE '%pg_listening_channels()%')")]


async def test_tool_calls_see_changes_while_the_service_stops_listening(register, tool_server: ToolServer,
                                                                        weather_api, runtime,
                                                                        plugin_db: asyncpg.Connection) -> None:
    """The connection that hears of changes is cut: a change made before it is back still shows,
    and so does one made after."""
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=API_KEY)
    weather = tools["get_weather"]
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"})).outcome == "ok"
    listening = await _listening_backends(plugin_db)
    assert listening
    for pid in listening:
        await plugin_db.execute("SELECT pg_terminate_backend($1)", pid)

    await plugin_db.execute("UPDATE plugin.tools SET disabled = true WHERE id = $1", int(weather))
    assert (await _outcome_once_changed(runtime, plugin_id, weather, "failed")).error.endswith("' is disabled")

    for _ in range(100):  # listening again
        if set(await _listening_backends(plugin_db)) - set(listening):
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError("the plugin service did not listen for changes again")
    assert (await runtime.invoke(plugin_id, weather, {"city": "Oslo"})).outcome == "failed"
    await plugin_db.execute("UPDATE plugin.tools SET disabled = false WHERE id = $1", int(weather))
    await _outcome_once_changed(runtime, plugin_id, weather, "ok")
