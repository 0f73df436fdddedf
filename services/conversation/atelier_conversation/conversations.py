"""Conversations, sections and messages: the console and OpenAPI management calls."""

from __future__ import annotations

import datetime as dt
from typing import Any

from atelier_common import names, paging
from atelier_common.auth import current_context
from atelier_common.errors import Conflict, InvalidArgument, NotFound
from atelier_common.message_content import CONTENT_TYPES
from atelier_common.service import ServiceDeps
from atelier_conversation import access, agent_client, contents
from atelier_conversation.chat.cancel import request_cancel
from atelier_conversation.contents import Entered
from atelier_conversation.domain import shapes
from atelier_conversation.domain.entities import Chat, Conversation, Message
from atelier_conversation.store import chats, conversations, messages
from atelier_proto import conversation_pb2 as cpb
from atelier_proto.enums import ContentType, LoadDirection, MessageRole, MessageType

MAX_PAGE = 50
# Coze's connector ids: where a conversation was started. The console's own conversations are
# looked up by (bot, user, console connector) so OpenAPI conversations never show up in it.
API_CONNECTOR = 1024
CONSOLE_CONNECTOR = 10000010
ROLES = {MessageRole.User: MessageType.Question, MessageRole.Assistant: MessageType.Answer}  # default types
# Coze's limits on a message's meta_data.
MAX_META_PAIRS, MAX_META_KEY, MAX_META_VALUE = 16, 64, 512


async def bot(deps: ServiceDeps, bot_id: int) -> agent_client.Bot:
    if not bot_id:
        raise InvalidArgument("field 'bot_id': required")
    return await agent_client.bot(deps.settings.agent_addr, bot_id, deps.settings.grpc_deadline_s)


def entered(items: Any, field: str) -> list[Entered]:
    """EnterMessage list -> (role, type, content, content_type), validated."""
    out = []
    for i, m in enumerate(items):
        if m.role not in ROLES:
            raise InvalidArgument(f"field '{field}[{i}].role': must be user or assistant, got {m.role!r}")
        content_type = m.content_type or ContentType.Text
        if content_type not in CONTENT_TYPES:
            raise InvalidArgument(f"field '{field}[{i}].content_type': must be text or object_string")
        role = MessageRole(m.role)
        try:
            type_ = MessageType(m.type) if m.HasField("type") and m.type else ROLES[role]
        except ValueError:
            raise InvalidArgument(f"field '{field}[{i}].type': {m.type!r} is not a message type") from None
        out.append((role, type_, m.content, ContentType(content_type)))
    return out


async def create(deps: ServiceDeps, bot_id: int, *, name: str = "", meta_data: dict[str, str] | None = None,
                 connector_id: int = 0, initial: list[Entered] | None = None,
                 space_id: int = 0, found: agent_client.Bot | None = None) -> Conversation:
    """A conversation in the bot's space (`found`: the bot already looked up by the caller)."""
    found = found or await bot(deps, bot_id)
    if space_id and space_id != found.space_id:
        raise NotFound(f"bot {bot_id} not found in space {space_id}")
    await contents.check_all(deps, initial or [], "messages")
    async with deps.pool.acquire() as conn, conn.transaction():
        row = await conversations.insert(conn, id=deps.ids.next_id(), space_id=found.space_id, bot_id=bot_id,
                                         creator_id=current_context().user_id, section_id=deps.ids.next_id(),
                                         name=name, meta_data=meta_data, connector_id=connector_id or API_CONNECTOR)
        for role, type_, content, content_type in initial or []:
            await messages.insert(conn, id=deps.ids.next_id(), conversation_id=row.id, section_id=row.section_id,
                                  bot_id=bot_id, role=role, type=type_, content=content, content_type=content_type)
    return row


def planned(deps: ServiceDeps, found: agent_client.Bot, *, connector_id: int = 0) -> Conversation:
    """A conversation not yet written: a chat that starts one writes it in the chat's own
    transaction (one round trip less before the model runs)."""
    now = dt.datetime.now(dt.UTC)
    return Conversation(id=deps.ids.next_id(), space_id=found.space_id, bot_id=found.id,
                        creator_id=current_context().user_id, connector_id=connector_id or API_CONNECTOR,
                        section_id=deps.ids.next_id(), created_at=now, updated_at=now)


async def new_section(deps: ServiceDeps, conversation_id: int, space_id: int = 0) -> Conversation:
    async with deps.pool.acquire() as conn, conn.transaction():
        await access.conversation(conn, conversation_id, space_id=space_id, for_update=True)
        return await conversations.update(conn, conversation_id, section_id=deps.ids.next_id())


async def clear_history(deps: ServiceDeps, conversation_id: int, space_id: int = 0) -> Conversation:
    async with deps.pool.acquire() as conn, conn.transaction():
        await access.conversation(conn, conversation_id, space_id=space_id, for_update=True)
        await messages.delete_all(conn, conversation_id)
        return await conversations.update(conn, conversation_id, section_id=deps.ids.next_id())


async def list_(deps: ServiceDeps, req: cpb.ListConversationsApiRequest) -> tuple[list[Conversation], bool]:
    found = await bot(deps, req.bot_id)  # 404/403 for bots the caller cannot see
    if req.space_id and req.space_id != found.space_id:
        raise NotFound(f"bot {req.bot_id} not found in space {req.space_id}")
    page = paging.page_or_default(req.page_num, req.page_size, default_size=20, max_size=MAX_PAGE,
                                  number_field="page_num", size_field="page_size")
    order = (req.sort_field or "created_at").lower()
    if order not in ("created_at", "updated_at"):
        raise InvalidArgument("field 'sort_field': created_at or updated_at")
    direction = (req.sort_order or "DESC").upper()
    if direction not in ("ASC", "DESC"):
        raise InvalidArgument("field 'sort_order': ASC or DESC")
    rows = await conversations.list_page(deps.pool, bot_id=req.bot_id, creator_id=current_context().user_id,
                                         connector_id=req.connector_id if req.HasField("connector_id") else None,
                                         order_by=order, descending=direction == "DESC", limit=page.size + 1,
                                         offset=page.offset)
    return rows[:page.size], len(rows) > page.size


async def rename(deps: ServiceDeps, conversation_id: int, name: str, space_id: int = 0) -> Conversation:
    name = names.display_name(name)
    await access.conversation(deps.pool, conversation_id, space_id=space_id)
    return await conversations.update(deps.pool, conversation_id, name=name)


async def delete(deps: ServiceDeps, conversation_id: int, space_id: int = 0) -> None:
    await access.conversation(deps.pool, conversation_id, space_id=space_id)
    await conversations.soft_delete(deps.pool, conversation_id)


async def open_messages(deps: ServiceDeps, req: cpb.ListMessageApiRequest) -> cpb.ListMessageApiResponse:
    conv = await access.conversation(deps.pool, req.conversation_id, space_id=req.space_id)
    limit = paging.limit(req.limit, default=50, max_value=50)
    order = (req.order or "desc").lower()
    if order not in ("asc", "desc"):
        raise InvalidArgument("field 'order': asc or desc")
    if req.before_id and req.after_id:
        raise InvalidArgument("fields 'before_id' and 'after_id': give at most one")
    # The page is the `limit` messages nearest the cursor (before_id: older ones, after_id: newer
    # ones; none: from the `order` end), then returned in `order`. Only the current section: a
    # cleared context (/v1/conversations/:id/clear) hides what came before it.
    from_newest = bool(req.before_id) or (not req.after_id and order == "desc")
    rows = await messages.page(deps.pool, req.conversation_id, before_id=req.before_id or None,
                               after_id=req.after_id or None, limit=limit + 1, descending=from_newest,
                               chat_id=req.chat_id or None, section_id=conv.section_id)
    page = rows[:limit]
    if from_newest != (order == "desc"):
        page.reverse()
    return cpb.ListMessageApiResponse(data=[shapes.open_message(r) for r in page], has_more=len(rows) > limit,
                                      first_id=page[0].id if page else 0, last_id=page[-1].id if page else 0)


async def console_messages(deps: ServiceDeps, req: cpb.GetMessageListRequest) -> cpb.GetMessageListResponse:
    if req.conversation_id:
        conv = await access.conversation(deps.pool, req.conversation_id, space_id=req.space_id, bot_id=req.bot_id)
    else:
        # Like Coze's console: the caller's current conversation with the bot, started when there is none.
        found = await bot(deps, req.bot_id)
        if req.space_id and req.space_id != found.space_id:
            raise NotFound(f"bot {req.bot_id} not found in space {req.space_id}")
        conv = await conversations.latest(deps.pool, req.bot_id, current_context().user_id, CONSOLE_CONNECTOR)
        if conv is None:
            conv = await create(deps, req.bot_id, connector_id=CONSOLE_CONNECTOR, found=found)
    count = paging.limit(req.count, default=20, max_value=MAX_PAGE, field="count")
    try:
        cursor = int(req.cursor or "0")
    except ValueError:
        raise InvalidArgument("field 'cursor': a message id or \"0\"") from None
    # Prev (default): older than cursor ("0" = from the newest); Next: newer than cursor.
    # Either way the page is newest first; `cursor` continues to older, `next_cursor` to newer.
    newer = req.load_direction == LoadDirection.Next
    rows = await messages.page(deps.pool, conv.id, before_id=None if newer else (cursor or None),
                               after_id=cursor if newer else None, limit=count + 1, descending=not newer)
    page = rows[:count]
    more = len(rows) > count
    if newer:
        page.reverse()
    oldest = str(page[-1].id) if page else (req.cursor or "0")
    newest = str(page[0].id) if page else (req.cursor or "0")
    return cpb.GetMessageListResponse(
        message_list=[shapes.console_message(r) for r in page], conversation_id=conv.id,
        last_section_id=conv.section_id, cursor=oldest, hasmore=False if newer else more,
        next_cursor=newest, next_has_more=more if newer else False)


async def delete_message(deps: ServiceDeps, req: cpb.DeleteMessageRequest) -> None:
    await access.conversation(deps.pool, req.conversation_id, space_id=req.space_id)
    row = await messages.get(deps.pool, req.message_id)
    if row is None or row.conversation_id != req.conversation_id:
        raise NotFound(f"message {req.message_id} not found in conversation {req.conversation_id}")
    await messages.delete_one(deps.pool, req.message_id)


async def break_message(deps: ServiceDeps, req: cpb.BreakMessageRequest) -> None:
    """The user stopped reading an answer at broken_pos: it is kept, marked broken."""
    await access.conversation(deps.pool, req.conversation_id, space_id=req.space_id)
    target = req.answer_message_id if req.HasField("answer_message_id") else 0
    if not target:  # without the answer's id: the last answer to the question
        if not req.query_message_id:
            raise InvalidArgument("field 'query_message_id' or 'answer_message_id': required")
        answer = await messages.last_answer(deps.pool, req.query_message_id)
        if answer is None or answer.conversation_id != req.conversation_id:
            raise NotFound(f"no answer to message {req.query_message_id} in conversation {req.conversation_id}")
        target = answer.id
    if req.HasField("broken_pos") and req.broken_pos < 0:
        raise InvalidArgument("field 'broken_pos': must be >= 0")
    row = await messages.get(deps.pool, target)
    if row is None or row.conversation_id != req.conversation_id:
        raise NotFound(f"message {target} not found in conversation {req.conversation_id}")
    await messages.mark_broken(deps.pool, target, req.broken_pos if req.HasField("broken_pos") else None)


async def cancel_chat(deps: ServiceDeps, req: cpb.CancelChatApiRequest) -> Chat:
    """Cancels a running chat on whichever replica runs it (or one waiting for tool outputs)."""
    await access.chat(deps.pool, req.conversation_id, req.chat_id, space_id=req.space_id)
    row = await chats.cancel(deps.pool, req.chat_id)
    if row is None:
        current = await chats.get(deps.pool, req.chat_id)
        raise Conflict(f"chat {req.chat_id} already ended ({shapes.public_status(current.status)})")
    await request_cancel(deps.redis, req.chat_id)
    return row


async def chat_messages(deps: ServiceDeps, req: cpb.ListChatMessageApiRequest) -> list[Message]:
    await access.chat(deps.pool, req.conversation_id, req.chat_id, space_id=req.space_id)
    return await messages.of_chat(deps.pool, req.chat_id)


# ------------------------------------------------------------------ OpenAPI messages


def _meta_data(meta: dict[str, str], field: str) -> dict[str, str]:
    if len(meta) > MAX_META_PAIRS:
        raise InvalidArgument(f"field '{field}': at most {MAX_META_PAIRS} pairs")
    for key, value in meta.items():
        if not 1 <= len(key) <= MAX_META_KEY:
            raise InvalidArgument(f"field '{field}': key {key[:80]!r} must have 1 to {MAX_META_KEY} characters")
        if len(value) > MAX_META_VALUE:
            raise InvalidArgument(f"field '{field}[{key}]': at most {MAX_META_VALUE} characters")
    return meta


async def _message(deps: ServiceDeps, conversation_id: int, message_id: int, space_id: int = 0) -> Message:
    await access.conversation(deps.pool, conversation_id, space_id=space_id)
    row = await messages.get(deps.pool, message_id)
    if row is None or row.conversation_id != conversation_id:
        raise NotFound(f"message {message_id} not found in conversation {conversation_id}")
    return row


async def create_message(deps: ServiceDeps, req: cpb.CreateMessageApiRequest) -> Message:
    """A message added to the conversation's current section without a run: later chats see it in
    their history (a user message as a question, an assistant message as an answer)."""
    if req.role not in ROLES:
        raise InvalidArgument(f"field 'role': must be user or assistant, got {req.role!r}")
    meta = _meta_data(dict(req.meta_data), "meta_data")
    await contents.check(deps, req.content, req.content_type or ContentType.Text, "content")
    async with deps.pool.acquire() as conn, conn.transaction():
        # Locked so a concurrent clear cannot move the section between reading it and the insert.
        conv = await access.conversation(conn, req.conversation_id, space_id=req.space_id, for_update=True)
        row = await messages.insert(conn, id=deps.ids.next_id(), conversation_id=conv.id,
                                    section_id=conv.section_id, bot_id=conv.bot_id, role=MessageRole(req.role),
                                    type=ROLES[MessageRole(req.role)], content=req.content,
                                    content_type=ContentType(req.content_type or ContentType.Text),
                                    meta_data=meta)
        await conversations.touch(conn, conv.id)
    return row


async def retrieve_message(deps: ServiceDeps, req: cpb.RetrieveMessageApiRequest) -> Message:
    return await _message(deps, req.conversation_id, req.message_id, req.space_id)


async def modify_message(deps: ServiceDeps, req: cpb.ModifyMessageApiRequest,
                         sent_empty: frozenset[str] = frozenset()) -> Message:
    """sent_empty: the fields sent as {} (atelier_common.sent_empty): `meta_data` sent empty clears it."""
    row = await _message(deps, req.conversation_id, req.message_id, req.space_id)
    changes: dict[str, Any] = {}
    if req.HasField("content") or req.HasField("content_type"):
        content = req.content if req.HasField("content") else row.content
        content_type = req.content_type if req.HasField("content_type") and req.content_type else row.content_type
        await contents.check(deps, content, content_type, "content")
        changes.update(content=content, content_type=content_type)
    if req.meta_data or "meta_data" in sent_empty:
        changes["meta_data"] = _meta_data(dict(req.meta_data), "meta_data")
    if not changes:
        raise InvalidArgument("fields 'content', 'content_type', 'meta_data': give at least one")
    return await messages.update(deps.pool, row.id, **changes)


async def delete_message_api(deps: ServiceDeps, req: cpb.DeleteMessageApiRequest) -> Message:
    row = await _message(deps, req.conversation_id, req.message_id, req.space_id)
    await messages.delete_one(deps.pool, row.id)
    return row
