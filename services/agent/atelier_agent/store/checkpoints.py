"""run_checkpoints rows: turns waiting for client-side tool outputs."""

from __future__ import annotations

from typing import Any

import asyncpg

Conn = asyncpg.Connection | asyncpg.Pool

# A chat nobody resumed for this long is abandoned: its checkpoint goes when the next one is saved.
KEEP_DAYS = 7


async def save(conn: Conn, chat_id: int, bot_id: int, state: dict[str, Any]) -> None:
    await conn.execute(
        "INSERT INTO run_checkpoints (chat_id, bot_id, state) VALUES ($1, $2, $3::jsonb)"
        " ON CONFLICT (chat_id) DO UPDATE SET bot_id = EXCLUDED.bot_id, state = EXCLUDED.state, created_at = now()",
        chat_id, bot_id, state)
    await conn.execute("DELETE FROM run_checkpoints WHERE created_at < now() - make_interval(days => $1)", KEEP_DAYS)


async def take(conn: Conn, chat_id: int) -> asyncpg.Record | None:
    """The checkpoint of chat_id, removed: a turn resumes once."""
    return await conn.fetchrow("DELETE FROM run_checkpoints WHERE chat_id = $1 RETURNING *", chat_id)
