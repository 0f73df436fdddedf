"""One chat run, independent of the wire format: record the question and the run before the agent
starts, relay the agent's events as updates, save every message as it completes, and end the run
completed, failed (partial answer kept, marked broken), cancelled (by /v3/chat/cancel, by the
client going away, or by the server shutting down) or requires_action (the agent called a
client-side tool, or a plugin the user must authorize first: the run resumes with the caller's
outputs, or once authorized, see `start_resume`)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from typing import Any

import grpc

from atelier_common.errors import Conflict, from_rpc_error
from atelier_common.service import ServiceDeps
from atelier_common.streams import bursts, text_delta_merger
from atelier_conversation import agent_client
from atelier_conversation.chat.cancel import CancelSignals
from atelier_conversation.contents import Entered
from atelier_conversation.domain import shapes
from atelier_conversation.domain.entities import Chat, Conversation, Message
from atelier_conversation.store import chats, conversations, messages, runs
from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import ChatStatus, ContentType, ExecuteEventType, MessageRole, MessageStatus, MessageType

log = logging.getLogger("atelier.conversation.chat")

HISTORY_LIMIT = 100  # messages handed to the agent; it applies the agent's own round window
# Deltas that arrived while the client was still reading the last ones are sent as one.
MERGE_DELTAS = text_delta_merger(ExecuteEventType.Answer, "content", "reasoning_content")
ANSWER_FINISH = json.dumps({"msg_type": "generate_answer_finish", "data": "{}"})


@dataclass
class RunRequest:
    conversation: Conversation
    bot: agent_client.Bot | None  # None when resuming (the chat already passed every check)
    user_id: str
    query: str
    content_type: ContentType = ContentType.Text
    draft_mode: bool = False
    custom_variables: dict[str, str] = field(default_factory=dict)
    shortcut: tuple[int, dict[str, str]] | None = None
    meta_data: dict[str, str] = field(default_factory=dict)
    earlier: list[Entered] = field(default_factory=list)
    regenerate: Chat | None = None  # the chat whose answer is replaced (its question is reused)
    save: bool = True  # /v3/chat auto_save_history: false keeps this run's messages out of the conversation
    new_conversation: bool = False  # `conversation` is planned, not written yet: start() writes it
    resume: bool = False  # the chat stopped with requires_action: the agent continues its checkpoint
    # resume: (call_id, output) per pending client-side call (calls awaiting authorization have none)
    tool_outputs: list[tuple[str, str]] = field(default_factory=list)
    deep_research: bool | None = None  # this chat researches (or not); None: the agent's setting


@dataclass
class Update:
    kind: str  # chat | delta | message
    row: Chat | Message  # the chat, or a message (delta: the open answer, content = the delta)
    event: ChatStatus | None = None  # chat: the status it reached


def unsaved_message(*, id: int, conversation: Conversation, section_id: int, chat_id: int | None,
                    role: MessageRole, type_: MessageType, content: str, content_type: ContentType = ContentType.Text,
                    reply_id: int | None = None,
                    call_id: str = "", name: str = "", reasoning: str = "", in_conversation: bool = True) -> Message:
    """A message not (yet) written, shaped as the store returns it."""
    now = dt.datetime.now(dt.UTC)
    return Message(id=id, conversation_id=conversation.id, section_id=section_id, chat_id=chat_id,
                   bot_id=conversation.bot_id, role=role, type=type_, content=content, content_type=content_type,
                   status=MessageStatus.Available, broken_pos=None, reply_id=reply_id, call_id=call_id, name=name,
                   reasoning_content=reasoning, meta_data={}, created_at=now, updated_at=now,
                   in_conversation=in_conversation)


async def start(deps: ServiceDeps, req: RunRequest) -> tuple[Chat, Message]:
    """Writes the earlier messages, the question and the run (status in_progress) at once (one
    statement; a regenerate, one transaction). Without auto_save_history the earlier messages go
    to the agent directly, and the question (like every message of the run) is stored outside the
    conversation, readable by the chat's id."""
    if req.regenerate is not None:
        return await _start_regenerate(deps, req, req.regenerate)
    conv = req.conversation
    earlier = [unsaved_message(id=deps.ids.next_id(), conversation=conv, section_id=conv.section_id, chat_id=None,
                               role=role, type_=type_, content=content, content_type=content_type)
               for role, type_, content, content_type in (req.earlier if req.save else ())]
    chat_id = deps.ids.next_id()
    question = replace(unsaved_message(id=deps.ids.next_id(), conversation=conv, section_id=conv.section_id,
                                       chat_id=chat_id, role=MessageRole.User, type_=MessageType.Question,
                                       content=req.query, content_type=req.content_type, in_conversation=req.save),
                       meta_data=req.meta_data)
    # Recorded as in progress at once (the run starts right after this commits); the stream still
    # reports it "created" first, as Coze does.
    chat = await runs.start(deps.pool, conversation=conv, new_conversation=req.new_conversation,
                            rows=[*earlier, question], chat_id=chat_id, section_id=conv.section_id,
                            user_id=req.user_id, question_id=question.id, meta_data=req.meta_data,
                            status=ChatStatus.InProgress, draft_mode=req.draft_mode, save_history=req.save)
    # Written in the same statement as the chat: the same now().
    return chat, replace(question, created_at=chat.created_at, updated_at=chat.created_at)


async def _start_regenerate(deps: ServiceDeps, req: RunRequest, old: Chat) -> tuple[Chat, Message]:
    """The new run answers the old question: it moves to the new run (and stays in its section).
    The lock makes a concurrent regenerate of the same answer wait, then see it moved."""
    conv = req.conversation
    async with deps.pool.acquire() as conn, conn.transaction():
        chat_id = deps.ids.next_id()
        question = await messages.get(conn, old.question_id, for_update=True)
        if question is None or question.chat_id != old.id:
            raise Conflict(f"the answers of chat {old.id} were already regenerated")
        await messages.delete_of_chat(conn, old.id, keep_question=True)
        await messages.set_chat(conn, question.id, chat_id)
        await conversations.touch(conn, conv.id)
        chat = await chats.insert(conn, id=chat_id, conversation_id=conv.id, section_id=question.section_id,
                                  bot_id=conv.bot_id, user_id=req.user_id, question_id=question.id,
                                  meta_data=req.meta_data, status=ChatStatus.InProgress, draft_mode=req.draft_mode,
                                  save_history=req.save)
    return chat, question


async def start_resume(deps: ServiceDeps, conversation: Conversation, chat: Chat,
                       outputs: list[tuple[str, str]]) -> tuple[RunRequest, Chat, Message]:
    """Claims a chat waiting for tool outputs (Conflict when it is not, e.g. a second submission) and
    saves the outputs as its tool_response messages, in one transaction; then the run goes on."""
    names = {c["id"]: c["name"] for c in chat.required_action or []}
    async with deps.pool.acquire() as conn, conn.transaction():
        claimed = await chats.resume(conn, chat.id)
        if claimed is None:
            current = await chats.get(conn, chat.id)
            raise Conflict(f"chat {chat.id} is not waiting for tool outputs "
                           f"(it is {shapes.public_status(current.status)})")
        for call_id, output in outputs:
            await messages.insert(conn, id=deps.ids.next_id(), conversation_id=chat.conversation_id,
                                  section_id=chat.section_id, bot_id=chat.bot_id, role=MessageRole.Assistant,
                                  type=MessageType.ToolResponse, content=output, chat_id=chat.id,
                                  reply_id=chat.question_id, call_id=call_id, name=names.get(call_id, ""),
                                  in_conversation=chat.save_history)
        question = await messages.get(conn, chat.question_id) if chat.question_id else None
    if question is None:  # deleted meanwhile: the run still answers it
        question = unsaved_message(id=chat.question_id or 0, conversation=conversation, section_id=chat.section_id,
                               chat_id=chat.id, role=MessageRole.User, type_=MessageType.Question, content="")
    req = RunRequest(conversation=conversation, bot=None, user_id=chat.user_id, query=question.content,
                     content_type=question.content_type, draft_mode=chat.draft_mode, save=chat.save_history,
                     resume=True, tool_outputs=outputs)
    return req, claimed, question


# Why a run stopped early, as recorded on the chat: a user's cancel needs no explanation.
SHUTDOWN_ERROR = (503, "the server shut down before the chat finished; ask again")


class Run:
    """One run of the agent for a chat. `updates()` drives it; `stop()` ends it early from outside
    (a cancel signal, or the server shutting down) and the run records what was said."""

    def __init__(self, deps: ServiceDeps, cancels: CancelSignals, req: RunRequest, chat: Chat, question: Message):
        self.deps, self.cancels, self.req, self.chat, self.question = deps, cancels, req, chat, question
        self.answer: Message | None = None  # the answer message being streamed (content: in answer_parts)
        self.answer_parts: list[str] = []
        # A resumed run adds its usage to what the chat had used before it stopped.
        self.base_usage = (chat.input_tokens, chat.output_tokens)
        self.usage = self.base_usage
        self.stop_reason = ""  # user | shutdown
        self.pending_calls: list[dict[str, str]] = []  # client-side calls the run stopped for
        self.agent_error: tuple[int, str] | None = None  # (code, message) of the agent's error event
        self.call: grpc.aio.UnaryStreamCall | None = None
        # The chat was shown to the caller before the run started (stream=false answers at once):
        # a cancel may have come before the run listened for one.
        self.announced = False

    def _message(self, type_: MessageType, content: str, *, call_id: str = "", name: str = "") -> Message:
        return unsaved_message(id=self.deps.ids.next_id(), conversation=self.req.conversation,
                           section_id=self.chat.section_id, chat_id=self.chat.id, role=MessageRole.Assistant,
                           type_=type_,
                           content=content, reply_id=self.question.id, call_id=call_id, name=name,
                           in_conversation=self.req.save)

    async def _save(self, row: Message, *, partial: bool = False) -> Message:
        if partial:
            row = replace(row, status=MessageStatus.Broken, meta_data={"partial": "true"}, broken_pos=len(row.content))
        return (await messages.insert_many(self.deps.pool, [row]))[0]

    async def _saved(self, rows: list[Message]) -> AsyncIterator[Update]:
        """`rows` written in one statement, then handed on (a message is shown once it is stored)."""
        for row in await messages.insert_many(self.deps.pool, rows):
            yield Update("message", row)

    def _answer_done(self) -> Message | None:
        """The open answer, whole, to be saved; the run has none open after."""
        if self.answer is None:
            return None
        row = replace(self.answer, content="".join(self.answer_parts))
        self.answer, self.answer_parts = None, []
        return row

    def _final_answer_done(self) -> list[Message]:
        """The open answer and the marker that it is final (none without an answer)."""
        row = self._answer_done()
        return [] if row is None else [row, self._message(MessageType.Verbose, ANSWER_FINISH)]

    async def _close_answer(self, *, partial: bool = False) -> Message | None:
        row = self._answer_done()
        return await self._save(row, partial=partial) if row is not None else None

    def _request(self, history: list[Message]) -> apb.StreamExecuteRequest:
        req, conv = self.req, self.req.conversation
        out = apb.StreamExecuteRequest(
            bot_id=conv.bot_id, draft_mode=req.draft_mode, user_id=req.user_id, query=self.question.content,
            content_type=self.question.content_type, custom_variables=req.custom_variables,
            conversation_id=conv.id, chat_id=self.chat.id, space_id=conv.space_id,
            history=[apb.ExecuteHistoryMessage(role=m.role, type=m.type, content=m.content,
                                               call_id=m.call_id, name=m.name, content_type=m.content_type)
                     for m in history],
            tool_outputs=[apb.ExecuteToolOutput(call_id=c, output=o) for c, o in req.tool_outputs],
            resume=req.resume, new_conversation=req.new_conversation)
        if req.deep_research is not None:
            out.deep_research = req.deep_research
        if req.shortcut is not None:
            out.shortcut.CopyFrom(apb.ExecuteShortcut(command_id=req.shortcut[0], parameters=req.shortcut[1]))
        return out

    async def _finish(self, status: ChatStatus, code: int | None = None, msg: str | None = None) -> Chat:
        row = await chats.finish(self.deps.pool, self.chat.id, status=status, input_tokens=self.usage[0],
                                 output_tokens=self.usage[1], error_code=code, error_msg=msg)
        if row is None:  # cancelled meanwhile (cancel wins over a late completion)
            row = await chats.record_usage(self.deps.pool, self.chat.id, *self.usage)
        return row

    async def _stop_partial(self, status: ChatStatus, code: int | None = None, msg: str | None = None
                            ) -> tuple[Message | None, Chat]:
        saved = await self._close_answer(partial=True)
        return saved, await self._finish(status, code, msg)

    async def _history(self) -> list[Message]:
        """Earlier messages for the agent (a resumed run continues the agent's checkpoint: none)."""
        if self.req.resume:
            return []
        found: list[Message] = []
        if not self.req.new_conversation or (self.req.save and self.req.earlier):  # a new one holds no other
            found = await messages.history(self.deps.pool, self.chat.conversation_id, self.chat.section_id,
                                           before_id=self.question.id, exclude_chat=self.chat.id,
                                           limit=HISTORY_LIMIT)
        history: list[Message] = list(found)
        if not self.req.save:  # the request's earlier messages were not stored: hand them over directly
            history += [unsaved_message(id=0, conversation=self.req.conversation, section_id=self.chat.section_id,
                                    chat_id=None, role=role, type_=type_, content=content, content_type=ctype)
                        for role, type_, content, ctype in self.req.earlier]
        return history

    async def updates(self) -> AsyncIterator[Update]:
        deps = self.deps
        registered = False
        try:
            # Listening before the chat is shown: a cancel of it from now on is heard.
            self.cancels.register(self.chat.id, lambda: self.stop("user"))
            registered = True
            if not self.req.resume:
                yield Update("chat", replace(self.chat, status=ChatStatus.Created), ChatStatus.Created)
            yield Update("chat", self.chat, ChatStatus.InProgress)
            if self._shown_before_listening():  # at once: the history, and whether a cancel came unheard
                history, current = await asyncio.gather(self._history(), self._cancelled_unheard())
            else:
                history, current = await self._history(), None
            if current is not None:
                self.stop_reason = "user"
                yield Update("chat", current, ChatStatus.Cancelled)
                return
            self.call = agent_client.execute(deps.settings.agent_addr, self._request(history),
                                             deps.settings.chat_run_timeout_s)
            if self.stop_reason:  # stopped between registering and the call
                self.call.cancel()
            async for update in self._relay():
                yield update
        except asyncio.CancelledError:
            if self.stop_reason and not _being_cancelled():
                error = SHUTDOWN_ERROR if self.stop_reason == "shutdown" else (None, None)
                saved, row = await self._stop_partial(ChatStatus.Cancelled, *error)
                if saved is not None:
                    yield Update("message", saved)
                yield Update("chat", row, ChatStatus.Cancelled)
                return
            # The client went away: stop the agent and record what was said, whatever happens to us.
            await _shielded(self._stop_partial(ChatStatus.Cancelled))
            raise
        except GeneratorExit:
            # The consumer went away while we were suspended at a yield (the gRPC call ended between
            # two events): same as a disconnect. No-op when the run had already ended.
            self._stop_agent(registered)
            await _shielded(self._stop_partial(ChatStatus.Cancelled))
            raise
        finally:
            self._stop_agent(registered)

    def _shown_before_listening(self) -> bool:
        """Whether others may have known the chat before this run listened for its cancel: a
        resumed one, one of a conversation others can list, one answered at once do; a new
        conversation's streamed chat is first shown once the run listens."""
        return not self.req.new_conversation or self.announced

    async def _cancelled_unheard(self) -> Chat | None:
        """The chat, when it was cancelled before this run listened."""
        current = await chats.get(self.deps.pool, self.chat.id)
        return current if current.status == ChatStatus.Cancelled else None

    def _stop_agent(self, registered: bool) -> None:
        if registered:
            self.cancels.unregister(self.chat.id)
        if self.call is not None:
            self.call.cancel()

    def stop(self, reason: str) -> None:
        """Ends the run early (reason: user | shutdown); it records its partial answer as cancelled."""
        self.stop_reason = self.stop_reason or reason
        if self.call is not None:
            self.call.cancel()

    async def _relay(self) -> AsyncIterator[Update]:
        assert self.call is not None
        error: tuple[int, str] | None = None
        try:
            # What the agent said while we were saving comes as one burst: the messages its events
            # complete are saved in one statement, before any answer delta after them goes on.
            async for burst in bursts(self.call, MERGE_DELTAS):
                done: list[Message] = []
                for event in burst:
                    if event.type != ExecuteEventType.Answer:
                        done += self._done_by(event)
                        continue
                    if done:  # most deltas follow a delta: nothing to save
                        async for update in self._saved(done):
                            yield update
                        done = []
                    yield self._delta(event)
                if done:
                    async for update in self._saved(done):
                        yield update
        except grpc.aio.AioRpcError as e:
            if e.code() == grpc.StatusCode.CANCELLED and self.stop_reason:
                raise asyncio.CancelledError from None
            failure = from_rpc_error(e)
            if e.code() == grpc.StatusCode.NOT_FOUND:
                agent_client.forget(self.chat.bot_id)  # unpublished (or deleted) since it was remembered
            if e.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                error = (504, f"the chat ran longer than {self.deps.settings.chat_run_timeout_s:g} s")
            else:
                error = (failure.code, failure.msg)
        error = error or self.agent_error
        if error is not None:
            log.warning("chat %s failed (%s): %s", self.chat.id, error[0], error[1],
                        extra={"chat_id": str(self.chat.id), "bot_id": str(self.chat.bot_id)})
            saved, row = await self._stop_partial(ChatStatus.Failed, *error)
            if saved is not None:
                yield Update("message", saved)
            yield Update("chat", row, ChatStatus.Failed)
            return
        if self.pending_calls:
            async for update in self._require_action():
                yield update
            return
        async for update in self._close_final_answer():
            yield update
        row = await self._finish(ChatStatus.Completed)
        yield Update("chat", row, row.status)

    async def _require_action(self) -> AsyncIterator[Update]:
        saved = await self._close_answer()
        if saved is not None:
            yield Update("message", saved)
        row = await chats.require_action(self.deps.pool, self.chat.id, tool_calls=self.pending_calls,
                                         input_tokens=self.usage[0], output_tokens=self.usage[1])
        if row is None:  # cancelled meanwhile
            row = await chats.record_usage(self.deps.pool, self.chat.id, *self.usage)
        yield Update("chat", row, row.status)

    def _delta(self, event: apb.ExecuteEvent) -> Update:
        """An answer delta, added to the open answer (opened by the first)."""
        if self.answer is None:
            self.answer = self._message(MessageType.Answer, "")
            if event.content_type:  # a card (a workflow's option question or form) is shown as one
                self.answer = replace(self.answer, content_type=ContentType(event.content_type))
        self.answer_parts.append(event.content)
        if event.reasoning_content:
            self.answer = replace(self.answer, reasoning_content=self.answer.reasoning_content + event.reasoning_content)
        # The delta row holds this event's text and reasoning only (the open answer keeps the whole).
        return Update("delta", replace(self.answer, content=event.content, reasoning_content=event.reasoning_content))

    async def _close_final_answer(self) -> AsyncIterator[Update]:
        async for update in self._saved(self._final_answer_done()):
            yield update

    def _take_citations(self, content: str) -> None:
        """The open answer takes the agent's cited text (marks repaired or placed) and its sources;
        its deltas went out as the model wrote them, the stored answer is the cited one."""
        try:
            cited = json.loads(content)
        except json.JSONDecodeError:
            log.warning("chat %s: unreadable citations event ignored", self.chat.id)
            return
        if self.answer is None or not isinstance(cited, dict) or not isinstance(cited.get("text"), str):
            return
        sources = [s for s in cited.get("sources") or [] if isinstance(s, dict)]
        self.answer_parts = [cited["text"]]
        self.answer = replace(self.answer, sources=sources)

    def _done_by(self, event: apb.ExecuteEvent) -> list[Message]:
        """What an event other than an answer delta completes, to be saved: run state (usage, an
        error, the calls to wait for) completes nothing; a message ends the open answer (a follow-up
        question the final one), then is one itself."""
        if event.type == ExecuteEventType.Usage:
            self.usage = (self.base_usage[0] + event.usage.input_tokens, self.base_usage[1] + event.usage.output_tokens)
            return []
        if event.type == ExecuteEventType.Error:
            self.agent_error = (event.error_code or 500, event.content)
            return []
        if event.type == ExecuteEventType.RequiresAction:
            self.pending_calls = pending_calls(event.content)
            return []
        if event.type == ExecuteEventType.Citations:  # comes once the turn's last answer is whole: final
            self._take_citations(event.content)
            return self._final_answer_done()
        if event.type == ExecuteEventType.FollowUp:
            done = self._final_answer_done()
        else:
            answer = self._answer_done()
            done = [answer] if answer is not None else []
        # the other event types are message types of the same spelling (idl/agent.thrift)
        return [*done, self._message(MessageType(event.type), event.content, call_id=event.call_id, name=event.name)]


def _being_cancelled() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


# Saves of interrupted runs that outlive their run (a cancelled handler): a shutdown waits for them.
_saving: set[asyncio.Task[Any]] = set()


async def _shielded(coro: Any) -> None:
    task = asyncio.ensure_future(coro)
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.shield(task)
    if not task.done():
        _saving.add(task)
        task.add_done_callback(_saving.discard)
        task.add_done_callback(lambda t: t.exception() and log.error("saving a cancelled chat failed: %s", t.exception()))


async def saves_finished(timeout_s: float) -> None:
    """Waits (at most timeout_s) for the partial answers of interrupted runs to be recorded."""
    if _saving:
        await asyncio.wait(list(_saving), timeout=timeout_s)


def pending_calls(content: str) -> list[dict[str, str]]:
    """The agent's requires_action content -> [{id, name, arguments}] (arguments as JSON text), with
    authorization_url and plugin_name for a plugin call waiting for the user's consent."""
    try:
        items = json.loads(content)
    except json.JSONDecodeError:
        items = []
    calls = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get("id") and item.get("name"):
            arguments = item.get("arguments", "")
            call = {"id": str(item["id"]), "name": str(item["name"]),
                    "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments)}
            if item.get("authorization_url"):
                call["authorization_url"] = str(item["authorization_url"])
                call["plugin_name"] = str(item.get("plugin_name", ""))
            calls.append(call)
    return calls
