"""A run's start in one statement: the conversation it starts (or the touch of the one it goes
on), the earlier messages and the question, and the chat. One round trip instead of a transaction
of five, before the agent is even asked; a single statement is all or nothing like the transaction
was, and every row gets the same now() as it did."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atelier_conversation.domain.entities import Chat, Conversation, Message
from atelier_conversation.store import chats, conversations, messages
from atelier_proto.enums import ChatStatus

Conn = chats.Conn


async def start(conn: Conn, *, conversation: Conversation, new_conversation: bool, rows: Sequence[Message],
                chat_id: int, section_id: int, user_id: str, question_id: int, meta_data: dict[str, str],
                status: ChatStatus, draft_mode: bool, save_history: bool) -> Chat:
    """Writes `rows` (messages made in memory: the earlier ones, then the question) and the chat;
    `conversation` is inserted when new, touched otherwise. The stored chat."""
    parts: list[str] = []
    args: list[Any] = []

    def add(name: str, sql_args: tuple[str, list[Any]]) -> None:
        parts.append(f"{name} AS ({sql_args[0]})")
        args.extend(sql_args[1])

    conv = conversation
    if new_conversation:
        add("conversation", conversations.insert_sql(
            id=conv.id, space_id=conv.space_id, bot_id=conv.bot_id, creator_id=conv.creator_id,
            section_id=conv.section_id, connector_id=conv.connector_id, first_arg=len(args) + 1))
    else:
        add("touched", conversations.touch_sql(conv.id, first_arg=len(args) + 1))
    if rows:
        add("written", messages.insert_sql(rows, first_arg=len(args) + 1))
    sql, chat_args = chats.insert_sql(id=chat_id, conversation_id=conv.id, section_id=section_id, bot_id=conv.bot_id,
                                      user_id=user_id, question_id=question_id, meta_data=meta_data, status=status,
                                      draft_mode=draft_mode, save_history=save_history, first_arg=len(args) + 1)
    return Chat.one(await conn.fetchrow(f"WITH {', '.join(parts)} {sql} RETURNING *", *args, *chat_args))
