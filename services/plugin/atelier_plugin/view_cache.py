"""A plugin and the view a tool call works from (its draft or its online version, with the tools),
kept per plugin while this process hears of every change to plugins (view_sync): a tool call, or
a turn resolving its tools, with the plugins kept reads nothing from the database. A change drops the plugin's views; while changes
cannot be heard (the listening connection is down) nothing is kept and calls read the database.
Credentials stay sealed here; each call opens them."""

from __future__ import annotations

from dataclasses import dataclass

from cachetools import LRUCache

from atelier_plugin.entities import Plugin, PluginView

MAX_ENTRIES = 256


@dataclass(frozen=True)
class Loaded:
    plugin: Plugin
    view: PluginView | None  # None: the online view of a plugin never published


class ViewCache:
    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self._entries: LRUCache[tuple[int, bool], Loaded] = LRUCache(max_entries)
        # Bumped by every change heard: a read that started before one may be stale, so is not kept.
        self._generation = 0
        self._listening = False

    @property
    def listening(self) -> bool:
        return self._listening

    def get(self, plugin_id: int, draft: bool) -> Loaded | None:
        return self._entries.get((plugin_id, draft)) if self._listening else None

    def ticket(self) -> int:
        """Taken before reading a plugin from the database; `put` keeps what was read only if no
        change was heard meanwhile."""
        return self._generation

    def put(self, loaded: Loaded, draft: bool, ticket: int) -> None:
        if self._listening and ticket == self._generation:
            self._entries[(loaded.plugin.id, draft)] = loaded

    def forget(self, plugin_id: int) -> None:
        """The plugin changed."""
        self._generation += 1
        self._entries.pop((plugin_id, True), None)
        self._entries.pop((plugin_id, False), None)

    def forget_all(self) -> None:
        self._generation += 1
        self._entries.clear()

    def set_listening(self, listening: bool) -> None:
        """Changes are heard from now on, or no longer: either way what is kept may have missed one."""
        self.forget_all()
        self._listening = listening
