"""The plugins an agent can bind (Coze's playground plugin list, the agent editor's picker): the
built-in plugins first (`is_official`, in every space), then the space's own plugins, each with the
enabled tools of its draft (what a draft agent uses; a published agent uses the online version,
whose version_ts is given) and their parameters."""

from __future__ import annotations

from atelier_common import paging
from atelier_common.auth import current_context, require_space
from atelier_plugin import api_params, apis, rendering
from atelier_plugin.builtin_plugins import tools as builtin_tools
from atelier_plugin.domain.builtin import catalog
from atelier_plugin.domain.builtin.catalog import BuiltinPlugin
from atelier_plugin.entities import Plugin, PluginVersion
from atelier_plugin.state import PluginState
from atelier_plugin.store import plugins as plugin_rows
from atelier_plugin.store import tools as tool_rows
from atelier_plugin.store import versions as version_rows
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import CreationMethod, PluginKind, PluginType

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100


def _filter(req: ppb.GetPlaygroundPluginListRequest, caller: int) -> plugin_rows.SpaceFilter:
    return plugin_rows.SpaceFilter(
        name=req.name.strip() if req.HasField("name") else "", plugin_ids=list(req.plugin_ids) or None,
        plugin_types=list(req.plugin_types) or None, creator_id=caller if req.self_created else None,
        by_created=req.HasField("order_by") and req.order_by == 1)


def _builtins(where: plugin_rows.SpaceFilter) -> list[BuiltinPlugin]:
    """The built-in plugins the filter lets through (none when only the caller's own are asked)."""
    if where.creator_id is not None or (where.plugin_types is not None and PluginType.PLUGIN not in where.plugin_types):
        return []
    return [p for p in catalog.PLUGINS if where.name.lower() in p.name.lower()
            and (where.plugin_ids is None or p.id in where.plugin_ids)]


async def plugin_list(state: PluginState, req: ppb.GetPlaygroundPluginListRequest
                      ) -> ppb.GetPlaygroundPluginListResponse:
    require_space(req.space_id)
    caller = current_context().user_id
    page = paging.page(req.page if req.HasField("page") else None, req.size if req.HasField("size") else None,
                       default_size=DEFAULT_PAGE_SIZE, max_size=MAX_PAGE_SIZE)
    where = _filter(req, caller)
    builtins = _builtins(where)
    listed = [_builtin_entry(p) for p in builtins[page.offset:page.offset + page.size]]
    async with state.deps.pool.acquire() as conn:
        stored, stored_total = await plugin_rows.in_space(conn, req.space_id, where,
                                                          offset=max(0, page.offset - len(builtins)),
                                                          limit=page.size - len(listed))
        tools = await tool_rows.of_plugins(conn, [p.id for p in stored])
        online = await version_rows.get_many(conn, [(p.id, p.online_version) for p in stored if p.online_version])
    for plugin in stored:
        enabled = [t for t in tools.get(plugin.id, []) if not t.disabled]
        listed.append(await _entry(state, plugin, apis.draft_api_infos(state, plugin, enabled, ()),
                                   online.get(plugin.id), caller))
    return ppb.GetPlaygroundPluginListResponse(data=ppb.GetPlaygroundPluginListData(
        plugin_list=listed, total=len(builtins) + stored_total))


def _apis(plugin_name: str, infos: list[ppb.PluginAPIInfo]) -> list[ppb.PluginApi]:
    return [ppb.PluginApi(name=i.name, desc=i.desc, parameters=api_params.as_plugin_parameters(i.request_params),
                          plugin_id=i.plugin_id, plugin_name=plugin_name, api_id=i.api_id,
                          function_name=i.function_name) for i in infos]


async def _entry(state: PluginState, plugin: Plugin, infos: list[ppb.PluginAPIInfo], online: PluginVersion | None,
                 caller: int) -> ppb.PluginInfoForPlayground:
    settings = plugin.settings
    return ppb.PluginInfoForPlayground(
        id=plugin.id, name=settings.name, desc_for_human=settings.description,
        plugin_icon=await rendering.icon_url(state.deps, settings.icon_uri), plugin_type=plugin.plugin_type,
        plugin_apis=_apis(settings.name, infos), create_time=str(int(plugin.created_at.timestamp())),
        update_time=str(int(plugin.updated_at.timestamp())),
        creator=ppb.Creator(id=plugin.creator_id, is_self=plugin.creator_id == caller), space_id=plugin.space_id,
        creation_method=plugin.creation_method, kind=str(settings.kind), published=online is not None,
        version_ts=online.version if online else "", version_name=online.version_name if online else "")


def _builtin_entry(plugin: BuiltinPlugin) -> ppb.PluginInfoForPlayground:
    return ppb.PluginInfoForPlayground(
        id=plugin.id, name=plugin.name, desc_for_human=plugin.description, plugin_type=PluginType.PLUGIN,
        plugin_apis=_apis(plugin.name, apis.builtin_api_infos(builtin_tools(plugin))), creator=ppb.Creator(),
        creation_method=CreationMethod.COZE, kind=str(PluginKind.Builtin), is_official=True, published=True)
