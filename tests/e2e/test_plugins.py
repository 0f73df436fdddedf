"""A developer's way through the plugin console, end to end over HTTP: a Swagger 2.0 document
converted and registered with OAuth, debugged before and after authorizing in the browser (the
provider redirects to the gateway's callback), published, called online by the agent runtime as
the same user, and revoked. Real processes (gateway, plugin service), a real tool server and a real
OAuth provider started by the test."""

from __future__ import annotations

import json

import asyncpg
import grpc
import httpx
import pytest

from atelier_common.auth import RequestContext, to_metadata
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_devstack.tool_servers import OAuthServer, ToolServer
from atelier_proto import plugin_pb2 as ppb
from atelier_proto import plugin_pb2_grpc

pytestmark = pytest.mark.e2e


def swagger(tool_server: ToolServer) -> str:
    return json.dumps({
        "swagger": "2.0", "info": {"title": "Calendar", "description": "Your events", "version": "1"},
        "host": f"{tool_server.host}:{tool_server.port}", "basePath": "/v2", "schemes": ["http"],
        "paths": {"/events": {"get": {
            "operationId": "list_events", "summary": "Events of a day",
            "parameters": [{"name": "day", "in": "query", "type": "string", "format": "date", "required": True}],
            "responses": {"200": {"description": "OK"}}}}},
    })


async def admin_id(stack: KnowledgeStack) -> int:
    conn = await asyncpg.connect(stack.env["ATELIER_DATABASE_URL"])
    try:
        return await conn.fetchval("SELECT id FROM gateway.users WHERE name = 'admin'")
    finally:
        await conn.close()


async def test_convert_register_authorize_debug_publish_call_revoke(plugin_stack: KnowledgeStack) -> None:
    with ToolServer() as tools, OAuthServer() as idp:
        tools.respond("GET", "/v2/events", [{"title": "standup", "at": "09:30"}])
        async with plugin_stack.client() as console:
            await run_journey(console, plugin_stack, tools, idp)


async def run_journey(console: AtelierClient, stack: KnowledgeStack, tools: ToolServer, idp: OAuthServer) -> None:
    space = console.space_id
    converted = await console.call("/api/plugin_api/convert_to_openapi", {"space_id": space, "data": swagger(tools)})
    assert converted["plugin_data_format"] == 4  # Swagger
    manifest = {**json.loads(converted["ai_plugin"]), "auth": {
        "type": "oauth", "sub_type": "authorization_code", "payload": json.dumps({
            "client_id": idp.client_id, "client_secret": idp.client_secret, "client_url": idp.authorize_url,
            "authorization_url": idp.token_url, "scope": "calendar", "authorization_content_type": "application/json"})}}
    registered = await console.call("/api/plugin_api/register", {"space_id": space, "ai_plugin": json.dumps(manifest),
                                                                 "openapi": converted["openapi"]})
    plugin_id = registered["data"]["plugin_id"]
    listed = await console.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": space})
    api_id = listed["api_info"][0]["api_id"]
    debug = {"plugin_id": plugin_id, "api_id": api_id, "space_id": space, "operation": 1,
             "parameters": json.dumps({"day": "2025-03-01"})}

    # not authorized yet: the debug run says where to authorize, and nothing is called
    first = await console.call("/api/plugin_api/debug_api", debug)
    assert first["success"] is False and idp.authorize_url in first["reason"] and tools.requests == []
    status = await console.call("/api/plugin_api/get_oauth_status", {"plugin_id": plugin_id, "space_id": space})
    assert (status["is_oauth"], status["status"]) == (True, 2)

    # the developer opens the link: the provider approves and sends the browser to the gateway
    async with httpx.AsyncClient(trust_env=False, timeout=10, follow_redirects=True) as browser:
        landed = await browser.get(status["content"])
    assert landed.status_code == 200 and str(landed.url).startswith(f"{stack.gateway_url}/api/oauth/authorization_code")
    assert landed.headers["content-type"].startswith("text/html") and "Plugin authorized" in landed.text
    status = await console.call("/api/plugin_api/get_oauth_status", {"plugin_id": plugin_id, "space_id": space})
    assert status["status"] == 1

    second = await console.call("/api/plugin_api/debug_api", debug)
    assert second["success"] is True, second
    assert json.loads(second["resp"]) == [{"title": "standup", "at": "09:30"}]
    sent = tools.requests[-1]
    assert (sent.path, sent.query) == ("/v2/events", {"day": ["2025-03-01"]})
    assert sent.headers["authorization"] == f"Bearer {idp.access_tokens[-1]}"
    assert idp.access_tokens[-1] not in second["raw_req"]

    version = (await console.call("/api/plugin_api/publish_plugin", {"plugin_id": plugin_id, "space_id": space}
                                  ))["version_ts"]

    # the agent runtime, for a published agent chatted with by the same person (console id as text)
    user = str(await admin_id(stack))
    metadata = to_metadata(RequestContext(user_id=int(user), space_ids=frozenset({int(space)})))
    async with grpc.aio.insecure_channel(stack.env["ATELIER_PLUGIN_ADDR"]) as channel:
        stub = plugin_pb2_grpc.PluginServiceStub(channel)
        resolved = await stub.ResolveTools(ppb.ResolveToolsRequest(
            space_id=int(space), user_id=user, draft=False,
            refs=[ppb.ToolRef(plugin_id=int(plugin_id), api_id=int(api_id))]), metadata=metadata, timeout=30)
        assert [(t.name, t.version) for t in resolved.tools] == [("list_events", version)]
        schema = json.loads(resolved.tools[0].parameters)
        assert schema["required"] == ["day"] and schema["properties"]["day"]["format"] == "date"
        answer = await stub.InvokeTool(ppb.InvokeToolRequest(
            plugin_id=int(plugin_id), api_id=int(api_id), arguments='{"day": "2025-03-02"}', user_id=user,
            space_id=int(space), draft=False), metadata=metadata, timeout=30)
        assert answer.outcome == "ok" and tools.requests[-1].query == {"day": ["2025-03-02"]}

        # revoked in the console: the runtime gets an authorization link again
        await console.call("/api/plugin_api/revoke_auth_token", {"plugin_id": plugin_id, "space_id": space})
        answer = await stub.InvokeTool(ppb.InvokeToolRequest(
            plugin_id=int(plugin_id), api_id=int(api_id), arguments='{"day": "2025-03-02"}', user_id=user,
            space_id=int(space), draft=False, return_url="https://app.example/chat"), metadata=metadata, timeout=30)
    assert answer.outcome == "oauth_required" and answer.authorization_url.startswith(idp.authorize_url)
