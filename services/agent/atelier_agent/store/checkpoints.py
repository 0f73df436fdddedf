"""run_checkpoints rows: turns waiting for client-side tool outputs (Checkpoint, stored as its state)."""

from __future__ import annotations

import asyncpg

from atelier_agent.domain.entities import Checkpoint

Conn = asyncpg.Connection | asyncpg.Pool

# A chat nobody resumed for this long is abandoned: its checkpoint goes when the next one is saved.
KEEP_DAYS = 7


async def save(conn: Conn, chat_id: int, bot_id: int, checkpoint: Checkpoint) -> None:
    await conn.execute(
        "INSERT INTO run_checkpoints (chat_id, bot_id, state) VALUES ($1, $2, $3::jsonb)"
        " ON CONFLICT (chat_id) DO UPDATE SET bot_id = EXCLUDED.bot_id, state = EXCLUDED.state, created_at = now()",
        chat_id, bot_id, checkpoint.to_state())
    await conn.execute("DELETE FROM run_checkpoints WHERE created_at < now() - make_interval(days => $1)", KEEP_DAYS)


async def take(conn: Conn, chat_id: int, bot_id: int) -> Checkpoint | None:
    """The checkpoint of chat_id (a chat of bot_id), removed: a turn resumes once."""
    row = await conn.fetchrow("DELETE FROM run_checkpoints WHERE chat_id = $1 AND bot_id = $2 RETURNING state",
                              chat_id, bot_id)
    return None if row is None else Checkpoint.from_state(dict(row["state"]))
