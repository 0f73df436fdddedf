"""Fields of a memory database: validation and their physical columns (named and typed by
atelier_common.user_tables, as knowledge's table datasets are). Pure: no I/O."""

from __future__ import annotations

import datetime as dt
from typing import Any

from atelier_agent.domain.entities import FieldSpec
from atelier_common import names, user_tables
from atelier_common.errors import InvalidArgument
from atelier_proto.enums import FieldItemType

MAX_IDENTIFIER = 64
SYSTEM_NAMES = {"id", "user_id", "created_at", "uuid"}
MAX_FIELDS = 20
SCHEMA = "agent_user_tables"


def physical(database_id: int) -> str:
    return user_tables.qualified(SCHEMA, database_id)


def valid_table_name(name: str) -> str:
    return names.identifier(name, "table_name", max_chars=MAX_IDENTIFIER)


def plan_fields(items: list[Any], existing: list[FieldSpec], next_id: int) -> tuple[list[FieldSpec], int]:
    """FieldItems of a request -> specs; a field keeps its id when its id (or name) matches an existing one."""
    if not items:
        raise InvalidArgument("field 'field_list': at least one field")
    if len(items) > MAX_FIELDS:
        raise InvalidArgument(f"field 'field_list': at most {MAX_FIELDS} fields")
    by_id = {f.id: f for f in existing}
    by_name = {f.name: f for f in existing}
    out: list[FieldSpec] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        where = f"field_list[{i}]"
        name = item.name
        if not names.is_identifier(name, MAX_IDENTIFIER) or name.lower() in SYSTEM_NAMES \
                or name.lower().startswith("sys_"):
            raise InvalidArgument(f"field '{where}.name': {name!r} must be an identifier (letters, digits, underscores, "
                                  "starting with a letter) and not a system name (id, user_id, created_at, uuid, sys_*)")
        if name.lower() in seen:  # SQL names are case-insensitive
            raise InvalidArgument(f"field '{where}.name': {name!r} is used twice")
        seen.add(name.lower())
        if item.type not in set(FieldItemType):  # a bare int is no member on Python 3.11
            kinds = ", ".join(f"{t.value} {t.name.lower()}" for t in FieldItemType)
            raise InvalidArgument(f"field '{where}.type': must be one of {kinds}")
        old = by_id.get(item.id) if item.id else by_name.get(name)
        if old is not None and old.type != item.type:
            raise InvalidArgument(f"field '{where}.type': a field's type cannot change (add a new field instead)")
        if old is None:
            field_id, next_id = next_id, next_id + 1
        else:
            field_id = old.id
        out.append(FieldSpec(field_id, name, item.desc, FieldItemType(item.type), bool(item.must_required)))
    return out, next_id


def convert(spec: FieldSpec, raw: str, where: str) -> Any:
    """A record value (text on the wire) -> the column's Python value; InvalidArgument naming it.
    An empty value of a non-text field is NULL (what a cleared cell in the console sends)."""
    try:
        if spec.type == FieldItemType.Text:
            return raw
        if not raw.strip():
            return None
        if spec.type == FieldItemType.Number:
            return int(raw)
        if spec.type == FieldItemType.Float:
            return float(raw)
        if spec.type == FieldItemType.Boolean:
            lowered = raw.strip().lower()
            if lowered not in ("true", "false", "1", "0"):
                raise ValueError
            return lowered in ("true", "1")
        value = dt.datetime.fromisoformat(raw.strip())
        return value if value.tzinfo else value.replace(tzinfo=dt.UTC)
    except ValueError:
        kind = {FieldItemType.Number: "an integer", FieldItemType.Float: "a number",
                FieldItemType.Boolean: "true or false", FieldItemType.Date: "an ISO 8601 date"}[spec.type]
        raise InvalidArgument(f"field '{where}': {raw!r} is not {kind}") from None


def render(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.datetime):
        return value.isoformat()
    return str(value)
