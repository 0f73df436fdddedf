"""chats rows: one per run of the agent."""

from __future__ import annotations

import asyncpg

Conn = asyncpg.Connection | asyncpg.Pool

ACTIVE = ("created", "in_progress")


async def insert(conn: Conn, *, id: int, conversation_id: int, section_id: int, bot_id: int, user_id: str,
                 question_id: int | None, meta_data: dict[str, str], status: str = "created") -> asyncpg.Record:
    return await conn.fetchrow(
        "INSERT INTO chats (id, conversation_id, section_id, bot_id, user_id, question_id, meta_data, status)"
        " VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING *",
        id, conversation_id, section_id, bot_id, user_id, question_id, meta_data, status)


async def get(conn: Conn, chat_id: int) -> asyncpg.Record | None:
    return await conn.fetchrow("SELECT * FROM chats WHERE id = $1", chat_id)


async def set_status(conn: Conn, chat_id: int, status: str) -> asyncpg.Record | None:
    """Moves an active chat to `status`; None when it already ended (a run that was cancelled
    meanwhile must not be marked completed)."""
    stamp = {"completed": ", completed_at = now()", "failed": ", failed_at = now()",
             "cancelled": ", completed_at = now()"}.get(status, "")
    return await conn.fetchrow(
        f"UPDATE chats SET status = $2, updated_at = now(){stamp} WHERE id = $1 AND status = ANY($3::text[])"
        " RETURNING *", chat_id, status, list(ACTIVE))


async def finish(conn: Conn, chat_id: int, *, status: str, input_tokens: int, output_tokens: int,
                 error_code: int | None = None, error_msg: str | None = None) -> asyncpg.Record | None:
    stamp = "failed_at = now()" if status == "failed" else "completed_at = now()"
    return await conn.fetchrow(
        f"UPDATE chats SET status = $2, input_tokens = $3, output_tokens = $4, last_error_code = $5,"
        f" last_error_msg = $6, updated_at = now(), {stamp} WHERE id = $1 AND status = ANY($7::text[]) RETURNING *",
        chat_id, status, input_tokens, output_tokens, error_code, error_msg, list(ACTIVE))


async def record_usage(conn: Conn, chat_id: int, input_tokens: int, output_tokens: int) -> asyncpg.Record | None:
    return await conn.fetchrow("UPDATE chats SET input_tokens = $2, output_tokens = $3 WHERE id = $1 RETURNING *",
                               chat_id, input_tokens, output_tokens)


async def fail_stale(conn: Conn, older_than_s: float, error_code: int, error_msg: str) -> list[int]:
    """Fails runs still active `older_than_s` after they started (their replica died); their ids."""
    rows = await conn.fetch(
        "UPDATE chats SET status = 'failed', last_error_code = $2, last_error_msg = $3, failed_at = now(),"
        " updated_at = now() WHERE status = ANY($4::text[]) AND created_at < now() - make_interval(secs => $1)"
        " RETURNING id", older_than_s, error_code, error_msg, list(ACTIVE))
    return [r["id"] for r in rows]
