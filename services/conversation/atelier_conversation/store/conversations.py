"""conversations rows."""

from __future__ import annotations

from typing import Any

import asyncpg

from atelier_conversation.domain.entities import Conversation

Conn = asyncpg.Connection | asyncpg.Pool


async def insert(conn: Conn, *, id: int, space_id: int, bot_id: int, creator_id: int, section_id: int,
                 name: str = "", meta_data: dict[str, str] | None = None, connector_id: int = 0,
                 app_id: int = 0) -> Conversation:
    sql, args = insert_sql(id=id, space_id=space_id, bot_id=bot_id, creator_id=creator_id, section_id=section_id,
                           name=name, meta_data=meta_data, connector_id=connector_id, app_id=app_id)
    return Conversation.one(await conn.fetchrow(f"{sql} RETURNING *", *args))


def insert_sql(*, id: int, space_id: int, bot_id: int, creator_id: int, section_id: int, name: str = "",
               meta_data: dict[str, str] | None = None, connector_id: int = 0, app_id: int = 0,
               first_arg: int = 1) -> tuple[str, list[Any]]:
    """The INSERT of a conversation and its arguments, numbered from $first_arg (see messages.insert_sql)."""
    args = [id, space_id, bot_id, creator_id, section_id, name, meta_data or {}, connector_id, app_id]
    values = ",".join(f"${first_arg + i}" for i in range(len(args)))
    return ("INSERT INTO conversations (id, space_id, bot_id, creator_id, section_id, name, meta_data, connector_id,"
            f" app_id) VALUES ({values})", args)


def touch_sql(conversation_id: int, first_arg: int = 1) -> tuple[str, list[Any]]:
    """`touch` as part of a larger statement (store.runs)."""
    return f"UPDATE conversations SET updated_at = now() WHERE id = ${first_arg}", [conversation_id]


async def get(conn: Conn, conversation_id: int, *, for_update: bool = False) -> Conversation | None:
    lock = " FOR UPDATE" if for_update else ""
    return Conversation.maybe(await conn.fetchrow(f"SELECT * FROM conversations WHERE id = $1 AND deleted_at IS NULL{lock}",
                               conversation_id))


async def latest(conn: Conn, bot_id: int, creator_id: int, connector_id: int) -> Conversation | None:
    return Conversation.maybe(await conn.fetchrow(
        "SELECT * FROM conversations WHERE bot_id = $1 AND creator_id = $2 AND connector_id = $3"
        " AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1", bot_id, creator_id, connector_id))


async def list_page(conn: Conn, *, bot_id: int, creator_id: int, order_by: str, descending: bool, limit: int,
                    offset: int, connector_id: int | None = None) -> list[Conversation]:
    column = {"created_at": "created_at", "updated_at": "updated_at"}[order_by]
    direction = "DESC" if descending else "ASC"
    connector = "" if connector_id is None else " AND connector_id = $5"
    args = [bot_id, creator_id, limit, offset] + ([] if connector_id is None else [connector_id])
    return Conversation.many(await conn.fetch(
        f"SELECT * FROM conversations WHERE bot_id = $1 AND creator_id = $2 AND deleted_at IS NULL{connector}"
        f" ORDER BY {column} {direction}, id {direction} LIMIT $3 OFFSET $4", *args))


async def update(conn: Conn, conversation_id: int, **fields: Any) -> Conversation:
    sets = ", ".join(f"{k} = ${i}" for i, k in enumerate(fields, start=2))
    return Conversation.one(await conn.fetchrow(
        f"UPDATE conversations SET {sets}, updated_at = now() WHERE id = $1 RETURNING *",
        conversation_id, *fields.values()))


async def soft_delete(conn: Conn, conversation_id: int) -> None:
    await conn.execute("UPDATE conversations SET deleted_at = now() WHERE id = $1", conversation_id)


async def touch(conn: Conn, conversation_id: int) -> None:
    """A new run counts as activity: lists sorted by updated_at show busy conversations first."""
    sql, args = touch_sql(conversation_id)
    await conn.execute(sql, *args)


async def by_name(conn: Conn, *, bot_id: int, app_id: int, creator_id: int, name: str) -> Conversation | None:
    """The owner's oldest conversation of that name in the bot or app (names may repeat through the
    OpenAPI; the first one keeps the name)."""
    return Conversation.maybe(await conn.fetchrow(
        "SELECT * FROM conversations WHERE bot_id = $1 AND app_id = $2 AND creator_id = $3 AND name = $4"
        " AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1", bot_id, app_id, creator_id, name))


async def named(conn: Conn, *, bot_id: int, app_id: int, creator_id: int, limit: int) -> list[Conversation]:
    return Conversation.many(await conn.fetch(
        "SELECT * FROM conversations WHERE bot_id = $1 AND app_id = $2 AND creator_id = $3 AND name <> ''"
        " AND deleted_at IS NULL ORDER BY created_at, id LIMIT $4", bot_id, app_id, creator_id, limit))
