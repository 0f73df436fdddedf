"""A plugin and the view a tool call works from (its draft or its online version, with the tools),
kept per version stamp: a call reads the plugin's stamp (one small row) instead of the plugin, its
tools and its document, and a plugin that changed since is read again. Credentials stay sealed here;
each call opens them."""

from __future__ import annotations

from dataclasses import dataclass

from cachetools import LRUCache

from atelier_plugin.entities import Plugin, PluginStamp, PluginView

MAX_ENTRIES = 256


@dataclass(frozen=True)
class Loaded:
    plugin: Plugin
    view: PluginView | None  # None: the online view of a plugin never published


CacheKey = tuple[int, int, int, str, bool]


def key(stamp: PluginStamp, draft: bool) -> CacheKey:
    return stamp.plugin_id, stamp.space_id, stamp.edit_version, stamp.online_version or "", draft


def stamp_of(plugin: Plugin) -> PluginStamp:
    return PluginStamp(plugin.id, plugin.space_id, plugin.edit_version, plugin.online_version)


class ViewCache:
    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self._entries: LRUCache[CacheKey, Loaded] = LRUCache(max_entries)

    def get(self, stamp: PluginStamp, draft: bool) -> Loaded | None:
        return self._entries.get(key(stamp, draft))

    def put(self, loaded: Loaded, draft: bool) -> None:
        """Kept under the stamp of the plugin as it was read (which may be newer than the one asked for)."""
        self._entries[key(stamp_of(loaded.plugin), draft)] = loaded
