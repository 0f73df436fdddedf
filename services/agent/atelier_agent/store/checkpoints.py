"""run_checkpoints rows: turns waiting for client-side tool outputs, a plugin's authorization or the
answer to a workflow's question (Checkpoint, stored as its state). One waiting for an answer is also
found by its conversation: the user's next message there answers it."""

from __future__ import annotations

import asyncpg

from atelier_agent.domain.entities import Checkpoint

Conn = asyncpg.Connection | asyncpg.Pool

# A chat nobody resumed for this long is abandoned: its checkpoint goes when the next one is saved.
KEEP_DAYS = 7


async def save(conn: Conn, chat_id: int, bot_id: int, checkpoint: Checkpoint, *, conversation_id: int = 0) -> None:
    awaits_answer = bool(conversation_id) and bool(checkpoint.questions)
    await conn.execute(
        "INSERT INTO run_checkpoints (chat_id, bot_id, state, conversation_id, awaits_answer)"
        " VALUES ($1, $2, $3::jsonb, $4, $5)"
        " ON CONFLICT (chat_id) DO UPDATE SET bot_id = EXCLUDED.bot_id, state = EXCLUDED.state,"
        " conversation_id = EXCLUDED.conversation_id, awaits_answer = EXCLUDED.awaits_answer, created_at = now()",
        chat_id, bot_id, checkpoint.to_state(), conversation_id, awaits_answer)
    await conn.execute("DELETE FROM run_checkpoints WHERE created_at < now() - make_interval(days => $1)", KEEP_DAYS)


async def take(conn: Conn, chat_id: int, bot_id: int) -> Checkpoint | None:
    """The checkpoint of chat_id (a chat of bot_id), removed: a turn resumes once."""
    row = await conn.fetchrow("DELETE FROM run_checkpoints WHERE chat_id = $1 AND bot_id = $2 RETURNING state",
                              chat_id, bot_id)
    return None if row is None else Checkpoint.from_state(dict(row["state"]))


async def take_question(conn: Conn, conversation_id: int, bot_id: int) -> tuple[int, Checkpoint] | None:
    """The latest turn of the conversation waiting for the answer to a workflow's question, as
    (its chat id, its checkpoint), removed; older ones waiting there are dropped (only the last
    question is answered by the next message)."""
    rows = await conn.fetch(
        "DELETE FROM run_checkpoints WHERE conversation_id = $1 AND bot_id = $2 AND awaits_answer"
        " RETURNING chat_id, state, created_at", conversation_id, bot_id)
    if not rows:
        return None
    latest = max(rows, key=lambda r: r["created_at"])
    return latest["chat_id"], Checkpoint.from_state(dict(latest["state"]))
