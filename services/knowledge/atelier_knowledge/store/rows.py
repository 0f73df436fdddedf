"""Rows -> entities: the one place a row's columns become an entity's typed fields."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import MISSING, fields
from enum import Enum
from typing import Any, TypeVar, get_type_hints

import asyncpg

E = TypeVar("E")


@functools.cache
def _columns(cls: type) -> tuple[tuple[str, Callable[[Any], Any] | None], ...]:
    """The entity's column fields (those without a default), each with the enum its values become."""
    hints = get_type_hints(cls)
    return tuple((f.name, hints[f.name] if isinstance(hints[f.name], type) and issubclass(hints[f.name], Enum) else None)
                 for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING)


def entity(cls: type[E], row: asyncpg.Record, **extra: Any) -> E:
    """An entity from a row holding (at least) its columns; enum columns become their enum. Fields
    with a default are not columns: the store passes them in `extra` when it read them."""
    values = {name: row[name] if enum is None or row[name] is None else enum(row[name])
              for name, enum in _columns(cls)}
    return cls(**values, **extra)


def maybe(cls: type[E], row: asyncpg.Record | None) -> E | None:
    return None if row is None else entity(cls, row)


def many(cls: type[E], rows: Iterable[asyncpg.Record]) -> list[E]:
    return [entity(cls, r) for r in rows]
