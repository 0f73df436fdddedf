"""A draft's tools from the console (Coze calls them APIs): list, create, update, delete. Each edit
writes the operation into the draft's OpenAPI document, which must still parse; the tool rows
follow the document, the draft's edit_version goes up, and a changed tool must pass a debug run
again before publishing."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from atelier_common import paging
from atelier_common.errors import Conflict, InvalidArgument
from atelier_plugin import access, api_params, builtin_plugins, rendering
from atelier_plugin import document as documents
from atelier_plugin.document import ToolChanges
from atelier_plugin.domain.errors import PluginSpecError
from atelier_plugin.entities import Plugin, PluginSettings, PluginView, Tool
from atelier_plugin.state import PluginState
from atelier_plugin.store import Conn
from atelier_plugin.store import plugins as plugin_rows
from atelier_plugin.store import tools as tool_rows
from atelier_plugin.store import versions as version_rows
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import APIListOrder, APIMethod, PluginKind

MAX_PAGE_SIZE = 100


async def list_apis(state: PluginState, req: ppb.GetPluginAPIsRequest) -> ppb.GetPluginAPIsResponse:
    builtin = builtin_plugins.view(req.plugin_id, req.space_id)
    if builtin is not None:
        return _builtin_apis(builtin, req)
    pool = state.deps.pool
    plugin = await access.plugin(pool, req.plugin_id, space_id=req.space_id)
    tools = await tool_rows.of_plugin(pool, plugin.id)
    online = await version_rows.get(pool, plugin.id, plugin.online_version) if plugin.online_version else None
    online_ids = {t.id for t in online.tools} if online else set()
    chosen, total = _chosen(req, tools)
    return ppb.GetPluginAPIsResponse(api_info=draft_api_infos(state, plugin, chosen, online_ids), total=total,
                                     edit_version=plugin.edit_version)


def draft_api_infos(state: PluginState, plugin: Plugin, tools: list[Tool], online_ids: Collection[int]
                    ) -> list[ppb.PluginAPIInfo]:
    """Tools of the plugin's draft as the console shows them."""
    if plugin.settings.kind == PluginKind.Mcp:
        return [rendering.mcp_api_info(t, online_ids) for t in tools]
    spec = state.specs.get(plugin.id, f"draft:{plugin.edit_version}", plugin.settings.openapi)
    return [rendering.api_info(t, plugin.settings.openapi, documents.tool_spec(spec, t), online_ids) for t in tools]


def builtin_api_infos(tools: Collection[Tool]) -> list[ppb.PluginAPIInfo]:
    """A built-in plugin's tools: always online, their parameters from their schemas."""
    listed = []
    for tool in tools:
        spec = builtin_plugins.spec(tool)
        assert spec is not None
        listed.append(rendering.schema_api_info(tool, spec.description, spec.input_schema, {tool.id}))
    return listed


def _builtin_apis(view: PluginView, req: ppb.GetPluginAPIsRequest) -> ppb.GetPluginAPIsResponse:
    chosen, total = _chosen(req, list(view.tools))
    return ppb.GetPluginAPIsResponse(api_info=builtin_api_infos(chosen), total=total)


def _chosen(req: ppb.GetPluginAPIsRequest, tools: list[Tool]) -> tuple[list[Tool], int]:
    """The tools the request asks for (by id, else a page), and how many there are."""
    if req.api_ids:
        wanted = set(req.api_ids)
        chosen = [t for t in tools if t.id in wanted]
        total = len(chosen)
    else:
        if req.HasField("order") and req.order == APIListOrder.Name:
            tools.sort(key=lambda t: t.name)
        page = paging.page(req.page if req.HasField("page") else None, req.size if req.HasField("size") else None,
                           default_size=MAX_PAGE_SIZE, max_size=MAX_PAGE_SIZE)
        chosen = tools[page.offset:page.offset + page.size]
        total = len(tools)
    return chosen, total


def _method(value: int, field: str = "method") -> str:
    try:
        return APIMethod(value).name.lower()
    except ValueError:
        raise InvalidArgument(f"field '{field}': {value} is not 1 (GET), 2 (POST), 3 (PUT), 4 (DELETE) or 5 (PATCH)"
                              ) from None


def _clash(tools: list[Tool], name: str, method: str, path: str, itself: int = 0) -> None:
    for other in tools:
        if other.id == itself:
            continue
        if other.name == name:
            raise Conflict(f"the plugin already has a tool named '{name}'")
        if (other.method, other.path) == (method, path):
            raise Conflict(f"the plugin already has a tool for {method.upper()} {path} ('{other.name}')")


def _openapi_only(plugin: Plugin) -> None:
    if plugin.settings.kind != PluginKind.Openapi:
        raise InvalidArgument("the tools of an MCP plugin come from its server; they cannot be edited here")


async def save_document(state: PluginState, conn: Conn, plugin: Plugin, openapi: dict[str, Any],
                        existing: list[Tool], touched: Collection[tuple[str, str]] = (), *,
                        settings: PluginSettings | None = None, secrets_sealed: bytes | None = None) -> int:
    """Store the draft's new document (it must parse; with new `settings` and secrets when given)
    and make the tool rows follow it; the new edit_version."""
    try:
        spec = documents.parse(openapi)
    except PluginSpecError as exc:
        raise InvalidArgument(f"the tool does not fit the plugin's document: {exc.msg}") from None
    changes = documents.sync_tools(spec, existing, iter(state.deps.ids.next_id, None), plugin.id, touched)
    edit_version = await plugin_rows.save_draft(
        conn, plugin.id, replace(settings or plugin.settings, openapi=openapi),
        secrets_sealed if settings is not None else plugin.secrets_sealed)
    await apply_tool_changes(conn, changes)
    return edit_version


async def apply_tool_changes(conn: Conn, changes: ToolChanges) -> None:
    await tool_rows.delete(conn, changes.delete)
    for tool in changes.update:
        await tool_rows.update(conn, tool)
    for tool in changes.insert:
        await tool_rows.insert(conn, tool)


async def create_api(state: PluginState, req: ppb.CreateAPIRequest) -> tuple[int, int]:
    """(tool id, edit_version). Without path and method the tool gets a placeholder route
    (POST /<name>) to edit later."""
    builtin_plugins.refuse_change(req.plugin_id, "have tools added")
    name = api_params.check_tool_name(req.name)
    path = api_params.check_path(req.path) if req.HasField("path") and req.path.strip() else f"/{name}"
    method = _method(req.method) if req.HasField("method") else "post"
    operation = api_params.operation_of(name=name, desc=req.desc.strip(), path=path,
                                        request=list(req.request_params), response=list(req.response_params))
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin = await access.plugin(conn, req.plugin_id, space_id=req.space_id, for_update=True)
        _openapi_only(plugin)
        existing = await tool_rows.of_plugin(conn, plugin.id)
        _clash(existing, name, method, path)
        openapi = documents.with_operation(plugin.settings.openapi, path, method, operation)
        edit_version = await save_document(state, conn, plugin, openapi, existing, {(method, path)})
        created = next(t for t in await tool_rows.of_plugin(conn, plugin.id) if (t.method, t.path) == (method, path))
        if req.disabled:
            await tool_rows.update(conn, replace(created, disabled=True))
        return created.id, edit_version


def _given_params(params: Any, field: str, sent_empty: frozenset[str]) -> list[ppb.APIParameter] | None:
    """The parameters a request gives; None when it leaves them as they are."""
    return list(params) if params or field in sent_empty else None


async def update_api(state: PluginState, req: ppb.UpdateAPIRequest, sent_empty: frozenset[str] = frozenset()) -> int:
    """sent_empty: the parameter lists sent as [] (atelier_common.sent_empty), which the tool then has none of."""
    builtin_plugins.refuse_change(req.plugin_id, "have its tools edited")
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin = await access.plugin(conn, req.plugin_id, space_id=req.space_id, for_update=True)
        _openapi_only(plugin)
        existing = await tool_rows.of_plugin(conn, plugin.id)
        tool = await access.draft_tool(conn, plugin.id, req.api_id)
        name = api_params.check_tool_name(req.name) if req.HasField("name") else tool.name
        path = api_params.check_path(req.path) if req.HasField("path") else tool.path
        method = _method(req.method) if req.HasField("method") else tool.method
        _clash(existing, name, method, path, itself=tool.id)
        openapi = plugin.settings.openapi
        current = documents.operation(openapi, tool.path, tool.method) or {}
        # A list neither given nor sent empty keeps what the tool has, unless the tool moves (then
        # its parameters are checked against the new path).
        request = _given_params(req.request_params, "request_params", sent_empty)
        if request is None and path != tool.path:
            request = api_params.request_params(openapi, tool.path, tool.method)
        operation = api_params.operation_of(name=name, desc=req.desc.strip() if req.HasField("desc") else None,
                                            path=path, request=request,
                                            response=_given_params(req.response_params, "response_params",
                                                                   sent_empty),
                                            base=current)
        disabled = req.disabled if req.HasField("disabled") else tool.disabled
        if (operation, path, method) == (current, tool.path, tool.method):
            if disabled == tool.disabled:
                return plugin.edit_version
            await tool_rows.update(conn, replace(tool, disabled=disabled))
            return await plugin_rows.touch_draft(conn, plugin.id)
        openapi = documents.with_operation(openapi, path, method, operation, replacing=(tool.path, tool.method))
        moved = replace(tool, method=method, path=path, disabled=disabled)
        await tool_rows.update(conn, moved)  # the row follows its operation to the new route, keeping its id
        existing = [moved if t.id == tool.id else t for t in existing]
        return await save_document(state, conn, plugin, openapi, existing, {(method, path)})


async def delete_api(state: PluginState, req: ppb.DeleteAPIRequest) -> int:
    builtin_plugins.refuse_change(req.plugin_id, "have its tools deleted")
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin = await access.plugin(conn, req.plugin_id, space_id=req.space_id, for_update=True)
        _openapi_only(plugin)
        tool = await access.draft_tool(conn, plugin.id, req.api_id)
        openapi = documents.without_operation(plugin.settings.openapi, tool.path, tool.method)
        return await save_document(state, conn, plugin, openapi, await tool_rows.of_plugin(conn, plugin.id))
