"""The two chat entry points: /v3/chat (ChatEvent, Coze's OpenAPI events) and the console's
/api/conversation/chat (AgentRunEvent with RunStreamResponse messages). Both validate everything
before anything is written, then run the same engine and only format its updates differently."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from google.protobuf.message import Message

from atelier_common.auth import current_context
from atelier_common.errors import Conflict, InvalidArgument, NotFound
from atelier_common.jsonpb import message_to_json
from atelier_common.service import ServiceDeps
from atelier_conversation import access, conversations
from atelier_conversation.chat import engine
from atelier_conversation.domain import shapes
from atelier_conversation.store import chats, messages
from atelier_proto import conversation_pb2 as cpb

DONE = "[DONE]"
MAX_QUERY_CHARS = 100_000


def _json(msg: Message) -> str:
    """Event data in the same JSON the gateway gives unary answers (Coze field names, ids as strings)."""
    return json.dumps(message_to_json(msg), ensure_ascii=False)


def _check_query(content: str, content_type: str, field: str) -> None:
    if not content.strip():
        raise InvalidArgument(f"field '{field}': the message is empty")
    if len(content) > MAX_QUERY_CHARS:
        raise InvalidArgument(f"field '{field}': at most {MAX_QUERY_CHARS} characters")
    if content_type not in ("text", "object_string"):
        raise InvalidArgument(f"field '{field}': content_type must be text or object_string")


# ------------------------------------------------------------------ /v3/chat


async def prepare_v3(deps: ServiceDeps, req: cpb.ChatV3Request) -> engine.RunRequest:
    if not req.user_id.strip():
        raise InvalidArgument("field 'user_id': required")
    items = conversations.entered(req.additional_messages, "additional_messages")
    if not items or items[-1][0] != "user":
        raise InvalidArgument("field 'additional_messages': the last message must be the user's query")
    save = not req.HasField("auto_save_history") or req.auto_save_history
    if not save and not req.stream:
        raise InvalidArgument("field 'auto_save_history': false needs stream true (a non-streamed answer is read "
                              "back from the saved messages)")
    role, _type, query, content_type = items[-1]
    _check_query(query, content_type, f"additional_messages[{len(items) - 1}].content")
    bot = await conversations.bot(deps, req.bot_id)
    if req.space_id and req.space_id != bot.space_id:
        raise NotFound(f"bot {req.bot_id} not found in space {req.space_id}")
    if not bot.published:
        raise NotFound(f"bot {req.bot_id} is not published")
    if req.HasField("conversation_id") and req.conversation_id:
        conv = await access.conversation(deps.pool, req.conversation_id, bot_id=req.bot_id)
    else:
        conv = conversations.planned(deps, bot, connector_id=req.connector_id)
    shortcut = None
    if req.HasField("shortcut_command"):
        shortcut = (req.shortcut_command.command_id, dict(req.shortcut_command.parameters))
    return engine.RunRequest(conversation=conv, bot=bot, user_id=req.user_id, query=query, content_type=content_type,
                             draft_mode=False, custom_variables=dict(req.custom_variables), shortcut=shortcut,
                             meta_data=dict(req.meta_data), earlier=items[:-1], save=save,
                             new_conversation=not (req.HasField("conversation_id") and req.conversation_id))


class _V3Format:
    def __init__(self) -> None:
        # Every delta of one answer shares all fields but content: render them once per answer.
        self._delta_base: dict[int, dict] = {}

    def event(self, update: engine.Update) -> cpb.ChatEvent:
        if update.kind == "chat":
            return cpb.ChatEvent(event=f"conversation.chat.{update.event}", data=_json(shapes.chat(update.row)))
        if update.kind == "delta":
            base = self._delta_base.get(update.row["id"])
            if base is None:
                base = self._delta_base[update.row["id"]] = message_to_json(shapes.v3_message(update.row))
            data = json.dumps({**base, "content": update.row["content"]}, ensure_ascii=False)
            return cpb.ChatEvent(event="conversation.message.delta", data=data)
        return cpb.ChatEvent(event="conversation.message.completed", data=_json(shapes.v3_message(update.row)))


async def chat_v3(deps: ServiceDeps, req: cpb.ChatV3Request) -> AsyncIterator[cpb.ChatEvent]:
    run = await prepare_v3(deps, req)
    chat, question = await engine.start(deps, run)
    fmt = _V3Format()
    async for update in engine.run(deps, run, chat, question):
        if update.kind == "chat" and update.event == "cancelled":
            continue  # Coze has no cancelled event: the stream just ends
        yield fmt.event(update)
    yield cpb.ChatEvent(event="conversation.stream.done", data=DONE)


# ------------------------------------------------------------------ console


async def prepare_console(deps: ServiceDeps, req: cpb.AgentRunRequest) -> engine.RunRequest:
    content_type = req.content_type or "text"
    conv = await access.conversation(deps.pool, req.conversation_id, bot_id=req.bot_id)
    regenerate = None
    if req.HasField("regen_message_id") and req.regen_message_id:
        answer = await messages.get(deps.pool, req.regen_message_id)
        if answer is None or answer["conversation_id"] != conv["id"] or answer["chat_id"] is None:
            raise NotFound(f"message {req.regen_message_id} not found in conversation {conv['id']}")
        regenerate = await chats.get(deps.pool, answer["chat_id"])
        if regenerate is None or regenerate["question_id"] is None \
                or await messages.get(deps.pool, regenerate["question_id"]) is None:
            raise NotFound(f"the question of message {req.regen_message_id} was deleted")
        if regenerate["status"] in chats.ACTIVE:
            raise Conflict(f"chat {regenerate['id']} is still running: cancel it before regenerating")
    else:
        _check_query(req.query, content_type, "query")
    bot = await conversations.bot(deps, req.bot_id)
    if not req.draft_mode and not bot.published:
        raise NotFound(f"bot {req.bot_id} is not published")
    shortcut = (req.shortcut_cmd_id, dict(req.extra)) if req.HasField("shortcut_cmd_id") and req.shortcut_cmd_id else None
    return engine.RunRequest(conversation=conv, bot=bot, user_id=str(current_context().user_id), query=req.query,
                             content_type=content_type, draft_mode=req.draft_mode,
                             custom_variables=dict(req.custom_variables), shortcut=shortcut, regenerate=regenerate)


class _ConsoleFormat:
    def __init__(self, conversation_id: int) -> None:
        self.conversation_id = conversation_id
        self.seq = 0
        self.index = 0

    def message(self, message: cpb.ChatMessage, *, finished: bool) -> cpb.AgentRunEvent:
        self.seq += 1
        body = cpb.RunStreamResponse(message=message, is_finish=finished, index=self.index,
                                     conversation_id=self.conversation_id, seq_id=self.seq)
        if finished:
            self.index += 1
        return cpb.AgentRunEvent(event="message", data=_json(body))


async def agent_run(deps: ServiceDeps, req: cpb.AgentRunRequest) -> AsyncIterator[cpb.AgentRunEvent]:
    run = await prepare_console(deps, req)
    chat, question = await engine.start(deps, run)
    fmt = _ConsoleFormat(run.conversation["id"])
    ack = shapes.console_message(question)
    ack.type = "ack"
    yield fmt.message(ack, finished=True)
    async for update in engine.run(deps, run, chat, question):
        if update.kind == "delta":
            yield fmt.message(shapes.console_message(update.row), finished=False)
        elif update.kind == "message":
            yield fmt.message(shapes.console_message(update.row), finished=True)
        elif update.event == "failed":
            error = cpb.ErrorData(code=update.row["last_error_code"] or 500, msg=update.row["last_error_msg"] or "")
            yield cpb.AgentRunEvent(event="error", data=_json(error))
    yield cpb.AgentRunEvent(event="done", data="")
