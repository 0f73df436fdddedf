"""Plugins and tools as the console's messages (PluginMetaInfo, CodeInfo, PluginAPIInfo, the
manifest); secrets always masked."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from atelier_common.service import ServiceDeps
from atelier_common.storage import InvalidKey
from atelier_plugin import api_params, auth_settings, document
from atelier_plugin.auth_settings import MASK
from atelier_plugin.domain.tools import ToolSpec
from atelier_plugin.entities import CommonParam, Credentials, PluginSettings, Tool
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import APIMethod, AuthorizationType, OnlineStatus, ParameterLocation, ServiceAuthSubType

_MANIFEST_COMMON_KEYS = {ParameterLocation.Header: "header", ParameterLocation.Query: "query",
                         ParameterLocation.Body: "body", ParameterLocation.Path: "path"}


async def icon_url(deps: ServiceDeps, icon_uri: str) -> str:
    """A URL a browser can open for a stored icon; "" for none, or for something that is not a key
    of our storage (the console may send a URL it has)."""
    if not icon_uri:
        return ""
    try:
        return await deps.storage.url(icon_uri)
    except InvalidKey:
        return icon_uri if icon_uri.startswith(("http://", "https://")) else ""


def manifest(settings: PluginSettings, credentials: Credentials) -> dict[str, Any]:
    """The ai_plugin manifest of the settings (the imported one, with the current name, description,
    auth and common parameters), secrets masked."""
    doc = dict(settings.manifest)
    doc.setdefault("schema_version", "v1")
    doc.setdefault("name_for_model", settings.name)
    doc["name_for_human"] = settings.name
    doc.setdefault("description_for_model", settings.description)
    doc["description_for_human"] = settings.description
    doc["logo_url"] = settings.icon_uri
    doc["api"] = {"type": "openapi"}
    doc["auth"] = auth_settings.manifest_auth(settings.auth, credentials)
    grouped: dict[str, list[dict[str, str]]] = {}
    for param in settings.common_params:
        grouped.setdefault(_MANIFEST_COMMON_KEYS[param.location], []).append({"name": param.name, "value": param.value})
    if grouped:
        doc["common_params"] = grouped
    else:
        doc.pop("common_params", None)
    return doc


def common_params_of_manifest(doc: dict[str, Any]) -> tuple[CommonParam, ...]:
    """The manifest's common_params ({header: [{name, value}], query: [...], ...})."""
    raw = doc.get("common_params") or {}
    if not isinstance(raw, dict):
        return ()
    by_key = {v: k for k, v in _MANIFEST_COMMON_KEYS.items()}
    return tuple(CommonParam(by_key[key], str(item.get("name", "")), str(item.get("value", "")))
                 for key, items in raw.items() if key in by_key and isinstance(items, list)
                 for item in items if isinstance(item, dict) and item.get("name"))


async def meta_info(deps: ServiceDeps, settings: PluginSettings, credentials: Credentials) -> ppb.PluginMetaInfo:
    auth = settings.auth
    info = ppb.PluginMetaInfo(
        name=settings.name, desc=settings.description, url=settings.server_url,
        icon=ppb.PluginIcon(uri=settings.icon_uri, url=await icon_url(deps, settings.icon_uri)),
        auth_type=[int(auth.type)], kind=str(settings.kind),
        common_params=[ppb.CommonParam(location=p.location, name=p.name, value=p.value) for p in settings.common_params])
    if auth.type != AuthorizationType.None_:
        info.sub_auth_type = int(auth.sub_type)
        info.auth_payload = json.dumps(auth_settings.payload(auth, credentials), ensure_ascii=False)
    if auth.is_service:
        info.location = int(auth.location or 0)
        info.key = auth.key
        info.service_token = MASK if credentials.service_token else ""
    if auth.type == AuthorizationType.OAuth and auth.sub_type != ServiceAuthSubType.ApiKey:
        info.oauth_info = info.auth_payload
    if settings.mcp_server is not None:
        info.mcp_server.CopyFrom(ppb.McpServerConfig(
            transport=settings.mcp_server.transport, url=settings.mcp_server.url,
            headers={name: MASK for name in settings.mcp_server.header_names}))
    return info


def code_info(settings: PluginSettings, credentials: Credentials) -> ppb.CodeInfo:
    return ppb.CodeInfo(plugin_desc=json.dumps(manifest(settings, credentials), ensure_ascii=False),
                        openapi_desc=document.to_yaml(settings.openapi),
                        client_id=settings.auth.client_id,
                        client_secret=MASK if credentials.client_secret else "",
                        service_token=MASK if credentials.service_token else "")


def api_info(tool: Tool, openapi: dict[str, Any], spec: ToolSpec | None, online_ids: Collection[int]
             ) -> ppb.PluginAPIInfo:
    return _api_info(
        tool, online_ids, desc=spec.description if spec else "",
        method=int(APIMethod[tool.method.upper()]) if tool.method.upper() in APIMethod.__members__ else 0,
        request_params=api_params.request_params(openapi, tool.path, tool.method),
        response_params=api_params.response_params(openapi, tool.path, tool.method))


def mcp_api_info(tool: Tool, online_ids: Collection[int]) -> ppb.PluginAPIInfo:
    """An MCP tool: `path` is its name on the server."""
    return schema_api_info(tool, tool.mcp.description if tool.mcp else "", tool.mcp.input_schema if tool.mcp else {},
                           online_ids)


def schema_api_info(tool: Tool, description: str, input_schema: dict[str, Any], online_ids: Collection[int]
                    ) -> ppb.PluginAPIInfo:
    """A tool whose arguments are one JSON schema (MCP, built-in): no HTTP method, its parameters
    are the schema's properties."""
    return _api_info(tool, online_ids, desc=description, method=0,
                     request_params=api_params.schema_params(input_schema), response_params=[])


def _api_info(tool: Tool, online_ids: Collection[int], *, desc: str, method: int,
              request_params: list[ppb.APIParameter], response_params: list[ppb.APIParameter]) -> ppb.PluginAPIInfo:
    return ppb.PluginAPIInfo(
        plugin_id=tool.plugin_id, api_id=tool.id, name=tool.name, desc=desc, path=tool.path, method=method,
        request_params=request_params, response_params=response_params,
        create_time=str(int(tool.created_at.timestamp())) if tool.created_at else "",
        debug_status=tool.debug_status, disabled=tool.disabled,
        online_status=OnlineStatus.ONLINE if tool.id in online_ids else OnlineStatus.OFFLINE,
        function_name=tool.name)
