"""The agent runtime's RPCs: an agent's bound tools as model tools (ResolveTools), and tool calls
(InvokeTool). Every plugin must be in the agent's space (which the caller must reach), built-in
ones are in every space; a draft agent uses the plugins' drafts, a published one their online
versions (a built-in is the same in both). Problems with one tool never fail the others:
ResolveTools lists them as unresolved (with the kind of problem, which the agent acts on when a
configuration gains a tool), InvokeTool answers outcome `failed`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from atelier_common.auth import require_space
from atelier_common.errors import InvalidArgument
from atelier_plugin import builtin_plugins
from atelier_plugin.domain.errors import ToolArgumentsError
from atelier_plugin.domain.naming import unique_names
from atelier_plugin.entities import Plugin, PluginView
from atelier_plugin.oauth import protocol
from atelier_plugin.runtime import calls
from atelier_plugin.runtime.calls import AgentDefault
from atelier_plugin.runtime.results import CallResult
from atelier_plugin.state import PluginState
from atelier_plugin.store import Conn
from atelier_plugin.store import plugins as plugin_rows
from atelier_plugin.store import tools as tool_rows
from atelier_plugin.store import versions as version_rows
from atelier_plugin.view_cache import Loaded
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import InvokeOutcome, PluginKind, UnresolvedProblem


def _defaults(given: Sequence[ppb.ToolDefaultParam]) -> list[AgentDefault]:
    return [AgentDefault(d.name, d.value, d.hidden) for d in given]


async def _views(conn: Conn, plugins: dict[int, Plugin], draft: bool) -> dict[int, PluginView]:
    """The draft or online view of each plugin (a plugin never published has no online view)."""
    if draft:
        tools = await tool_rows.of_plugins(conn, list(plugins))
        return {pid: PluginView(plugin_id=pid, space_id=p.space_id, version="", settings=p.settings,
                                secrets_sealed=p.secrets_sealed, tools=tuple(tools.get(pid, ())),
                                edit_version=p.edit_version)
                for pid, p in plugins.items()}
    online = await version_rows.get_many(conn, [(pid, p.online_version) for pid, p in plugins.items()
                                                if p.online_version])
    return {pid: PluginView(plugin_id=pid, space_id=plugins[pid].space_id, version=v.version, settings=v.settings,
                            secrets_sealed=v.secrets_sealed, tools=v.tools)
            for pid, v in online.items()}


@dataclass(frozen=True)
class WhyNot:
    """Why a ref gives no tool: the kind (for callers that act on it) and the words (for people)."""

    problem: UnresolvedProblem
    reason: str


async def _found(state: PluginState, plugin_ids: set[int], space_id: int, draft: bool
                 ) -> tuple[dict[int, str], dict[int, PluginView]]:
    """The name of each plugin in the space (built-ins are in every space), and the view a draft or
    online agent uses of each that has one."""
    builtins = {pid: view for pid in plugin_ids if (view := builtin_plugins.view(pid, space_id)) is not None}
    loaded = await _loaded_many(state, [pid for pid in plugin_ids if pid not in builtins], draft)
    mine = {pid: got for pid, got in loaded.items() if got.plugin.space_id == space_id}
    names = {pid: got.plugin.settings.name for pid, got in mine.items()}
    views = {pid: got.view for pid, got in mine.items() if got.view is not None}
    return names | {pid: v.settings.name for pid, v in builtins.items()}, views | builtins


async def _loaded_many(state: PluginState, plugin_ids: list[int], draft: bool) -> dict[int, Loaded]:
    """The stored plugins among `plugin_ids` with their draft or online views: kept until a plugin
    changes; those not kept are read as of one moment, so what is kept matches one state of each."""
    found = {pid: got for pid in plugin_ids if (got := state.views.get(pid, draft)) is not None}
    missing = [pid for pid in plugin_ids if pid not in found]
    if not missing:
        return found
    ticket = state.views.ticket()
    async with state.deps.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        stored = await plugin_rows.get_many(conn, missing)
        views = await _views(conn, stored, draft)
    for pid, plugin in stored.items():
        found[pid] = Loaded(plugin, views.get(pid))
        state.views.put(pid, draft, found[pid], ticket)
    return found


def _why_not(name: str | None, view: PluginView | None, plugin_id: int, api_id: int, space_id: int,
             draft: bool) -> WhyNot | None:
    """Why a ref gives no tool (None when it does); `name` is None for a plugin not in the space."""
    if name is None:
        return WhyNot(UnresolvedProblem.PluginNotFound, f"plugin {plugin_id} not found in space {space_id}")
    if view is None:
        return WhyNot(UnresolvedProblem.NotPublished, f"plugin '{name}' has no published version")
    tool = view.tool(api_id)
    if tool is None:
        where = "" if view.settings.kind == PluginKind.Builtin else \
            " (its draft)" if draft else f" (its online version {view.version})"
        return WhyNot(UnresolvedProblem.ToolNotFound, f"tool {api_id} not found in plugin '{name}'{where}")
    if tool.disabled:
        return WhyNot(UnresolvedProblem.ToolDisabled, f"tool '{tool.name}' of plugin '{name}' is disabled")
    return None


async def resolve(state: PluginState, req: ppb.ResolveToolsRequest) -> ppb.ResolveToolsResponse:
    require_space(req.space_id)
    names, found = await _found(state, {r.plugin_id for r in req.refs}, req.space_id, req.draft)
    resolved: list[ppb.ResolvedTool] = []
    unresolved: list[ppb.UnresolvedTool] = []
    for ref in req.refs:
        view = found.get(ref.plugin_id)
        why = _why_not(names.get(ref.plugin_id), view, ref.plugin_id, ref.api_id, req.space_id, req.draft)
        if why is None:
            assert view is not None
            tool = view.tool(ref.api_id)
            assert tool is not None
            try:
                spec, shown = calls.model_tool(state, view, tool, _defaults(ref.default_params))
            except ToolArgumentsError as exc:
                why = WhyNot(UnresolvedProblem.InvalidDefault, str(exc))
            except calls.ToolUnavailable as exc:
                why = WhyNot(UnresolvedProblem.ToolNotInDocument, str(exc))
            else:
                resolved.append(ppb.ResolvedTool(
                    plugin_id=ref.plugin_id, api_id=ref.api_id, name=tool.name, description=spec.description,
                    parameters=json.dumps(calls.model_schema(spec, shown), ensure_ascii=False),
                    plugin_name=view.settings.name, version=view.version))
        if why is not None:
            unresolved.append(ppb.UnresolvedTool(plugin_id=ref.plugin_id, api_id=ref.api_id, reason=why.reason,
                                                 problem=why.problem))
    for tool, name in zip(resolved, unique_names(t.name for t in resolved), strict=True):
        tool.name = name  # two plugins may both have a "search"
    return ppb.ResolveToolsResponse(tools=resolved, unresolved=unresolved)


async def _loaded(state: PluginState, plugin_id: int, space_id: int, draft: bool) -> Loaded | None:
    """The plugin of the space and its draft or online view."""
    got = (await _loaded_many(state, [plugin_id], draft)).get(plugin_id)
    return got if got is not None and got.plugin.space_id == space_id else None


async def invoke(state: PluginState, req: ppb.InvokeToolRequest) -> ppb.InvokeToolResponse:
    require_space(req.space_id)
    if (problem := protocol.return_url_problem(req.return_url)) is not None:
        raise InvalidArgument(f"field 'return_url': {problem}, not {req.return_url!r}")
    view = builtin_plugins.view(req.plugin_id, req.space_id)
    name = view.settings.name if view is not None else None
    if view is None:
        loaded = await _loaded(state, req.plugin_id, req.space_id, req.draft)
        if loaded is not None:
            name, view = loaded.plugin.settings.name, loaded.view
    why = _why_not(name, view, req.plugin_id, req.api_id, req.space_id, req.draft)
    if why is not None:
        return ppb.InvokeToolResponse(outcome=InvokeOutcome.Failed, error=why.reason,
                                      result_for_model=f"The tool call failed: {why.reason}")
    assert view is not None
    tool = view.tool(req.api_id)
    assert tool is not None
    result = await calls.call(state, view, tool, req.arguments, user_key=req.user_id,
                              defaults=_defaults(req.default_params), return_url=req.return_url)
    return response(result)


def response(result: CallResult) -> ppb.InvokeToolResponse:
    return ppb.InvokeToolResponse(
        outcome=result.outcome, status_code=result.status_code, result_for_model=result.result_for_model,
        body=result.body.decode("utf-8", errors="replace"), request=result.request_json(),
        authorization_url=result.authorization_url, error=result.error, truncated=result.truncated,
        plugin_name=result.plugin_name, tool_name=result.tool_name)
