"""A plugin as one call sees it (`PluginView`): its draft, or one published version; and its
credentials opened for that call."""

from __future__ import annotations

from atelier_plugin.crypto import Keyring
from atelier_plugin.entities import Credentials, Plugin, PluginView, secrets_row
from atelier_plugin.store import Conn
from atelier_plugin.store import tools as tool_rows
from atelier_plugin.store import versions as version_rows


async def draft(conn: Conn, plugin: Plugin) -> PluginView:
    return PluginView(plugin_id=plugin.id, space_id=plugin.space_id, version="", settings=plugin.settings,
                      secrets_sealed=plugin.secrets_sealed, tools=tuple(await tool_rows.of_plugin(conn, plugin.id)),
                      edit_version=plugin.edit_version)


async def at(conn: Conn, plugin: Plugin, version: str) -> PluginView | None:
    """The draft for version "", else that published version (None when there is no such version)."""
    if not version:
        return await draft(conn, plugin)
    found = await version_rows.get(conn, plugin.id, version)
    if found is None:
        return None
    return PluginView(plugin_id=plugin.id, space_id=plugin.space_id, version=found.version, settings=found.settings,
                      secrets_sealed=found.secrets_sealed, tools=found.tools)


async def online(conn: Conn, plugin: Plugin) -> PluginView | None:
    """The online (latest published) version; None before the first publish."""
    return await at(conn, plugin, plugin.online_version) if plugin.online_version else None


def credentials(keyring: Keyring, view: PluginView | Plugin) -> Credentials:
    plugin_id = view.plugin_id if isinstance(view, PluginView) else view.id
    return Credentials.from_doc(keyring.open(view.secrets_sealed, secrets_row(plugin_id)))
