"""The built-in plugins (domain.builtin.catalog) as the service works with plugins: a view in any
space (the same for a draft and an online agent: built-ins have no versions), their tools and
model specs, and the refusal of any change."""

from __future__ import annotations

from atelier_common.errors import PermissionDenied
from atelier_plugin.domain.builtin import catalog
from atelier_plugin.domain.builtin.catalog import BuiltinPlugin
from atelier_plugin.domain.schema_tools import SchemaToolSpec
from atelier_plugin.entities import PluginSettings, PluginView, Tool
from atelier_proto.enums import APIDebugStatus, PluginKind

BUILTIN_METHOD = "builtin"  # the method of a built-in tool (its path is its name)


def tools(plugin: BuiltinPlugin) -> tuple[Tool, ...]:
    # Debugged from the start: the console never asks for a debug run before use.
    return tuple(Tool(id=t.id, plugin_id=plugin.id, name=t.name, method=BUILTIN_METHOD, path=t.name,
                      debug_status=APIDebugStatus.DebugPassed) for t in plugin.tools)


def settings(plugin: BuiltinPlugin) -> PluginSettings:
    return PluginSettings(kind=PluginKind.Builtin, name=plugin.name, description=plugin.description)


def view(plugin_id: int, space_id: int) -> PluginView | None:
    """The built-in plugin as any space sees it; None when `plugin_id` is not a built-in."""
    plugin = catalog.plugin(plugin_id)
    if plugin is None:
        return None
    return PluginView(plugin_id=plugin.id, space_id=space_id, version="", settings=settings(plugin),
                      secrets_sealed=None, tools=tools(plugin))


def spec(tool: Tool) -> SchemaToolSpec | None:
    """A built-in tool as the model fills it (None when `tool` is not one)."""
    plugin = catalog.plugin(tool.plugin_id)
    found = plugin.tool(tool.id) if plugin is not None else None
    if found is None:
        return None
    return SchemaToolSpec(found.name, found.description, found.input_schema)


def refuse_change(plugin_id: int, change: str) -> None:
    """PermissionDenied when `plugin_id` is a built-in plugin; `change` says what was asked
    ("be deleted", "have its tools edited")."""
    plugin = catalog.plugin(plugin_id)
    if plugin is not None:
        raise PermissionDenied(f"plugin {plugin_id} ('{plugin.name}') is a built-in plugin: it cannot {change}")
