"""Loading rows on behalf of a caller: 404 when absent or in a space the caller is not in (alike, so
ids cannot be probed across spaces)."""

from __future__ import annotations

import asyncpg

from atelier_common.auth import require_visible
from atelier_common.errors import NotFound
from atelier_conversation.domain.entities import Chat, Conversation
from atelier_conversation.store import chats, conversations

Conn = asyncpg.Connection | asyncpg.Pool


async def conversation(conn: Conn, conversation_id: int, *, space_id: int = 0, bot_id: int = 0,
                       for_update: bool = False) -> Conversation:
    row = await conversations.get(conn, conversation_id, for_update=for_update)
    if row is None:
        raise NotFound(f"conversation {conversation_id} not found")
    require_visible(row.space_id, f"conversation {conversation_id} not found")
    if (space_id and space_id != row.space_id) or (bot_id and bot_id != row.bot_id):
        raise NotFound(f"conversation {conversation_id} not found" + (f" for bot {bot_id}" if bot_id else ""))
    return row


async def chat(conn: Conn, conversation_id: int, chat_id: int, *, space_id: int = 0) -> Chat:
    await conversation(conn, conversation_id, space_id=space_id)
    row = await chats.get(conn, chat_id)
    if row is None or row.conversation_id != conversation_id:
        raise NotFound(f"chat {chat_id} not found in conversation {conversation_id}")
    return row
