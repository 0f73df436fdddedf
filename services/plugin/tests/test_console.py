"""Plugins made in the console's form and their tools edited one by one, through the gateway:
what a developer sees, what is refused (naming the field), and what another user cannot reach."""

from __future__ import annotations

import json
import uuid
from typing import Any

import asyncpg

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.mcp_server import McpToolServer


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def make_plugin(client: AtelierClient, url: str = "https://api.example.com/v1", **fields: Any) -> str:
    body = {"space_id": client.space_id, "name": unique("plugin"), "desc": "weather things", "url": url,
            "icon": {"uri": ""}, "auth_type": 0, **fields}
    return (await client.call("/api/plugin_api/register_plugin_meta", body))["plugin_id"]


CITY = {"name": "city", "desc": "the city", "type": 1, "location": 1, "is_required": True}
DAYS = {"name": "days", "desc": "how many days", "type": 2, "location": 2, "global_default": "3"}
UNITS = {"name": "units", "type": 5, "location": 3, "sub_parameters": [{"name": "[Array Item]", "type": 1}]}
OPTIONS = {"name": "options", "type": 4, "location": 3, "is_required": True,
           "sub_parameters": [{"name": "verbose", "type": 6}, {"name": "lang", "type": 1, "is_required": True}]}


def shape(params: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What a developer reads back: name, type, location, required, default, sub-parameters."""
    return [(p["name"], p["type"], p["location"], p.get("is_required", False), p.get("global_default"),
             shape(p.get("sub_parameters", []))) for p in params]


async def test_a_tool_made_in_the_form_reads_back_as_written(client: AtelierClient) -> None:
    plugin_id = await make_plugin(client)
    created = await client.call("/api/plugin_api/create_api", {
        "plugin_id": plugin_id, "space_id": client.space_id, "name": "forecast", "desc": "Forecast of a city",
        "path": "/forecast/{city}", "method": 2, "request_params": [CITY, DAYS, UNITS, OPTIONS],
        "response_params": [{"name": "temps", "type": 5, "location": 3,
                             "sub_parameters": [{"name": "[Array Item]", "type": 3}]}]})
    listed = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert listed["total"] == 1 and listed["edit_version"] == created["edit_version"]
    tool = listed["api_info"][0]
    assert (tool["api_id"], tool["name"], tool["path"], tool["method"]) == (created["api_id"], "forecast",
                                                                             "/forecast/{city}", 2)
    assert tool.get("debug_status", 0) == 0 and tool.get("online_status", 0) == 0
    assert shape(tool["request_params"]) == [
        ("city", 1, 1, True, None, []), ("days", 2, 2, False, "3", []),
        ("units", 5, 3, False, None, [("[Array Item]", 1, 3, False, None, [])]),
        ("options", 4, 3, True, None, [("verbose", 6, 3, False, None, []), ("lang", 1, 3, True, None, [])])]
    assert shape(tool["response_params"]) == [("temps", 5, 3, False, None, [("[Array Item]", 3, 3, False, None, [])])]

    # the document the console shows has the operation
    info = await client.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert "/forecast/{city}:" in info["code_info"]["openapi_desc"] and "operationId: forecast" in \
        info["code_info"]["openapi_desc"]
    assert info["status"] is True and info.get("published", False) is False


async def test_editing_a_tool_changes_only_what_is_sent(client: AtelierClient) -> None:
    plugin_id = await make_plugin(client)
    created = await client.call("/api/plugin_api/create_api", {
        "plugin_id": plugin_id, "space_id": client.space_id, "name": "forecast", "desc": "Forecast",
        "path": "/forecast/{city}", "method": 1, "request_params": [CITY, DAYS]})
    api_id = created["api_id"]
    updated = await client.call("/api/plugin_api/update_api", {
        "plugin_id": plugin_id, "api_id": api_id, "space_id": client.space_id, "desc": "Forecast, in detail",
        "disabled": True})
    assert updated["edit_version"] == created["edit_version"] + 1
    tool = (await client.call("/api/plugin_api/get_plugin_apis", {
        "plugin_id": plugin_id, "space_id": client.space_id, "api_ids": [api_id]}))["api_info"][0]
    assert (tool["desc"], tool["disabled"], tool["path"]) == ("Forecast, in detail", True, "/forecast/{city}")
    assert [p["name"] for p in tool["request_params"]] == ["city", "days"]

    # moving the tool checks its parameters against the new path
    await expect_error(client.call("/api/plugin_api/update_api", {
        "plugin_id": plugin_id, "api_id": api_id, "space_id": client.space_id, "path": "/forecast"}),
        400, "path parameter(s) city do not appear in the path /forecast")
    # a list sent empty leaves the tool without those parameters (so it may leave the path parameter)
    await client.call("/api/plugin_api/update_api", {"plugin_id": plugin_id, "api_id": api_id,
                                                     "space_id": client.space_id, "path": "/forecast",
                                                     "request_params": []})
    tool = (await client.call("/api/plugin_api/get_plugin_apis", {
        "plugin_id": plugin_id, "space_id": client.space_id, "api_ids": [api_id]}))["api_info"][0]
    assert (tool["path"], tool.get("request_params", []), tool["desc"]) == ("/forecast", [], "Forecast, in detail")
    await client.call("/api/plugin_api/delete_api", {"plugin_id": plugin_id, "api_id": api_id,
                                                     "space_id": client.space_id})
    listed = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert listed["total"] == 0 and listed["api_info"] == [] if "api_info" in listed else listed["total"] == 0


async def test_common_parameters_sent_empty_are_cleared_and_kept_when_not_sent(client: AtelierClient) -> None:
    plugin_id = await make_plugin(client, common_params=[{"location": 4, "name": "X-Client", "value": "atelier"}])
    ids = {"plugin_id": plugin_id, "space_id": client.space_id}

    async def common() -> list[str]:
        info = await client.call("/api/plugin_api/get_plugin_info", ids)
        return [p["name"] for p in info["meta_info"].get("common_params") or []]

    await client.call("/api/plugin_api/update_plugin_meta", {**ids, "desc": "renamed things"})
    assert await common() == ["X-Client"]
    await client.call("/api/plugin_api/update_plugin_meta", {**ids, "common_params": []})
    assert await common() == []


async def test_bad_tools_are_refused_naming_the_field(client: AtelierClient) -> None:
    plugin_id = await make_plugin(client)
    base = {"plugin_id": plugin_id, "space_id": client.space_id, "desc": "d", "path": "/x", "method": 1}
    await expect_error(client.call("/api/plugin_api/create_api", {**base, "name": "get weather"}),
                       400, "field 'name': 'get weather' must be 1 to 64 letters, digits, '_' or '-'")
    await expect_error(client.call("/api/plugin_api/create_api", {**base, "name": "a", "path": "/w/{city}"}),
                       400, "the path /w/{city} needs the path parameter(s) city")
    await expect_error(client.call("/api/plugin_api/create_api", {
        **base, "name": "a", "request_params": [{**DAYS, "global_default": "three"}]}),
        400, "field 'request_params[0].global_default': 'three' is not a integer")
    await expect_error(client.call("/api/plugin_api/create_api", {
        **base, "name": "a", "request_params": [{**OPTIONS, "location": 2}]}),
        400, "field 'request_params[0].type': a query parameter cannot be an object")
    await expect_error(client.call("/api/plugin_api/create_api", {**base, "name": "a", "method": 9}),
                       400, "method", "9")
    await client.call("/api/plugin_api/create_api", {**base, "name": "first"})
    await expect_error(client.call("/api/plugin_api/create_api", {**base, "name": "first", "path": "/y"}),
                       409, "already has a tool named 'first'")
    await expect_error(client.call("/api/plugin_api/create_api", {**base, "name": "second"}),
                       409, "already has a tool for GET /x ('first')")
    listed = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert [t["name"] for t in listed["api_info"]] == ["first"]  # nothing half-written


async def test_bad_plugin_forms_are_refused_naming_the_field(client: AtelierClient) -> None:
    form = {"space_id": client.space_id, "name": unique("p"), "desc": "", "icon": {"uri": ""}}
    await expect_error(client.call("/api/plugin_api/register_plugin_meta", {**form, "url": "ftp://x"}),
                       400, "field 'url': 'ftp://x' is not an http or https URL")
    await expect_error(client.call("/api/plugin_api/register_plugin_meta", {**form, "url": ""}),
                       400, "field 'url': the plugin's server URL is required")
    await expect_error(client.call("/api/plugin_api/register_plugin_meta", {
        **form, "url": "https://a.example", "auth_type": 1, "location": 1, "key": "X-Key"}),
        400, "field 'service_token': the API key or token is required")
    await expect_error(client.call("/api/plugin_api/register_plugin_meta", {
        **form, "url": "https://a.example", "auth_type": 3, "sub_auth_type": 4,
        "oauth_info": json.dumps({"client_id": "c", "client_secret": "s", "client_url": "https://idp/authorize"})}),
        400, "field 'oauth_info.authorization_url': required")
    await expect_error(client.call("/api/plugin_api/register_plugin_meta", {
        **form, "mcp_server": {"transport": "stdio", "url": ""}}),
        400, "field 'mcp_server.transport': 'stdio' is not one of streamable_http")


async def test_secrets_are_masked_and_not_stored_in_the_clear(client: AtelierClient,
                                                              plugin_db: asyncpg.Connection) -> None:
    plugin_id = await make_plugin(client, auth_type=1, location=1, key="X-Api-Key", service_token="tok-plaintext-123")
    info = await client.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id, "space_id": client.space_id})
    shown = json.dumps(info)
    assert "tok-plaintext-123" not in shown
    assert info["meta_info"]["service_token"] == "******" and info["meta_info"]["key"] == "X-Api-Key"
    assert json.loads(info["code_info"]["plugin_desc"])["auth"]["type"] == "service_http"
    row = await plugin_db.fetchrow("SELECT row_to_json(p)::text AS text, secrets_sealed FROM plugin.plugins p"
                                   " WHERE id = $1", int(plugin_id))
    assert "tok-plaintext-123" not in row["text"] and b"tok-plaintext-123" not in row["secrets_sealed"]

    # the form sends the mask back unchanged: the stored token stays; a new one replaces it
    await client.call("/api/plugin_api/update_plugin_meta", {
        "plugin_id": plugin_id, "space_id": client.space_id, "auth_type": 1, "location": 2, "key": "api_key",
        "service_token": "******"})
    info = await client.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert (info["meta_info"]["location"], info["meta_info"]["key"], info["meta_info"]["service_token"]) == \
        (2, "api_key", "******")


async def test_another_users_plugins_are_not_found(client: AtelierClient, other: AtelierClient) -> None:
    plugin_id = await make_plugin(client)
    api_id = (await client.call("/api/plugin_api/create_api", {
        "plugin_id": plugin_id, "space_id": client.space_id, "name": "t", "desc": "d"}))["api_id"]
    for path, body in [
        ("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id}),
        ("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id}),
        ("/api/plugin_api/update_api", {"plugin_id": plugin_id, "api_id": api_id, "desc": "mine now"}),
        ("/api/plugin_api/delete_api", {"plugin_id": plugin_id, "api_id": api_id}),
        ("/api/plugin_api/debug_api", {"plugin_id": plugin_id, "api_id": api_id, "parameters": "{}", "operation": 1}),
        ("/api/plugin_api/publish_plugin", {"plugin_id": plugin_id}),
        ("/api/plugin_api/update_plugin_meta", {"plugin_id": plugin_id, "name": "mine"}),
        ("/api/plugin_api/get_oauth_status", {"plugin_id": plugin_id}),
        ("/api/plugin_api/del_plugin", {"plugin_id": plugin_id}),
    ]:
        await expect_error(other.call(path, body), 404, f"plugin {plugin_id} not found")
    # naming one's own space does not help either
    await expect_error(other.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id,
                                                                      "space_id": other.space_id}), 404)
    # and the plugin is untouched
    info = await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": client.space_id})
    assert [t["desc"] for t in info["api_info"]] == ["d"]


async def test_a_deleted_plugin_is_gone(client: AtelierClient) -> None:
    plugin_id = await make_plugin(client)
    await client.call("/api/plugin_api/del_plugin", {"plugin_id": plugin_id, "space_id": client.space_id})
    await expect_error(client.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id,
                                                                       "space_id": client.space_id}), 404)


async def test_the_oauth_schema_lists_both_grants(client: AtelierClient) -> None:
    schema = json.loads((await client.call("/api/plugin_api/get_oauth_schema", {}))["oauth_schema"])
    assert [(s["value"], [i["key"] for i in s["items"] if i.get("required")]) for s in schema] == [
        (4, ["client_id", "client_secret", "client_url", "authorization_url", "authorization_content_type"]),
        (10, ["client_id", "client_secret", "token_url"])]


async def test_an_mcp_server_registers_as_a_plugin_kind(client: AtelierClient, plugin_db: asyncpg.Connection) -> None:
    with McpToolServer(token="mcp-secret-9") as server:
        plugin_id = (await client.call("/api/plugin_api/register_plugin_meta", {
            "space_id": client.space_id, "name": unique("mcp"), "desc": "tools from an MCP server", "icon": {"uri": ""},
            "mcp_server": {"transport": "streamable_http", "url": server.url,
                           "headers": {"Authorization": "Bearer mcp-secret-9"}}}))["plugin_id"]
    info = await client.call("/api/plugin_api/get_plugin_info", {"plugin_id": plugin_id, "space_id": client.space_id})
    meta = info["meta_info"]
    assert (meta["kind"], meta["mcp_server"]["url"], meta["mcp_server"]["headers"]) == (
        "mcp", server.url, {"Authorization": "******"})
    assert "mcp-secret-9" not in json.dumps(info)
    stored = await plugin_db.fetchval("SELECT row_to_json(p)::text FROM plugin.plugins p WHERE id = $1", int(plugin_id))
    assert "mcp-secret-9" not in stored
    await expect_error(client.call("/api/plugin_api/create_api", {
        "plugin_id": plugin_id, "space_id": client.space_id, "name": "t", "desc": "d"}),
        400, "the tools of an MCP plugin come from its server")
