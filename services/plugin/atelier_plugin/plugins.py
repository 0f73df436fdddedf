"""Plugin drafts from the console: created from a form (register_plugin_meta), read, edited, deleted.
Plugins from a document (register, update) are in `imports`."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from atelier_common.auth import current_context, require_space
from atelier_common.errors import InvalidArgument
from atelier_common.names import display_name
from atelier_plugin import access, apis, auth_settings, builtin_plugins, mcp_tool_list, rendering, views
from atelier_plugin import document as documents
from atelier_plugin.entities import (
    AuthConfig,
    CommonParam,
    Credentials,
    McpServer,
    PluginSettings,
    secrets_row,
)
from atelier_plugin.mcp import McpTool
from atelier_plugin.state import PluginState
from atelier_plugin.store import Conn
from atelier_plugin.store import plugins as plugin_rows
from atelier_plugin.store import tokens as token_rows
from atelier_plugin.store import tools as tool_rows
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import CreationMethod, ParameterLocation, PluginKind, PluginType

MAX_NAME_LEN = 100
MAX_DESC_LEN = 2000
MCP_TRANSPORTS = ("streamable_http",)


def valid_name(name: str, field: str = "name") -> str:
    return display_name(name, field, max_chars=MAX_NAME_LEN)


def valid_desc(desc: str, field: str = "desc") -> str:
    desc = desc.strip()
    if len(desc) > MAX_DESC_LEN:
        raise InvalidArgument(f"field '{field}': at most {MAX_DESC_LEN} characters")
    return desc


def valid_server_url(url: str, field: str = "url") -> str:
    url = url.strip().rstrip("/")
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidArgument(f"field '{field}': {url!r} is not an http or https URL")
    return url


def common_params(given: list[ppb.CommonParam]) -> tuple[CommonParam, ...]:
    out = []
    for i, param in enumerate(given):
        if param.location not in {p.value for p in ParameterLocation}:
            raise InvalidArgument(f"field 'common_params[{i}].location': {param.location} is not 1..4")
        if not param.name.strip():
            raise InvalidArgument(f"field 'common_params[{i}].name': required")
        out.append(CommonParam(ParameterLocation(param.location), param.name.strip(), param.value))
    return tuple(out)


def mcp_server(config: ppb.McpServerConfig) -> tuple[McpServer, dict[str, str]]:
    """The server (header names only) and its header values (credentials)."""
    if config.transport not in MCP_TRANSPORTS:
        raise InvalidArgument(f"field 'mcp_server.transport': {config.transport!r} is not one of "
                              f"{', '.join(MCP_TRANSPORTS)} (stdio servers are an operator's setting)")
    url = valid_server_url(config.url, "mcp_server.url")
    if not url:
        raise InvalidArgument("field 'mcp_server.url': required")
    headers = dict(config.headers)
    return McpServer(transport=config.transport, url=config.url.strip(), header_names=tuple(sorted(headers))), headers


def _form_auth(req: ppb.RegisterPluginMetaRequest | ppb.UpdatePluginMetaRequest) -> tuple[AuthConfig, Credentials]:
    return auth_settings.from_form(
        auth_type=req.auth_type if req.HasField("auth_type") else None,
        sub_auth_type=req.sub_auth_type if req.HasField("sub_auth_type") else None,
        location=req.location if req.HasField("location") else None, key=req.key, service_token=req.service_token,
        oauth_info=req.oauth_info, auth_payload=req.auth_payload)


async def register_meta(state: PluginState, req: ppb.RegisterPluginMetaRequest) -> int:
    """A plugin from the console's form: no tools yet (create_api adds them), or an MCP server's."""
    require_space(req.space_id)
    config, credentials = _form_auth(req)
    kind, server, headers = PluginKind.Openapi, None, {}
    if req.HasField("mcp_server"):
        kind = PluginKind.Mcp
        server, headers = mcp_server(req.mcp_server)
    credentials = Credentials(credentials.service_token, credentials.client_secret, headers)
    auth_settings.require_secrets(config, credentials)
    settings = PluginSettings(kind=kind, name=valid_name(req.name), description=valid_desc(req.desc),
                              icon_uri=req.icon.uri, server_url=valid_server_url(req.url), auth=config,
                              common_params=common_params(list(req.common_params)), mcp_server=server)
    if kind == PluginKind.Openapi:
        if not settings.server_url:
            raise InvalidArgument("field 'url': the plugin's server URL is required")
        settings = replace(settings, openapi=documents.empty(settings.name, settings.description, settings.server_url))
    listed = await mcp_tool_list.fetch(state.mcp, server, headers) if server is not None else []
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin_id = await create(state, space_id=req.space_id, settings=settings, credentials=credentials,
                                 plugin_type=req.plugin_type or PluginType.PLUGIN,
                                 creation_method=req.creation_method or CreationMethod.COZE, conn=conn)
        if listed:
            await apis.apply_tool_changes(conn, mcp_tool_list.sync(listed, [], iter(state.deps.ids.next_id, None),
                                                                   plugin_id))
    return plugin_id


async def create(state: PluginState, *, space_id: int, settings: PluginSettings, credentials: Credentials,
                 plugin_type: int, creation_method: int, conn: Conn | None = None) -> int:
    plugin_id = state.deps.ids.next_id()
    sealed = seal(state, plugin_id, credentials)
    await plugin_rows.insert(conn or state.deps.pool, id=plugin_id, space_id=space_id,
                             creator_id=current_context().user_id, plugin_type=plugin_type,
                             creation_method=creation_method, settings=settings, secrets_sealed=sealed)
    return plugin_id


def seal(state: PluginState, plugin_id: int, credentials: Credentials) -> bytes | None:
    doc = credentials.to_doc()
    return state.keyring.seal(doc, secrets_row(plugin_id)) if doc else None


async def update_meta(state: PluginState, req: ppb.UpdatePluginMetaRequest,
                      sent_empty: frozenset[str] = frozenset()) -> int:
    """Saving an MCP plugin's server config (the console's form sends it whole) also refreshes the
    plugin's tool list from that server. sent_empty: the list fields sent as [] (atelier_common.sent_empty)."""
    builtin_plugins.refuse_change(req.plugin_id, "be edited")
    listed = await _mcp_tools_after(state, req)
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin = await access.plugin(conn, req.plugin_id, space_id=req.space_id, for_update=True)
        settings = plugin.settings
        stored = views.credentials(state.keyring, plugin)
        credentials = stored
        changes: dict[str, object] = {}
        if req.HasField("name"):
            changes["name"] = valid_name(req.name)
        if req.HasField("desc"):
            changes["description"] = valid_desc(req.desc)
        if req.HasField("url"):
            changes["server_url"] = valid_server_url(req.url)
            if settings.kind == PluginKind.Openapi and changes["server_url"]:
                changes["openapi"] = documents.with_server(settings.openapi, str(changes["server_url"]))
        if req.HasField("icon"):
            changes["icon_uri"] = req.icon.uri
        # Given, sent empty (cleared), or part of the whole auth form that carries it.
        if req.common_params or "common_params" in sent_empty or req.HasField("auth_type"):
            changes["common_params"] = common_params(list(req.common_params))
        if req.HasField("auth_type") or req.HasField("auth_payload"):
            config, given = _form_auth(req)
            credentials = auth_settings.keep_stored(Credentials(given.service_token, given.client_secret,
                                                                stored.mcp_headers), stored)
            auth_settings.require_secrets(config, credentials)
            changes["auth"] = config
        if req.HasField("mcp_server"):
            if settings.kind != PluginKind.Mcp:
                raise InvalidArgument("field 'mcp_server': this plugin's tools come from its OpenAPI document")
            server, headers = mcp_server(req.mcp_server)
            credentials = auth_settings.keep_stored(
                Credentials(credentials.service_token, credentials.client_secret, headers), credentials)
            changes["mcp_server"] = server
        settings = replace(settings, **changes)
        if settings.kind == PluginKind.Openapi and not settings.server_url:
            raise InvalidArgument("field 'url': the plugin's server URL is required")
        if listed is not None:
            existing = await tool_rows.of_plugin(conn, plugin.id)
            await apis.apply_tool_changes(conn, mcp_tool_list.sync(listed, existing,
                                                                   iter(state.deps.ids.next_id, None), plugin.id))
        return await plugin_rows.save_draft(conn, plugin.id, settings, seal(state, plugin.id, credentials))


async def _mcp_tools_after(state: PluginState, req: ppb.UpdatePluginMetaRequest) -> list[McpTool] | None:
    """The tools of the MCP server the update names (listed before the draft is locked: a slow server
    must not hold the row); None when the update names none (an OpenAPI plugin is refused later)."""
    if not req.HasField("mcp_server"):
        return None
    plugin = await access.plugin(state.deps.pool, req.plugin_id, space_id=req.space_id)
    if plugin.settings.kind != PluginKind.Mcp:
        return None
    server, headers = mcp_server(req.mcp_server)
    stored = Credentials(mcp_headers=views.credentials(state.keyring, plugin).mcp_headers)
    headers = auth_settings.keep_stored(Credentials(mcp_headers=headers), stored).mcp_headers  # masked: kept
    return await mcp_tool_list.fetch(state.mcp, server, headers)


async def info(state: PluginState, req: ppb.GetPluginInfoRequest) -> ppb.GetPluginInfoResponse:
    builtin = builtin_plugins.view(req.plugin_id, req.space_id)
    if builtin is not None:
        return await _builtin_info(state, builtin.settings)
    plugin = await access.plugin(state.deps.pool, req.plugin_id, space_id=req.space_id)
    credentials = views.credentials(state.keyring, plugin)
    settings = plugin.settings
    caller = current_context().user_id
    response = ppb.GetPluginInfoResponse(
        meta_info=await rendering.meta_info(state.deps, settings, credentials),
        code_info=rendering.code_info(settings, credentials),
        status=plugin.draft_changed, published=plugin.online_version is not None,
        creator=ppb.Creator(id=plugin.creator_id, is_self=plugin.creator_id == caller),
        creation_method=plugin.creation_method, edit_version=plugin.edit_version, plugin_type=plugin.plugin_type)
    response.manifest.CopyFrom(_manifest_message(rendering.manifest(settings, credentials)))
    return response


async def _builtin_info(state: PluginState, settings: PluginSettings) -> ppb.GetPluginInfoResponse:
    """A built-in plugin: always usable (published, nothing unpublished), no creator, no document."""
    manifest = rendering.manifest(settings, Credentials())
    response = ppb.GetPluginInfoResponse(
        meta_info=await rendering.meta_info(state.deps, settings, Credentials()),
        code_info=ppb.CodeInfo(plugin_desc=json.dumps(manifest, ensure_ascii=False)), status=False, published=True,
        creator=ppb.Creator(), creation_method=CreationMethod.COZE, plugin_type=PluginType.PLUGIN)
    response.manifest.CopyFrom(_manifest_message(manifest))
    return response


def _manifest_message(doc: dict[str, Any]) -> ppb.PluginManifest:
    auth = doc.get("auth") or {}
    optional = {k: auth[k] for k in ("sub_type", "payload") if auth.get(k)}
    return ppb.PluginManifest(
        schema_version=doc.get("schema_version", "v1"), name_for_model=doc.get("name_for_model", ""),
        name_for_human=doc.get("name_for_human", ""), description_for_model=doc.get("description_for_model", ""),
        description_for_human=doc.get("description_for_human", ""), logo_url=doc.get("logo_url", ""),
        auth=ppb.ManifestAuth(type=auth.get("type", "none"), **optional),
        api=ppb.ManifestAPI(type="openapi"))


async def delete(state: PluginState, req: ppb.DelPluginRequest) -> None:
    builtin_plugins.refuse_change(req.plugin_id, "be deleted")
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin = await access.plugin(conn, req.plugin_id, space_id=req.space_id, for_update=True)
        await plugin_rows.soft_delete(conn, plugin.id)
        await token_rows.delete_plugin(conn, plugin.id)  # users' tokens serve nothing any more
