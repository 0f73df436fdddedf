"""variable_values rows: an end user's values of an agent's memory variables."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import asyncpg

from atelier_agent.domain.entities import VariableValue

Conn = asyncpg.Connection | asyncpg.Pool


async def values(conn: Conn, bot_id: int, user_id: str, keywords: Sequence[str] | None = None) -> list[VariableValue]:
    if keywords:
        rows = await conn.fetch(
            "SELECT keyword, value, created_at, updated_at FROM variable_values"
            " WHERE bot_id = $1 AND user_id = $2 AND keyword = ANY($3::text[])", bot_id, user_id, list(keywords))
    else:
        rows = await conn.fetch(
            "SELECT keyword, value, created_at, updated_at FROM variable_values WHERE bot_id = $1 AND user_id = $2",
            bot_id, user_id)
    return [VariableValue(keyword=r["keyword"], value=r["value"], created_at=r["created_at"],
                          updated_at=r["updated_at"]) for r in rows]


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
