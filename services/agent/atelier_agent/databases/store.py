"""databases rows (BotDatabase) and the physical tables (DDL and records) behind them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg

from atelier_agent.databases.schema import physical
from atelier_agent.domain.entities import BotDatabase, FieldSpec, TableRecord
from atelier_common import user_tables
from atelier_proto.enums import BotTableRWMode, FieldItemType

Conn = asyncpg.Connection | asyncpg.Pool


def _field_docs(fields: list[FieldSpec]) -> list[dict[str, Any]]:
    """The field_list column: [{id, name, desc, type, must_required}]."""
    return [{"id": f.id, "name": f.name, "desc": f.desc, "type": f.type, "must_required": f.must_required}
            for f in fields]


def _database(row: asyncpg.Record) -> BotDatabase:
    return BotDatabase(
        id=row["id"], space_id=row["space_id"], creator_id=row["creator_id"], table_name=row["table_name"],
        table_desc=row["table_desc"], icon_uri=row["icon_uri"],
        fields=[FieldSpec(int(d["id"]), d["name"], d.get("desc", ""), FieldItemType(d["type"]),
                          bool(d.get("must_required"))) for d in row["field_list"]],
        next_field_id=row["next_field_id"], rw_mode=BotTableRWMode(row["rw_mode"]),
        prompt_disabled=row["prompt_disabled"], physical_table=row["physical_table"], created_at=row["created_at"],
        updated_at=row["updated_at"])


async def insert(conn: Conn, *, id: int, space_id: int, creator_id: int, table_name: str, table_desc: str,
                 icon_uri: str, fields: list[FieldSpec], next_field_id: int, rw_mode: BotTableRWMode,
                 prompt_disabled: bool) -> BotDatabase:
    return _database(await conn.fetchrow(
        "INSERT INTO databases (id, space_id, creator_id, table_name, table_desc, icon_uri, field_list, next_field_id,"
        " rw_mode, prompt_disabled, physical_table) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING *",
        id, space_id, creator_id, table_name, table_desc, icon_uri, _field_docs(fields), next_field_id,
        rw_mode, prompt_disabled, physical(id)))


async def name_taken(conn: Conn, space_id: int, table_name: str, *, other_than: int = 0) -> bool:
    return bool(await conn.fetchval(
        "SELECT 1 FROM databases WHERE space_id = $1 AND lower(table_name) = lower($2) AND deleted_at IS NULL"
        " AND id <> $3", space_id, table_name, other_than))


async def get(conn: Conn, database_id: int, *, for_update: bool = False) -> BotDatabase | None:
    lock = " FOR UPDATE" if for_update else ""
    row = await conn.fetchrow(f"SELECT * FROM databases WHERE id = $1 AND deleted_at IS NULL{lock}", database_id)
    return None if row is None else _database(row)


async def get_many(conn: Conn, ids: Sequence[int]) -> list[BotDatabase]:
    return [_database(r) for r in await conn.fetch(
        "SELECT * FROM databases WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL", list(ids))]


async def list_page(conn: Conn, space_id: int, name: str, limit: int, offset: int) -> tuple[list[BotDatabase], int]:
    pattern = f"%{name}%" if name else "%"
    rows = await conn.fetch("SELECT * FROM databases WHERE space_id = $1 AND deleted_at IS NULL AND table_name ILIKE $2"
                            " ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4", space_id, pattern, limit, offset)
    total = await conn.fetchval("SELECT count(*) FROM databases WHERE space_id = $1 AND deleted_at IS NULL"
                                " AND table_name ILIKE $2", space_id, pattern)
    return [_database(r) for r in rows], int(total)


async def update(conn: Conn, database_id: int, **fields: Any) -> BotDatabase:
    """Sets the named columns (field_list as FieldSpecs)."""
    if "field_list" in fields:
        fields["field_list"] = _field_docs(fields["field_list"])
    sets = ", ".join(f"{k} = ${i}" for i, k in enumerate(fields, start=2))
    return _database(await conn.fetchrow(f"UPDATE databases SET {sets}, updated_at = now() WHERE id = $1 RETURNING *",
                                         database_id, *fields.values()))


async def soft_delete(conn: Conn, database_id: int) -> None:
    await conn.execute("UPDATE databases SET deleted_at = now() WHERE id = $1", database_id)


# ------------------------------------------------------------------ physical tables


async def create_table(conn: Conn, database_id: int, fields: list[FieldSpec]) -> None:
    columns = "".join(f", {d}" for d in user_tables.column_defs((f.id, f.type) for f in fields))
    await conn.execute(
        f"CREATE TABLE {physical(database_id)} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
        f" user_id text NOT NULL DEFAULT '', created_at timestamptz NOT NULL DEFAULT now(){columns})")
    await conn.execute(f"CREATE INDEX ON {physical(database_id)} (user_id)")


async def alter_columns(conn: Conn, database_id: int, old: list[FieldSpec], new: list[FieldSpec]) -> None:
    old_ids, new_ids = {f.id for f in old}, {f.id for f in new}
    for f in new:
        if f.id not in old_ids:
            (column,) = user_tables.column_defs([(f.id, f.type)])
            await conn.execute(f"ALTER TABLE {physical(database_id)} ADD COLUMN {column}")
    for f in old:
        if f.id not in new_ids:
            await conn.execute(f"ALTER TABLE {physical(database_id)} DROP COLUMN {f.column}")


async def drop_table(conn: Conn, database_id: int) -> None:
    await conn.execute(f"DROP TABLE IF EXISTS {physical(database_id)}")


async def records(conn: Conn, database_id: int, fields: list[FieldSpec], *, user_id: str | None, limit: int,
                  offset: int) -> tuple[list[TableRecord], int]:
    where, args = ("WHERE user_id = $3", [user_id]) if user_id is not None else ("", [])
    columns = ", ".join(["id", "user_id", "created_at", *(f.column for f in fields)])
    rows = await conn.fetch(f"SELECT {columns} FROM {physical(database_id)} {where} ORDER BY id LIMIT $1 OFFSET $2",
                            limit, offset, *args)
    total = await conn.fetchval(f"SELECT count(*) FROM {physical(database_id)} {where.replace('$3', '$1')}", *args)
    return [TableRecord(id=r["id"], user_id=r["user_id"], created_at=r["created_at"],
                        values={f.id: r[f.column] for f in fields}) for r in rows], int(total)


async def add_record(conn: Conn, database_id: int, user_id: str, values: dict[int, Any]) -> int:
    """A new record with values by field id; its id."""
    columns = ", ".join(["user_id", *map(user_tables.column_name, values)])
    marks = ", ".join(f"${i}" for i in range(1, len(values) + 2))
    return await conn.fetchval(f"INSERT INTO {physical(database_id)} ({columns}) VALUES ({marks}) RETURNING id",
                               user_id, *values.values())


async def alter_record(conn: Conn, database_id: int, record_id: int, user_id: str | None, values: dict[int, Any]
                       ) -> bool:
    """Sets values by field id of the record (of user_id's records, when given); whether it exists."""
    sets = ", ".join(f"{user_tables.column_name(f)} = ${i}" for i, f in enumerate(values, start=2))
    owner = f" AND user_id = ${len(values) + 2}" if user_id is not None else ""
    args = [record_id, *values.values(), *([user_id] if user_id is not None else [])]
    result = await conn.execute(f"UPDATE {physical(database_id)} SET {sets} WHERE id = $1{owner}", *args)
    return result.endswith(" 1")


async def delete_record(conn: Conn, database_id: int, record_id: int, user_id: str | None) -> bool:
    owner, args = (" AND user_id = $2", [user_id]) if user_id is not None else ("", [])
    result = await conn.execute(f"DELETE FROM {physical(database_id)} WHERE id = $1{owner}", record_id, *args)
    return result.endswith(" 1")
