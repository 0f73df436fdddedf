"""chats rows: one per run of the agent."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg
from opentelemetry import trace

from atelier_conversation.domain.entities import Chat
from atelier_proto.enums import ChatStatus

Conn = asyncpg.Connection | asyncpg.Pool

# A run is streaming (the reaper fails these when their server died).
ACTIVE = (ChatStatus.Created, ChatStatus.InProgress)
WAITING = ChatStatus.RequiresAction  # stopped until the caller submits tool outputs
CANCELLABLE = (*ACTIVE, WAITING)


async def insert(conn: Conn, *, id: int, conversation_id: int, section_id: int, bot_id: int, user_id: str,
                 question_id: int | None, meta_data: dict[str, str], status: ChatStatus = ChatStatus.Created,
                 draft_mode: bool = False, save_history: bool = True) -> Chat:
    sql, args = insert_sql(id=id, conversation_id=conversation_id, section_id=section_id, bot_id=bot_id,
                           user_id=user_id, question_id=question_id, meta_data=meta_data, status=status,
                           draft_mode=draft_mode, save_history=save_history)
    return Chat.one(await conn.fetchrow(f"{sql} RETURNING *", *args))


def insert_sql(*, id: int, conversation_id: int, section_id: int, bot_id: int, user_id: str, question_id: int | None,
               meta_data: dict[str, str], status: ChatStatus, draft_mode: bool, save_history: bool,
               first_arg: int = 1) -> tuple[str, list[Any]]:
    """The INSERT of a chat and its arguments, numbered from $first_arg (see messages.insert_sql)."""
    args = [id, conversation_id, section_id, bot_id, user_id, question_id, meta_data, status, draft_mode, save_history,
            _current_trace_id()]
    values = ",".join(f"${first_arg + i}" for i in range(len(args)))
    return ("INSERT INTO chats (id, conversation_id, section_id, bot_id, user_id, question_id, meta_data, status,"
            f" draft_mode, save_history, trace_id) VALUES ({values})", args)


def _current_trace_id() -> str:
    """The trace of the call that starts the run (the gateway's, carried in the gRPC metadata)."""
    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else ""


async def in_space(conn: Conn, space_id: int, *, bot_id: int | None, status: str | None, user_id: str | None,
                   conversation_id: int | None, since: datetime | None, until: datetime | None,
                   before_id: int | None, limit: int) -> list[tuple[Chat, str]]:
    """The space's runs, newest first (ids grow with time), each with its question's text; at most
    `limit`, filtered in SQL."""
    where = ["c.space_id = $1", "c.deleted_at IS NULL"]
    args: list[Any] = [space_id]
    for column, value in (("ch.bot_id", bot_id), ("ch.status", status), ("ch.user_id", user_id),
                          ("ch.conversation_id", conversation_id)):
        if value is not None:
            args.append(value)
            where.append(f"{column} = ${len(args)}")
    for condition, value in (("ch.created_at >= ${}", since), ("ch.created_at < ${}", until),
                             ("ch.id < ${}", before_id)):
        if value is not None:
            args.append(value)
            where.append(condition.format(len(args)))
    args.append(limit)
    rows = await conn.fetch(
        "SELECT ch.*, coalesce(q.content, '') AS query FROM chats ch JOIN conversations c ON c.id = ch.conversation_id"
        " LEFT JOIN messages q ON q.id = ch.question_id"
        f" WHERE {' AND '.join(where)} ORDER BY ch.id DESC LIMIT ${len(args)}", *args)
    return [(Chat.one(r), r["query"]) for r in rows]


async def get(conn: Conn, chat_id: int) -> Chat | None:
    return Chat.maybe(await conn.fetchrow("SELECT * FROM chats WHERE id = $1", chat_id))


async def cancel(conn: Conn, chat_id: int) -> Chat | None:
    """Cancels a running or waiting chat; None when it already ended."""
    return Chat.maybe(await conn.fetchrow(
        "UPDATE chats SET status = $3, required_action = NULL, updated_at = now(), completed_at = now()"
        " WHERE id = $1 AND status = ANY($2::text[]) RETURNING *", chat_id, list(CANCELLABLE), ChatStatus.Cancelled))


async def require_action(conn: Conn, chat_id: int, *, tool_calls: list[dict[str, str]], input_tokens: int,
                         output_tokens: int) -> Chat | None:
    """An active run stopped for client-side tool outputs; None when it was cancelled meanwhile."""
    return Chat.maybe(await conn.fetchrow(
        "UPDATE chats SET status = $2, required_action = $3, input_tokens = $4, output_tokens = $5,"
        " updated_at = now() WHERE id = $1 AND status = ANY($6::text[]) RETURNING *",
        chat_id, WAITING, tool_calls, input_tokens, output_tokens, list(ACTIVE)))


async def resume(conn: Conn, chat_id: int) -> Chat | None:
    """Claims a waiting chat for its resumed run (in progress again); None when it is not waiting,
    so two submissions for the same chat cannot both resume it."""
    return Chat.maybe(await conn.fetchrow(
        "UPDATE chats SET status = $3, required_action = NULL, updated_at = now()"
        " WHERE id = $1 AND status = $2 RETURNING *", chat_id, WAITING, ChatStatus.InProgress))


async def finish(conn: Conn, chat_id: int, *, status: ChatStatus, input_tokens: int, output_tokens: int,
                 error_code: int | None = None, error_msg: str | None = None) -> Chat | None:
    stamp = "failed_at = now()" if status == ChatStatus.Failed else "completed_at = now()"
    return Chat.maybe(await conn.fetchrow(
        f"UPDATE chats SET status = $2, input_tokens = $3, output_tokens = $4, last_error_code = $5,"
        f" last_error_msg = $6, updated_at = now(), {stamp} WHERE id = $1 AND status = ANY($7::text[]) RETURNING *",
        chat_id, status, input_tokens, output_tokens, error_code, error_msg, list(ACTIVE)))


async def record_usage(conn: Conn, chat_id: int, input_tokens: int, output_tokens: int) -> Chat | None:
    return Chat.maybe(await conn.fetchrow("UPDATE chats SET input_tokens = $2, output_tokens = $3 WHERE id = $1 RETURNING *",
                               chat_id, input_tokens, output_tokens))


async def fail_stale(conn: Conn, older_than_s: float, error_code: int, error_msg: str) -> list[int]:
    """Fails runs still active `older_than_s` after they started (their replica died); their ids."""
    rows = await conn.fetch(
        "UPDATE chats SET status = $5, last_error_code = $2, last_error_msg = $3, failed_at = now(),"
        " updated_at = now() WHERE status = ANY($4::text[]) AND created_at < now() - make_interval(secs => $1)"
        " RETURNING id", older_than_s, error_code, error_msg, list(ACTIVE), ChatStatus.Failed)
    return [r["id"] for r in rows]


async def complete_waiting(conn: Conn, chat_id: int) -> Chat | None:
    """A chat waiting for the user's next message (a workflow chat's question) is answered; None
    when it is not waiting."""
    return Chat.maybe(await conn.fetchrow(
        "UPDATE chats SET status = $3, updated_at = now(), completed_at = now()"
        " WHERE id = $1 AND status = $2 RETURNING *", chat_id, WAITING, ChatStatus.Completed))
