"""Shared helpers of the plugin tests: the plugin service and the gateway as processes
(`plugin_stack`), a console client per test, another user, the runtime's gRPC calls, and the
local servers a plugin talks to (a recording tool server, an OAuth provider)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import asyncpg
import grpc
import pytest

from atelier_common.auth import INTERNAL, RequestContext, to_metadata
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user
from atelier_devstack.tool_servers import OAuthServer, ToolServer
from atelier_proto import plugin_pb2 as ppb
from atelier_proto import plugin_pb2_grpc


@pytest.fixture
async def client(plugin_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with plugin_stack.client() as api:
        yield api


@pytest.fixture(scope="session")
def stranger(plugin_stack: KnowledgeStack) -> tuple[str, str]:
    """Another user's token and space."""
    token, spaces = run_sync(new_user(plugin_stack.env["ATELIER_DATABASE_URL"]))
    return token, spaces[0]


@pytest.fixture
async def other(plugin_stack: KnowledgeStack, stranger: tuple[str, str]) -> AsyncIterator[AtelierClient]:
    async with AtelierClient(plugin_stack.gateway_url, stranger[0], stranger[1]) as api:
        yield api


@pytest.fixture
def tool_server() -> Iterator[ToolServer]:
    with ToolServer() as server:
        yield server


@pytest.fixture
def oauth_server() -> Iterator[OAuthServer]:
    with OAuthServer() as server:
        yield server


@pytest.fixture
async def plugin_db(plugin_stack: KnowledgeStack) -> AsyncIterator[asyncpg.Connection]:
    """A connection to the stack's database (to look at what is stored)."""
    conn = await asyncpg.connect(plugin_stack.env["ATELIER_DATABASE_URL"])
    try:
        yield conn
    finally:
        await conn.close()


class Runtime:
    """The agent runtime's calls (internal RPCs) as the admin user of the stack's space."""

    def __init__(self, stack: KnowledgeStack) -> None:
        self.addr = stack.env["ATELIER_PLUGIN_ADDR"]
        self.space_id = int(stack.space_id)
        self.metadata = to_metadata(RequestContext(user_id=1, space_ids=frozenset({self.space_id})))

    def _metadata(self, internal: bool) -> list[tuple[str, str]]:
        return to_metadata(INTERNAL) if internal else self.metadata

    async def resolve(self, refs: list[ppb.ToolRef], *, draft: bool = True, user_id: str = "end-user-1",
                      space_id: int | None = None, internal: bool = False) -> ppb.ResolveToolsResponse:
        request = ppb.ResolveToolsRequest(space_id=space_id or self.space_id, user_id=user_id, refs=refs, draft=draft)
        async with grpc.aio.insecure_channel(self.addr) as channel:
            return await plugin_pb2_grpc.PluginServiceStub(channel).ResolveTools(
                request, metadata=self._metadata(internal), timeout=30)

    async def invoke(self, plugin_id: str | int, api_id: str | int, arguments: dict[str, Any] | str, *,
                     draft: bool = True, user_id: str = "end-user-1", space_id: int | None = None,
                     internal: bool = False, **fields: Any) -> ppb.InvokeToolResponse:
        request = ppb.InvokeToolRequest(
            plugin_id=int(plugin_id), api_id=int(api_id), user_id=user_id, draft=draft,
            arguments=arguments if isinstance(arguments, str) else json.dumps(arguments),
            space_id=space_id or self.space_id, **fields)
        async with grpc.aio.insecure_channel(self.addr) as channel:
            return await plugin_pb2_grpc.PluginServiceStub(channel).InvokeTool(
                request, metadata=self._metadata(internal), timeout=30)


@pytest.fixture
def runtime(plugin_stack: KnowledgeStack) -> Runtime:
    return Runtime(plugin_stack)


def weather_document(server_url: str, **extra_paths: Any) -> str:
    """An OpenAPI 3 document (YAML) of a small weather API at `server_url`: a GET with path, query and
    header parameters, and a POST whose JSON body is a $ref'd schema."""
    import yaml

    document = {
        "openapi": "3.0.3",
        "info": {"title": "Weather", "description": "Forecasts and notes", "version": "1.0"},
        "servers": [{"url": server_url}],
        "paths": {
            "/weather/{city}": {"get": {
                "operationId": "get_weather", "summary": "Weather of a city",
                "parameters": [
                    {"name": "city", "in": "path", "required": True, "schema": {"type": "string"},
                     "description": "the city"},
                    {"name": "days", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 10}},
                    {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
                "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {"temp": {"type": "number"}, "sky": {"type": "string"}}}}}}}}},
            "/notes": {"post": {
                "operationId": "create_note", "summary": "Write a note",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Note"}}}},
                "responses": {"201": {"description": "Created"}}}},
            **extra_paths,
        },
        "components": {"schemas": {"Note": {"type": "object", "required": ["title"], "properties": {
            "title": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}}}},
    }
    return yaml.safe_dump(document, sort_keys=False)


def manifest(name: str, auth: dict[str, Any] | None = None, **fields: Any) -> str:
    return json.dumps({"schema_version": "v1", "name_for_model": "weather", "name_for_human": name,
                       "description_for_model": "weather", "description_for_human": "Weather for people",
                       "auth": auth or {"type": "none"}, "logo_url": "", "api": {"type": "openapi"}, **fields})


class Registrar:
    """Registers plugins through the console: plugin id and its tools' ids by name."""

    def __init__(self, client: AtelierClient) -> None:
        self.client = client

    async def __call__(self, openapi: str, *, auth: dict[str, Any] | None = None, name: str = "", **fields: Any
                       ) -> tuple[str, dict[str, str]]:
        import uuid

        name = name or f"weather-{uuid.uuid4().hex[:8]}"
        reply = await self.client.call("/api/plugin_api/register", {
            "space_id": self.client.space_id, "ai_plugin": manifest(name, auth), "openapi": openapi, **fields})
        plugin_id = reply["data"]["plugin_id"]
        return plugin_id, await self.tools(plugin_id)

    async def tools(self, plugin_id: str) -> dict[str, str]:
        listed = await self.client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id,
                                                                            "space_id": self.client.space_id})
        return {t["name"]: t["api_id"] for t in listed.get("api_info", [])}

    async def debug(self, plugin_id: str, api_id: str, parameters: dict[str, Any], operation: int = 1
                    ) -> dict[str, Any]:
        return await self.client.call("/api/plugin_api/debug_api", {
            "plugin_id": plugin_id, "api_id": api_id, "space_id": self.client.space_id,
            "parameters": json.dumps(parameters), "operation": operation})


@pytest.fixture
def register(client: AtelierClient) -> Registrar:
    return Registrar(client)


@pytest.fixture
def weather_api():  # noqa: ANN201 - the document maker: weather_api(server_url, **extra_paths) -> YAML
    return weather_document
