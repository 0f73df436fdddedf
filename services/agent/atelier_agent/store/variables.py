"""variable_values rows: an end user's values of an agent's memory variables."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import asyncpg

Conn = asyncpg.Connection | asyncpg.Pool


async def values(conn: Conn, bot_id: int, user_id: str, keywords: Sequence[str] | None = None) -> list[asyncpg.Record]:
    if keywords:
        return list(await conn.fetch(
            "SELECT keyword, value, created_at, updated_at FROM variable_values"
            " WHERE bot_id = $1 AND user_id = $2 AND keyword = ANY($3::text[])", bot_id, user_id, list(keywords)))
    return list(await conn.fetch(
        "SELECT keyword, value, created_at, updated_at FROM variable_values WHERE bot_id = $1 AND user_id = $2",
        bot_id, user_id))


async def upsert(conn: Conn, bot_id: int, user_id: str, items: Iterable[tuple[str, str]]) -> None:
    await conn.executemany(
        "INSERT INTO variable_values (bot_id, user_id, keyword, value) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (bot_id, user_id, keyword) DO UPDATE SET value = EXCLUDED.value, updated_at = now()",
        [(bot_id, user_id, k, v) for k, v in items],
    )


async def delete(conn: Conn, bot_id: int, user_id: str, keywords: Sequence[str] | None = None) -> None:
    if keywords:
        await conn.execute("DELETE FROM variable_values WHERE bot_id = $1 AND user_id = $2 AND keyword = ANY($3::text[])",
                           bot_id, user_id, list(keywords))
    else:
        await conn.execute("DELETE FROM variable_values WHERE bot_id = $1 AND user_id = $2", bot_id, user_id)
