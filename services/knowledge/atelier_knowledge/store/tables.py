"""table_info rows and the physical tables of table datasets (schema knowledge_tables)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg

from atelier_common import user_tables
from atelier_knowledge.domain.table_schema import Column, physical_table

Conn = asyncpg.Connection | asyncpg.Pool
SCHEMA = "knowledge_tables"


def qualified(dataset_id: int) -> str:
    return user_tables.qualified(SCHEMA, dataset_id)


async def get_columns(conn: Conn, dataset_id: int) -> list[Column] | None:
    data = await conn.fetchval("SELECT columns FROM table_info WHERE dataset_id = $1", dataset_id)
    return None if data is None else [Column.from_json(c) for c in data]


async def create(conn: Conn, dataset_id: int, columns: Sequence[Column]) -> None:
    """table_info row + physical table in one go (call inside a transaction). Identifiers come
    from ids only, never from user text."""
    defs = ", ".join(user_tables.column_defs((c.id, c.column_type) for c in columns))
    await conn.execute(
        f"CREATE TABLE {qualified(dataset_id)} (_slice_id bigint PRIMARY KEY, _document_id bigint NOT NULL, {defs})"
    )
    await conn.execute(f"CREATE INDEX ON {qualified(dataset_id)} (_document_id)")
    await conn.execute(
        "INSERT INTO table_info (dataset_id, physical_table, columns) VALUES ($1, $2, $3)",
        dataset_id, physical_table(dataset_id), [c.to_json() for c in columns],
    )


async def update_columns(conn: Conn, dataset_id: int, columns: Sequence[Column]) -> None:
    await conn.execute("UPDATE table_info SET columns = $2 WHERE dataset_id = $1", dataset_id, [c.to_json() for c in columns])


async def insert_rows(conn: Conn, dataset_id: int, columns: Sequence[Column], document_id: int,
                      rows: Sequence[tuple[int, list[Any]]]) -> None:
    """rows: (slice id, physical values in column order)."""
    names = ", ".join(["_slice_id", "_document_id", *(c.physical for c in columns)])
    marks = ", ".join(f"${i + 1}" for i in range(len(columns) + 2))
    await conn.executemany(
        f"INSERT INTO {qualified(dataset_id)} ({names}) VALUES ({marks}) ON CONFLICT (_slice_id) DO NOTHING",
        [(slice_id, document_id, *values) for slice_id, values in rows],
    )


async def delete_document_rows(conn: Conn, dataset_id: int, document_id: int) -> None:
    if await conn.fetchval("SELECT to_regclass($1)", qualified(dataset_id)) is not None:
        await conn.execute(f"DELETE FROM {qualified(dataset_id)} WHERE _document_id = $1", document_id)


async def delete_slice_rows(conn: Conn, dataset_id: int, slice_ids: Sequence[int]) -> None:
    if await conn.fetchval("SELECT to_regclass($1)", qualified(dataset_id)) is not None:
        await conn.execute(f"DELETE FROM {qualified(dataset_id)} WHERE _slice_id = ANY($1::bigint[])", list(slice_ids))


async def count_rows(conn: Conn, dataset_id: int, document_id: int | None = None) -> int:
    if await conn.fetchval("SELECT to_regclass($1)", qualified(dataset_id)) is None:
        return 0
    if document_id is None:
        return int(await conn.fetchval(f"SELECT count(*) FROM {qualified(dataset_id)}"))
    return int(await conn.fetchval(f"SELECT count(*) FROM {qualified(dataset_id)} WHERE _document_id = $1", document_id))


async def drop(conn: Conn, dataset_id: int) -> None:
    await conn.execute(f"DROP TABLE IF EXISTS {qualified(dataset_id)}")
    await conn.execute("DELETE FROM table_info WHERE dataset_id = $1", dataset_id)
