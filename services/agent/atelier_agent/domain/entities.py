"""The agent context's entities, as the store returns them (databases/store.py builds them from the
rows of migrations/*.sql; nothing else sees a row).

Frozen: a change is a new value, written through the store. Enum columns hold the IDL's numbers and
come back as atelier_proto.enums members."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from atelier_common import user_tables
from atelier_proto.enums import BotTableRWMode, FieldItemType

# ------------------------------------------------------------------ memory databases


@dataclass(frozen=True)
class FieldSpec:
    """A field of a memory database; its column is named by its id, so a rename keeps the data."""

    id: int
    name: str
    desc: str
    type: FieldItemType
    must_required: bool

    @property
    def column(self) -> str:
        return user_tables.column_name(self.id)


@dataclass(frozen=True)
class BotDatabase:
    """A memory database: a user-defined table agents read and write through their SQL tool."""

    id: int
    space_id: int
    creator_id: int
    table_name: str
    table_desc: str
    icon_uri: str
    fields: list[FieldSpec]
    next_field_id: int  # the id the next new field gets
    rw_mode: BotTableRWMode
    prompt_disabled: bool
    physical_table: str  # agent_user_tables.t_<id>
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class TableRecord:
    """A row of a memory database's physical table."""

    id: int
    user_id: str  # the end user who added it
    created_at: datetime
    values: dict[int, Any]  # field id -> its column's value
