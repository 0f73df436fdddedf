"""The one user table -> physical table mapping (agent memory databases, knowledge table datasets)."""

from __future__ import annotations

from atelier_common import user_tables
from atelier_proto.enums import ColumnType, FieldItemType


def test_both_idl_enums_number_column_kinds_alike() -> None:
    for kind in FieldItemType:
        assert ColumnType[kind.name] == kind.value
        assert user_tables.sql_type(kind) == user_tables.sql_type(ColumnType[kind.name])


def test_dates_are_instants_and_names_come_from_ids() -> None:
    assert user_tables.sql_type(FieldItemType.Date) == user_tables.sql_type(ColumnType.Date) == "timestamptz"
    assert user_tables.sql_type(ColumnType.Unknown) == "text"
    assert user_tables.qualified("agent_user_tables", 42) == "agent_user_tables.t_42"
    assert user_tables.column_defs([(7, ColumnType.Number), (8, ColumnType.Date)]) == [
        "c_7 bigint", "c_8 timestamptz"]
