"""messages rows. Messages with in_conversation = false (chats with auto_save_history=false) are
only read through their chat: every conversation-wide query leaves them out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import asyncpg

from atelier_conversation.domain.entities import Message
from atelier_proto.enums import ContentType, MessageRole, MessageStatus, MessageType

Conn = asyncpg.Connection | asyncpg.Pool

# What the agent may replay: earlier turns' questions, answers and tool traffic (it picks what it uses).
HISTORY_TYPES = (MessageType.Question, MessageType.Answer, MessageType.FunctionCall, MessageType.ToolResponse)


async def insert(conn: Conn, *, id: int, conversation_id: int, section_id: int, bot_id: int, role: MessageRole,
                 type: MessageType, content: str, content_type: ContentType = ContentType.Text,
                 chat_id: int | None = None, reply_id: int | None = None,
                 status: MessageStatus = MessageStatus.Available, call_id: str = "", name: str = "",
                 reasoning_content: str = "",
                 meta_data: dict[str, str] | None = None, broken_pos: int | None = None,
                 in_conversation: bool = True) -> Message:
    return Message.one(await conn.fetchrow(
        "INSERT INTO messages (id, conversation_id, section_id, chat_id, bot_id, role, type, content, content_type,"
        " reply_id, status, call_id, name, reasoning_content, meta_data, broken_pos, in_conversation)"
        " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) RETURNING *",
        id, conversation_id, section_id, chat_id, bot_id, role, type, content, content_type, reply_id, status,
        call_id, name, reasoning_content, meta_data or {}, broken_pos, in_conversation))


_COLUMNS = ("id", "conversation_id", "section_id", "chat_id", "bot_id", "role", "type", "content", "content_type",
            "reply_id", "status", "call_id", "name", "reasoning_content", "meta_data", "broken_pos", "in_conversation",
            "sources")


async def insert_many(conn: Conn, rows: Sequence[Message]) -> list[Message]:
    """Messages made in memory (`rows`: their columns but the timestamps), written in one statement;
    the stored rows, in the order given: `rows` with the timestamps the database gave them (the
    rest is what was written; reading it back would decode every text and JSON column again)."""
    if not rows:
        return []
    sql, args = insert_sql(rows)
    stamps = {r["id"]: r for r in await conn.fetch(f"{sql} RETURNING id, created_at, updated_at", *args)}
    return [replace(row, created_at=stamps[row.id]["created_at"], updated_at=stamps[row.id]["updated_at"])
            for row in rows]


def insert_sql(rows: Sequence[Message], first_arg: int = 1) -> tuple[str, list[Any]]:
    """The INSERT of `rows` (their columns but the timestamps) and its arguments, numbered from
    $first_arg: a statement of its own, or part of a larger one (store.runs)."""
    width = len(_COLUMNS)
    values = ", ".join("(" + ", ".join(f"${first_arg + i * width + j}" for j in range(width)) + ")"
                       for i in range(len(rows)))
    args = [getattr(row, column) for row in rows for column in _COLUMNS]
    return f"INSERT INTO messages ({', '.join(_COLUMNS)}) VALUES {values}", args


async def get(conn: Conn, message_id: int, *, for_update: bool = False) -> Message | None:
    lock = " FOR UPDATE" if for_update else ""
    return Message.maybe(await conn.fetchrow(f"SELECT * FROM messages WHERE id = $1 AND deleted_at IS NULL{lock}", message_id))


async def set_chat(conn: Conn, message_id: int, chat_id: int) -> None:
    await conn.execute("UPDATE messages SET chat_id = $2 WHERE id = $1", message_id, chat_id)


async def history(conn: Conn, conversation_id: int, section_id: int, *, before_id: int, exclude_chat: int,
                  limit: int) -> list[Message]:
    """The section's messages older than the question `before_id`, oldest first (the last `limit`).
    Bounded by the question, not the run, so a regenerated answer sees what its question saw."""
    rows = Message.many(await conn.fetch(
        "SELECT m.* FROM messages m WHERE m.conversation_id = $1 AND m.section_id = $2 AND m.deleted_at IS NULL"
        " AND m.in_conversation AND m.type = ANY($3::text[]) AND m.id < $4 AND m.chat_id IS DISTINCT FROM $5 ORDER BY m.id DESC LIMIT $6",
        conversation_id, section_id, list(HISTORY_TYPES), before_id, exclude_chat, limit))
    return list(reversed(rows))


async def last_answer(conn: Conn, question_id: int) -> Message | None:
    return Message.maybe(await conn.fetchrow(
        "SELECT * FROM messages WHERE reply_id = $1 AND type = $2 AND deleted_at IS NULL ORDER BY id DESC LIMIT 1",
        question_id, MessageType.Answer))


async def of_chat(conn: Conn, chat_id: int, *, include_question: bool = False) -> list[Message]:
    return Message.many(await conn.fetch(
        "SELECT * FROM messages WHERE chat_id = $1 AND deleted_at IS NULL AND ($2 OR type <> $3) ORDER BY id",
        chat_id, include_question, MessageType.Question))


async def page(conn: Conn, conversation_id: int, *, before_id: int | None, after_id: int | None, limit: int,
               descending: bool, chat_id: int | None = None, types: Sequence[str] | None = None,
               section_id: int | None = None) -> list[Message]:
    """The conversation's messages (section_id: only that section's)."""
    where = ["conversation_id = $1", "deleted_at IS NULL", "in_conversation"]
    args: list[Any] = [conversation_id]
    for column, op, value in (("id", "<", before_id), ("id", ">", after_id), ("chat_id", "=", chat_id),
                              ("section_id", "=", section_id)):
        if value:
            args.append(value)
            where.append(f"{column} {op} ${len(args)}")
    if types:
        args.append(list(types))
        where.append(f"type = ANY(${len(args)}::text[])")
    args.append(limit)
    direction = "DESC" if descending else "ASC"
    return Message.many(await conn.fetch(
        f"SELECT * FROM messages WHERE {' AND '.join(where)} ORDER BY id {direction} LIMIT ${len(args)}", *args))


async def delete_of_chat(conn: Conn, chat_id: int, *, keep_question: bool) -> None:
    await conn.execute("UPDATE messages SET deleted_at = now() WHERE chat_id = $1 AND deleted_at IS NULL"
                       " AND NOT ($2 AND type = $3)", chat_id, keep_question, MessageType.Question)


async def delete_one(conn: Conn, message_id: int) -> None:
    await conn.execute("UPDATE messages SET deleted_at = now() WHERE id = $1", message_id)


async def update(conn: Conn, message_id: int, **fields: Any) -> Message:
    sets = ", ".join(f"{k} = ${i}" for i, k in enumerate(fields, start=2))
    return Message.one(await conn.fetchrow(f"UPDATE messages SET {sets}, updated_at = now() WHERE id = $1 RETURNING *",
                               message_id, *fields.values()))


async def delete_all(conn: Conn, conversation_id: int) -> None:
    await conn.execute("UPDATE messages SET deleted_at = now() WHERE conversation_id = $1 AND deleted_at IS NULL",
                       conversation_id)


async def mark_broken(conn: Conn, message_id: int, broken_pos: int | None) -> None:
    await conn.execute("UPDATE messages SET status = $3, broken_pos = $2, updated_at = now() WHERE id = $1",
                       message_id, broken_pos, MessageStatus.Broken)
