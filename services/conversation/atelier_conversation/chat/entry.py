"""The chat entry points: /v3/chat and /v3/chat/submit_tool_outputs (ChatEvent, Coze's OpenAPI
events and spellings) and the console's /api/conversation/chat (AgentRunEvent with
RunStreamResponse messages, Coze Studio's). Each validates everything before anything is written,
then runs the same engine and only formats its updates differently. A public call with
stream=false answers the chat at once and leaves the run to the background (chat.background)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace

from google.protobuf.message import Message

from atelier_common.auth import current_context
from atelier_common.errors import Conflict, InvalidArgument, NotFound
from atelier_common.jsonpb import message_to_json
from atelier_common.service import ServiceDeps
from atelier_conversation import access, contents, conversations
from atelier_conversation.chat import engine
from atelier_conversation.chat.runtime import ChatRuntime
from atelier_conversation.domain import shapes
from atelier_conversation.store import chats, messages
from atelier_proto import conversation_pb2 as cpb
from atelier_proto.enums import ChatStatus, ContentType, MessageRole, MessageType

# Coze's last event of a public stream: `event: done`, data the JSON string "[DONE]".
DONE_EVENT = cpb.ChatEvent(event="done", data='"[DONE]"')
# stream=false: the one event the service answers (the gateway makes its data the JSON answer's data).
ANSWER_EVENT = "chat"
MAX_TOOL_OUTPUT_CHARS = 100_000


def _json(msg: Message) -> str:
    """Event data in the same JSON the gateway gives unary answers (Coze field names, ids as strings)."""
    return json.dumps(message_to_json(msg), ensure_ascii=False)


# ------------------------------------------------------------------ /v3/chat


async def prepare_v3(deps: ServiceDeps, req: cpb.ChatV3Request) -> engine.RunRequest:
    if not req.user_id.strip():
        raise InvalidArgument("field 'user_id': required")
    items = conversations.entered(req.additional_messages, "additional_messages")
    if not items or items[-1][0] != MessageRole.User:
        raise InvalidArgument("field 'additional_messages': the last message must be the user's query")
    # auto_save_history=false: the run and its messages are readable by the chat's id (so a client
    # can poll a non-streamed answer) but never join the conversation.
    save = not req.HasField("auto_save_history") or req.auto_save_history
    role, _type, query, content_type = items[-1]
    await contents.check_all(deps, items, "additional_messages")
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
                             new_conversation=not (req.HasField("conversation_id") and req.conversation_id),
                             deep_research=req.deep_research if req.HasField("deep_research") else None)


class _DeltaTemplate:
    """The JSON of one answer's deltas, rendered once: every delta shares all fields but its content
    and reasoning, so a delta is the template's text with those two values filled in (the same
    text as dumping the whole object: keys in the same order, values escaped the same way)."""

    def __init__(self, base: dict) -> None:
        self._base = base
        self._plain = self._pieces({**base, "content": _SLOT}, 2)
        # this delta's reasoning, as Coze sends it (after the base's fields when the base has none)
        self._reasoning = self._pieces({**base, "content": _SLOT, "reasoning_content": _SLOT}, 3)

    @staticmethod
    def _pieces(doc: dict, count: int) -> list[str] | None:
        pieces = json.dumps(doc, ensure_ascii=False).split(_SLOT_JSON)
        return pieces if len(pieces) == count else None  # None: a base field holds the slot's text

    def render(self, content: str, reasoning: str) -> str:
        if self._plain is None or self._reasoning is None:
            doc = {**self._base, "content": content}
            if reasoning:
                doc["reasoning_content"] = reasoning
            return json.dumps(doc, ensure_ascii=False)
        if not reasoning:
            head, tail = self._plain
            return head + json.dumps(content, ensure_ascii=False) + tail
        head, middle, tail = self._reasoning
        return (head + json.dumps(content, ensure_ascii=False) + middle + json.dumps(reasoning, ensure_ascii=False)
                + tail)


# A value no message text holds (a NUL between two private-use characters), found again in the dump.
_SLOT = "\ue000\x00\ue001"
_SLOT_JSON = json.dumps(_SLOT, ensure_ascii=False)


class _V3Format:
    """Engine updates -> Coze OpenAPI events (the chat in its public shape: status `canceled`)."""

    def __init__(self) -> None:
        self._deltas: dict[int, _DeltaTemplate] = {}  # per answer message

    def event(self, update: engine.Update) -> cpb.ChatEvent:
        if update.kind == "chat":
            return cpb.ChatEvent(event=f"conversation.chat.{update.event}", data=_json(shapes.chat(update.row)))
        if update.kind == "delta":
            template = self._deltas.get(update.row.id)
            if template is None:
                base = message_to_json(shapes.v3_message(replace(update.row, reasoning_content="")))
                template = self._deltas[update.row.id] = _DeltaTemplate(base)
            data = template.render(update.row.content, update.row.reasoning_content)
            return cpb.ChatEvent(event="conversation.message.delta", data=data)
        return cpb.ChatEvent(event="conversation.message.completed", data=_json(shapes.v3_message(update.row)))


async def _public(runtime: ChatRuntime, run: engine.Run, stream: bool) -> AsyncIterator[cpb.ChatEvent]:
    if not stream:
        run.announced = True
        runtime.background.start(run)
        yield cpb.ChatEvent(event=ANSWER_EVENT, data=_json(shapes.chat(run.chat)))
        return
    fmt = _V3Format()
    async for update in run.updates():
        if update.kind == "chat" and update.event == ChatStatus.Cancelled:
            continue  # Coze has no canceled event: the stream just ends
        yield fmt.event(update)
    yield DONE_EVENT


async def chat_v3(deps: ServiceDeps, runtime: ChatRuntime, req: cpb.ChatV3Request) -> AsyncIterator[cpb.ChatEvent]:
    prepared = await prepare_v3(deps, req)
    chat, question = await engine.start(deps, prepared)
    async for event in _public(runtime, engine.Run(deps, runtime.cancels, prepared, chat, question), req.stream):
        yield event


# ------------------------------------------------------------------ /v3/chat/submit_tool_outputs


def check_outputs(chat_id: int, pending: list[dict[str, str]], outputs: list[cpb.ToolOutput]) -> list[tuple[str, str]]:
    """Every pending client-side call answered exactly once, nothing else: (call_id, output) in the
    calls' order. Calls waiting for the user to authorize their plugin need no output (any given is
    not used): the agent makes them again."""
    by_id = {c["id"]: c for c in pending}
    given: dict[str, str] = {}
    for i, out in enumerate(outputs):
        field = f"tool_outputs[{i}]"
        if out.tool_call_id not in by_id:
            raise InvalidArgument(f"field '{field}.tool_call_id': {out.tool_call_id!r} is not a pending tool call of "
                                  f"chat {chat_id} (pending: {', '.join(by_id) or 'none'})")
        if out.tool_call_id in given:
            raise InvalidArgument(f"field '{field}.tool_call_id': {out.tool_call_id!r} is answered twice")
        if len(out.output) > MAX_TOOL_OUTPUT_CHARS:
            raise InvalidArgument(f"field '{field}.output': at most {MAX_TOOL_OUTPUT_CHARS} characters")
        given[out.tool_call_id] = out.output
    client = [c for c in pending if not c.get("authorization_url")]
    missing = [f"{c['id']} ({c['name']})" for c in client if c["id"] not in given]
    if missing:
        raise InvalidArgument(f"field 'tool_outputs': no output for the pending tool call {', '.join(missing)}")
    return [(c["id"], given[c["id"]]) for c in client]


async def submit_tool_outputs(deps: ServiceDeps, runtime: ChatRuntime, req: cpb.SubmitToolOutputsApiRequest
                              ) -> AsyncIterator[cpb.ChatEvent]:
    chat = await access.chat(deps.pool, req.conversation_id, req.chat_id, space_id=req.space_id)
    if chat.status != chats.WAITING:
        raise Conflict(f"chat {req.chat_id} is not waiting for tool outputs "
                       f"(it is {shapes.public_status(chat.status)})")
    if not chat.required_action:  # a workflow chat's question: the next message in the conversation answers it
        raise Conflict(f"chat {req.chat_id} waits for the user's next message, not for tool outputs")
    outputs = check_outputs(req.chat_id, list(chat.required_action or []), list(req.tool_outputs))
    conversation = await access.conversation(deps.pool, req.conversation_id)
    prepared, chat, question = await engine.start_resume(deps, conversation, chat, outputs)
    async for event in _public(runtime, engine.Run(deps, runtime.cancels, prepared, chat, question), req.stream):
        yield event


# ------------------------------------------------------------------ console


async def prepare_console(deps: ServiceDeps, req: cpb.AgentRunRequest) -> engine.RunRequest:
    content_type = req.content_type or ContentType.Text
    conv = await access.conversation(deps.pool, req.conversation_id, bot_id=req.bot_id)
    regenerate = None
    if req.HasField("regen_message_id") and req.regen_message_id:
        answer = await messages.get(deps.pool, req.regen_message_id)
        if answer is None or answer.conversation_id != conv.id or answer.chat_id is None:
            raise NotFound(f"message {req.regen_message_id} not found in conversation {conv.id}")
        regenerate = await chats.get(deps.pool, answer.chat_id)
        if regenerate is None or regenerate.question_id is None \
                or await messages.get(deps.pool, regenerate.question_id) is None:
            raise NotFound(f"the question of message {req.regen_message_id} was deleted")
        if regenerate.status in chats.CANCELLABLE:  # running, or waiting for tool outputs
            raise Conflict(f"chat {regenerate.id} is still {regenerate.status}: cancel it before regenerating")
    else:
        await contents.check(deps, req.query, content_type, "query")
    bot = await conversations.bot(deps, req.bot_id)
    if not req.draft_mode and not bot.published:
        raise NotFound(f"bot {req.bot_id} is not published")
    shortcut = (req.shortcut_cmd_id, dict(req.extra)) if req.HasField("shortcut_cmd_id") and req.shortcut_cmd_id else None
    return engine.RunRequest(conversation=conv, bot=bot, user_id=str(current_context().user_id), query=req.query,
                             content_type=content_type, draft_mode=req.draft_mode,
                             custom_variables=dict(req.custom_variables), shortcut=shortcut, regenerate=regenerate,
                             deep_research=req.deep_research if req.HasField("deep_research") else None)


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


async def agent_run(deps: ServiceDeps, runtime: ChatRuntime, req: cpb.AgentRunRequest
                    ) -> AsyncIterator[cpb.AgentRunEvent]:
    run = await prepare_console(deps, req)
    chat, question = await engine.start(deps, run)
    fmt = _ConsoleFormat(run.conversation.id)
    ack = shapes.console_message(question)
    ack.type = MessageType.Ack
    yield fmt.message(ack, finished=True)
    async for update in engine.Run(deps, runtime.cancels, run, chat, question).updates():
        if update.kind == "delta":
            yield fmt.message(shapes.console_message(update.row), finished=False)
        elif update.kind == "message":
            yield fmt.message(shapes.console_message(update.row), finished=True)
        elif update.event == ChatStatus.Failed:
            error = cpb.ErrorData(code=update.row.last_error_code or 500, msg=update.row.last_error_msg or "")
            yield cpb.AgentRunEvent(event="error", data=_json(error))
    yield cpb.AgentRunEvent(event="done", data="")
