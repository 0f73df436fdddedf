"""What a process keeps of rows that change rarely and are read on hot paths (a plugin's views, an
agent's run configuration), true to the database while it hears of every change (ChangeListener on
the owning table's NOTIFY channel): a change drops the object's entries, and while changes cannot
be heard nothing is kept, so callers read the database. Entries are per (object id, variant), e.g.
the draft or the published view of one plugin; a change drops every variant of the object."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

from cachetools import LRUCache

V = TypeVar("V")

MAX_OBJECTS = 256


class NotifiedCache(Generic[V]):
    def __init__(self, max_objects: int = MAX_OBJECTS) -> None:
        self._entries: LRUCache[int, dict[Hashable, V]] = LRUCache(max_objects)
        # Bumped by every change heard: a read that started before one may be stale, so is not kept.
        self._generation = 0
        self._listening = False

    @property
    def listening(self) -> bool:
        return self._listening

    def get(self, object_id: int, variant: Hashable) -> V | None:
        if not self._listening:
            return None
        variants = self._entries.get(object_id)
        return None if variants is None else variants.get(variant)

    def ticket(self) -> int:
        """Taken before reading from the database; `put` keeps what was read only if no change was
        heard meanwhile."""
        return self._generation

    def put(self, object_id: int, variant: Hashable, value: V, ticket: int) -> None:
        if self._listening and ticket == self._generation:
            variants = self._entries.get(object_id)
            if variants is None:
                variants = self._entries[object_id] = {}
            variants[variant] = value

    def forget(self, object_id: int) -> None:
        """The object changed."""
        self._generation += 1
        self._entries.pop(object_id, None)

    def forget_all(self) -> None:
        self._generation += 1
        self._entries.clear()

    def set_listening(self, listening: bool) -> None:
        """Changes are heard from now on, or no longer: either way what is kept may have missed one."""
        self.forget_all()
        self._listening = listening
