"""conversations rows."""

from __future__ import annotations

from typing import Any

import asyncpg

Conn = asyncpg.Connection | asyncpg.Pool


async def insert(conn: Conn, *, id: int, space_id: int, bot_id: int, creator_id: int, section_id: int,
                 name: str = "", meta_data: dict[str, str] | None = None, connector_id: int = 0) -> asyncpg.Record:
    return await conn.fetchrow(
        "INSERT INTO conversations (id, space_id, bot_id, creator_id, section_id, name, meta_data, connector_id)"
        " VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING *",
        id, space_id, bot_id, creator_id, section_id, name, meta_data or {}, connector_id)


async def get(conn: Conn, conversation_id: int, *, for_update: bool = False) -> asyncpg.Record | None:
    lock = " FOR UPDATE" if for_update else ""
    return await conn.fetchrow(f"SELECT * FROM conversations WHERE id = $1 AND deleted_at IS NULL{lock}",
                               conversation_id)


async def latest(conn: Conn, bot_id: int, creator_id: int) -> asyncpg.Record | None:
    return await conn.fetchrow(
        "SELECT * FROM conversations WHERE bot_id = $1 AND creator_id = $2 AND deleted_at IS NULL"
        " ORDER BY created_at DESC, id DESC LIMIT 1", bot_id, creator_id)


async def list_page(conn: Conn, *, bot_id: int, creator_id: int, order_by: str, descending: bool, limit: int,
                    offset: int) -> list[asyncpg.Record]:
    column = {"created_at": "created_at", "updated_at": "updated_at"}[order_by]
    direction = "DESC" if descending else "ASC"
    return list(await conn.fetch(
        f"SELECT * FROM conversations WHERE bot_id = $1 AND creator_id = $2 AND deleted_at IS NULL"
        f" ORDER BY {column} {direction}, id {direction} LIMIT $3 OFFSET $4", bot_id, creator_id, limit, offset))


async def update(conn: Conn, conversation_id: int, **fields: Any) -> asyncpg.Record:
    sets = ", ".join(f"{k} = ${i}" for i, k in enumerate(fields, start=2))
    return await conn.fetchrow(
        f"UPDATE conversations SET {sets}, updated_at = now() WHERE id = $1 RETURNING *",
        conversation_id, *fields.values())


async def soft_delete(conn: Conn, conversation_id: int) -> None:
    await conn.execute("UPDATE conversations SET deleted_at = now() WHERE id = $1", conversation_id)
