"""Chatflow turns recorded for the workflow service (/v1/workflows/chat runs): the internal
StartWorkflowChat / FinishWorkflowChat RPCs.

A turn starts with the caller's earlier messages, the user's query and the chat (in progress)
written in one transaction; it ends with the assistant's answer and the chat's end (completed,
failed, or requires_action when the run stopped to ask the user: the user's next message answers,
and the chat it answers is completed then). The workflow runs the canvas; this service only keeps
the conversation, so /v1/conversation/message/list and later turns' chat history see the turn."""

from __future__ import annotations

import datetime as dt

from atelier_common.auth import require_internal
from atelier_common.errors import Conflict, InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_conversation import access, contents, conversations
from atelier_conversation.domain.entities import Chat, Conversation, Message
from atelier_conversation.store import chats, messages
from atelier_conversation.store import conversations as conversation_rows
from atelier_proto import conversation_pb2 as cpb
from atelier_proto.enums import ChatStatus, ContentType, MessageRole, MessageType

DEFAULT_HISTORY = 50
MAX_HISTORY = 200
# How a workflow chat may end, and the content types its answer may have.
ENDS = (ChatStatus.Completed, ChatStatus.Failed, ChatStatus.RequiresAction)
ANSWER_TYPES = (ContentType.Text, ContentType.Card)


async def _conversation(deps: ServiceDeps, req: cpb.StartWorkflowChatRequest) -> tuple[Conversation, bool]:
    """The conversation named (it must be in the workflow's space), or a new one (not written yet)."""
    if req.HasField("conversation_id") and req.conversation_id:
        found = await access.conversation(deps.pool, req.conversation_id, space_id=req.space_id)
        if found.app_id and found.app_id != req.app_id:
            raise NotFound(f"conversation {found.id} not found in app {req.app_id}" if req.app_id
                           else f"conversation {found.id} is app {found.app_id}'s: give its app_id")
        return found, False
    now = dt.datetime.now(dt.UTC)
    return Conversation(id=deps.ids.next_id(), space_id=req.space_id, bot_id=req.bot_id, app_id=req.app_id,
                        creator_id=req.creator_id, connector_id=req.connector_id or conversations.API_CONNECTOR,
                        section_id=deps.ids.next_id(), created_at=now, updated_at=now), True


async def start(deps: ServiceDeps, req: cpb.StartWorkflowChatRequest) -> tuple[Chat, Message, list[Message]]:
    """The chat (in progress), the user's query, and the section's earlier questions and answers."""
    require_internal()
    if not req.space_id:
        raise InvalidArgument("field 'space_id': required")
    if req.bot_id and req.app_id:
        raise InvalidArgument("fields 'bot_id' and 'app_id': give at most one of them")
    items = conversations.entered(req.additional_messages, "additional_messages")
    if not items or items[-1][0] != MessageRole.User:
        raise InvalidArgument("field 'additional_messages': the last message must be the user's query")
    # the workflow calls as a service: the files must be those of the caller it acts for
    await contents.check_all(deps, items, "additional_messages", owner_id=req.creator_id)
    limit = min(req.history_limit or DEFAULT_HISTORY, MAX_HISTORY)
    conv, new = await _conversation(deps, req)
    *earlier, (_role, _type, query, content_type) = items
    owner = conv.bot_id or conv.app_id  # messages and chats name the bot or app they are for
    async with deps.pool.acquire() as conn, conn.transaction():
        if new:
            await conversation_rows.insert(conn, id=conv.id, space_id=conv.space_id, bot_id=conv.bot_id,
                                           creator_id=conv.creator_id, section_id=conv.section_id,
                                           connector_id=conv.connector_id, app_id=conv.app_id)
        else:
            await conversation_rows.touch(conn, conv.id)
        if req.resumes_chat_id:
            await _answered(conn, conv.id, req.resumes_chat_id)
        for role, type_, content, earlier_type in earlier:
            await messages.insert(conn, id=deps.ids.next_id(), conversation_id=conv.id, section_id=conv.section_id,
                                  bot_id=owner, role=role, type=type_, content=content,
                                  content_type=earlier_type)
        chat_id = deps.ids.next_id()
        question = await messages.insert(conn, id=deps.ids.next_id(), conversation_id=conv.id,
                                         section_id=conv.section_id, bot_id=owner, role=MessageRole.User,
                                         type=MessageType.Question, content=query, content_type=content_type,
                                         chat_id=chat_id)
        chat = await chats.insert(conn, id=chat_id, conversation_id=conv.id, section_id=conv.section_id,
                                  bot_id=owner, user_id=req.user_id or str(req.creator_id),
                                  question_id=question.id, meta_data={}, status=ChatStatus.InProgress)
        history = await messages.history(conn, conv.id, conv.section_id, before_id=question.id, exclude_chat=chat_id,
                                         limit=limit)
    return chat, question, [m for m in history if m.type in (MessageType.Question, MessageType.Answer)]


async def _answered(conn, conversation_id: int, chat_id: int) -> None:  # noqa: ANN001 - a connection in a transaction
    """The chat that waited for the user's message ends: it is answered."""
    chat = await chats.get(conn, chat_id)
    if chat is None or chat.conversation_id != conversation_id:
        raise NotFound(f"chat {chat_id} not found in conversation {conversation_id}")
    await chats.complete_waiting(conn, chat_id)  # a chat cancelled meanwhile stays as it is


async def finish(deps: ServiceDeps, req: cpb.FinishWorkflowChatRequest) -> tuple[Chat, list[Message]]:
    """The assistant's messages stored and the chat ended, in one transaction."""
    require_internal()
    try:
        status = ChatStatus(req.status)
    except ValueError:
        status = None
    if status not in ENDS:
        raise InvalidArgument(f"field 'status': completed, failed or requires_action, got {req.status!r}")
    for i, given in enumerate(req.answers):
        if (given.content_type or ContentType.Text) not in ANSWER_TYPES:
            raise InvalidArgument(f"field 'answers[{i}].content_type': text or card, got {given.content_type!r}")
        if not given.id:
            raise InvalidArgument(f"field 'answers[{i}].id': required")
    chat = await chats.get(deps.pool, req.chat_id)
    if chat is None or chat.conversation_id != req.conversation_id:
        raise NotFound(f"chat {req.chat_id} not found in conversation {req.conversation_id}")
    error = (req.last_error.code, req.last_error.msg) if req.HasField("last_error") else (None, None)
    async with deps.pool.acquire() as conn, conn.transaction():
        if status == ChatStatus.RequiresAction:  # no tool calls: the user's next message answers
            ended = await chats.require_action(conn, chat.id, tool_calls=[], input_tokens=req.input_tokens,
                                               output_tokens=req.output_tokens)
        else:
            ended = await chats.finish(conn, chat.id, status=status, input_tokens=req.input_tokens,
                                       output_tokens=req.output_tokens, error_code=error[0], error_msg=error[1])
        if ended is None:
            raise Conflict(f"chat {chat.id} already ended (it is {chat.status})")
        answers = [await messages.insert(conn, id=given.id, conversation_id=chat.conversation_id,
                                         section_id=chat.section_id, bot_id=chat.bot_id, role=MessageRole.Assistant,
                                         type=MessageType.Answer, content=given.content,
                                         content_type=ContentType(given.content_type or ContentType.Text),
                                         chat_id=chat.id, reply_id=chat.question_id)
                   for given in req.answers]
    return ended, answers
