"""Loading plugins on behalf of a caller: 404 when absent or in a space the caller is not in (alike,
so plugin ids cannot be probed across spaces)."""

from __future__ import annotations

from atelier_common.auth import require_visible
from atelier_common.errors import NotFound
from atelier_plugin.entities import Plugin, Tool
from atelier_plugin.store import Conn
from atelier_plugin.store import plugins as plugin_rows
from atelier_plugin.store import tools as tool_rows


async def plugin(conn: Conn, plugin_id: int, *, space_id: int | None = None, for_update: bool = False) -> Plugin:
    """The plugin; `space_id` (when the request names one) must be the plugin's own space."""
    found = await plugin_rows.get(conn, plugin_id, for_update=for_update)
    if found is None:
        raise NotFound(f"plugin {plugin_id} not found")
    require_visible(found.space_id, f"plugin {plugin_id} not found")
    if space_id and space_id != found.space_id:
        raise NotFound(f"plugin {plugin_id} not found in space {space_id}")
    return found


async def draft_tool(conn: Conn, plugin_id: int, tool_id: int) -> Tool:
    """A tool of the plugin's draft (the plugin already checked)."""
    found = next((t for t in await tool_rows.of_plugin(conn, plugin_id) if t.id == tool_id), None)
    if found is None:
        raise NotFound(f"tool {tool_id} not found in plugin {plugin_id}")
    return found
