"""User-defined tables kept as real Postgres tables, mapped one way for both places that have them:
an agent's memory databases (schema agent_user_tables) and knowledge's table datasets (schema
knowledge_tables).

Physical names come from ids only (`t_<table id>`, `c_<column id>`), so the names users choose
never reach SQL as identifiers. Column types are the IDL's ColumnType (knowledge.thrift); agent.thrift's
FieldItemType numbers its kinds alike (a test holds them equal), so either enum's values index it.

A DATE column is `timestamptz`: a date a user types or uploads is an instant. Values without a zone
are stored as UTC (asyncpg reads naive datetimes so), and neither comparisons with now() nor what is
read back shift with the server's TimeZone, as they would with `timestamp`.
"""

from __future__ import annotations

from collections.abc import Iterable

from atelier_proto.enums import ColumnType

SQL_TYPES = {ColumnType.Text: "text", ColumnType.Number: "bigint", ColumnType.Date: "timestamptz",
             ColumnType.Float: "double precision", ColumnType.Boolean: "boolean",
             ColumnType.Image: "text"}  # an image cell holds its URI


def sql_type(column_type: int) -> str:
    """The physical type of a column of `column_type`; text for kinds without one (Unknown)."""
    return SQL_TYPES.get(column_type, "text")


def table_name(table_id: int) -> str:
    return f"t_{int(table_id)}"


def column_name(column_id: int) -> str:
    return f"c_{int(column_id)}"


def qualified(schema: str, table_id: int) -> str:
    return f"{schema}.{table_name(table_id)}"


def column_defs(columns: Iterable[tuple[int, int]]) -> list[str]:
    """`c_<id> <type>` for each (column id, column type)."""
    return [f"{column_name(column_id)} {sql_type(column_type)}" for column_id, column_type in columns]
