"""A plugin and the view a tool call works from (its draft or its online version, with the tools),
kept per plugin while this process hears of every change to plugins (atelier_common's
NotifiedCache, driven by a ChangeListener on 'plugin_changed', migration 0003): a tool call, or a
turn resolving its tools, with the plugins kept reads nothing from the database. A change drops the
plugin's views; while changes cannot be heard (the listening connection is down) nothing is kept
and calls read the database. Credentials stay sealed here; each call opens them."""

from __future__ import annotations

from dataclasses import dataclass

from atelier_common.db.notified_cache import NotifiedCache
from atelier_plugin.entities import Plugin, PluginView

TOPIC = "plugin_changed"  # notified by every change to a plugin, its tools or its versions


@dataclass(frozen=True)
class Loaded:
    plugin: Plugin
    view: PluginView | None  # None: the online view of a plugin never published


class ViewCache(NotifiedCache[Loaded]):
    """Per plugin id, variant `draft` (True: the draft view, False: the online one)."""
