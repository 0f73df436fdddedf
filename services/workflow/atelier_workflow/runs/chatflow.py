"""A chatflow turn (/v1/workflows/chat): the user's message recorded in its conversation (the
conversation service's StartWorkflowChat), the chatflow run here with USER_INPUT and the
conversation's history for its LLM nodes, its answers streamed as chat events and stored back
(FinishWorkflowChat).

A run that stops at a question or a form waits in the conversation (chatflow_waits): the next
message there is the answer, and the same run carries on from its checkpoint, as in Coze. A wait
whose run no longer waits (it was cancelled) is dropped: the message starts a new run."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from atelier_common.errors import AtelierError, NotFound
from atelier_common.files import FileStore
from atelier_common.jsonpb import message_to_json
from atelier_common.message_content import ContentError, Part, parse_object_string, plain_text
from atelier_proto import conversation_pb2 as cpb
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import ChatStatus, ContentType, WorkflowExeStatus, WorkflowRunMode
from atelier_workflow.clients.conversations import Answer, ConversationTurns, TurnEnd
from atelier_workflow.domain.runs import Execution, RunEnd
from atelier_workflow.engine.model import Interrupt, ResumeAnswer
from atelier_workflow.runs import starting
from atelier_workflow.runs.chat_events import CHAT_COMPLETED, CHAT_REQUIRES_ACTION, ChatEvents, question_answer
from atelier_workflow.runs.definitions import Definition
from atelier_workflow.runs.executing import Runner, answer_for, error_message
from atelier_workflow.runs.streaming import RUN_FAILED_CODE
from atelier_workflow.store import chatflow_waits, executions
from atelier_workflow.store.chatflow_waits import ChatflowWait

log = logging.getLogger("atelier.workflow.chatflow")

USER_INPUT = "USER_INPUT"  # the Entry input a chatflow gets the user's message in
ATTACHMENT_URL_TTL_S = 24 * 3600  # how long USER_INPUT's file URLs open (a run may wait for the user)


@dataclass(frozen=True)
class ChatTurn:
    """A validated request: what runs, for whom, with which inputs."""

    definition: Definition
    inputs: Mapping[str, Any]
    request: cpb.StartWorkflowChatRequest  # the turn as the conversation service records it
    bot_id: int | None
    app_id: int | None


async def user_input(files: FileStore, message: cpb.ChatV3MessageDetail) -> str:
    """USER_INPUT as Coze forms it: a text message as is; a multimodal one (object_string) as its
    texts then its attachments' URLs (an uploaded file's signed URL, a file_url as given), joined
    by ",". The conversation service has checked that the caller owns the files."""
    content_type = message.content_type or ContentType.Text
    if content_type != ContentType.ObjectString:
        return message.content
    try:
        parts = parse_object_string(message.content)
    except ContentError:
        return plain_text(message.content, content_type)
    texts = [p.text for p in parts if p.type == "text" and p.text]
    urls = [await _attachment_url(files, p) for p in parts if p.is_attachment]
    return ",".join([*texts, *urls])


async def _attachment_url(files: FileStore, part: Part) -> str:
    if part.file_url:
        return part.file_url
    stored = await files.get(part.file_id)
    if stored is None:
        raise NotFound(f"file {part.file_id} of the message not found")
    return await files.url(stored, ATTACHMENT_URL_TTL_S)


def _history(started: cpb.StartWorkflowChatResponse) -> list[dict[str, Any]]:
    return [{"role": m.role, "content": plain_text(m.content, m.content_type or "text")} for m in started.history]


async def run_turn(runner: Runner, turns: ConversationTurns, turn: ChatTurn) -> AsyncIterator[wpb.ChatFlowRunEvent]:
    wf = turn.definition.workflow
    wait = None
    if turn.request.conversation_id:
        wait = await chatflow_waits.get(runner.deps.pool, turn.request.conversation_id, wf.id)
    request = cpb.StartWorkflowChatRequest()
    request.CopyFrom(turn.request)
    if wait is not None:
        request.resumes_chat_id = wait.chat_id
    started = await turns.start(request)  # the user's message is in the conversation from here on
    chat = started.chat
    try:
        execution, answer = await _execution(runner, turn, wait, started)
    except BaseException as exc:
        await asyncio.shield(_fail_chat(turns, chat.conversation_id, chat.id, error_message(exc)))
        raise
    events = ChatEvents(message_to_json(chat), execution.id, runner.deps.ids.next_id)
    events.started()
    task = asyncio.create_task(_execute(runner, turns, events, execution, answer, _history(started),
                                        chat.conversation_id, chat.id))
    try:
        while (event := await events.queue.get()) is not None:
            yield event
        await task
    finally:
        if not task.done():  # the caller went away: the run is cancelled with it, the chat fails
            task.cancel()


async def _execution(runner: Runner, turn: ChatTurn, wait: ChatflowWait | None,
                     started: cpb.StartWorkflowChatResponse) -> tuple[Execution, ResumeAnswer | None]:
    """The run waiting in the conversation, reopened with the user's message as its answer; or a new run."""
    text = await user_input(FileStore(runner.deps.storage), started.question) if started.question.content else ""
    if wait is not None:
        async with runner.deps.pool.acquire() as conn, conn.transaction():
            reopened = None
            if await chatflow_waits.take(conn, wait.conversation_id, wait.workflow_id, wait.execute_id):
                reopened = await executions.reopen(conn, wait.execute_id, owner=runner.owner,
                                                   lease_s=runner.deps.settings.workflow_lease_s)
        if reopened is not None:
            return reopened, answer_for(reopened, text)
    inputs = {**turn.inputs, USER_INPUT: text}
    new = starting.new_execution(runner.deps, turn.definition, inputs, WorkflowRunMode.Stream, bot_id=turn.bot_id,
                                 project_id=turn.app_id)
    return await starting.start_here(runner.deps, new, runner.owner), None


async def _execute(runner: Runner, turns: ConversationTurns, events: ChatEvents, execution: Execution,
                   answer: ResumeAnswer | None, history: list[dict[str, Any]], conversation_id: int,
                   chat_id: int) -> None:
    try:
        end = await runner.execute(execution, durable=False, listener=events, answer=answer, history=history,
                                   conversation_id=conversation_id,
                                   timeout_s=runner.deps.settings.workflow_sync_timeout_s)
        await _end_turn(runner, turns, events, execution, end, conversation_id, chat_id)
    except asyncio.CancelledError:
        await asyncio.shield(_fail_chat(turns, conversation_id, chat_id, "the caller went away before the answer",
                                        events.answers))
        raise
    except AtelierError as exc:
        log.warning("chatflow turn of run %s could not be recorded: %s", execution.id, exc.msg)
        events.error(RUN_FAILED_CODE, exc.msg)
    finally:
        events.close()


async def _end_turn(runner: Runner, turns: ConversationTurns, events: ChatEvents, execution: Execution,
                    end: RunEnd | None, conversation_id: int, chat_id: int) -> None:
    usage = {"input_tokens": end.input_tokens, "output_tokens": end.output_tokens} if end else {}
    if end is not None and end.status == WorkflowExeStatus.Success:
        finished = await turns.finish(conversation_id, chat_id, TurnEnd(ChatStatus.Completed, events.answers, **usage))
        events.chat(CHAT_COMPLETED, message_to_json(finished.chat))
        events.done()
        return
    if end is not None and end.status == WorkflowExeStatus.Interrupted:
        for node_id, record in ((end.checkpoint or {}).get("interrupted") or {}).items():
            events.answer(*question_answer(Interrupt.from_record(node_id, record)))
        # The wait first: a chat never shows requires_action without the run its answer resumes.
        await chatflow_waits.put(runner.deps.pool, ChatflowWait(conversation_id, execution.workflow_id,
                                                                execution.id, chat_id))
        finished = await turns.finish(conversation_id, chat_id,
                                      TurnEnd(ChatStatus.RequiresAction, events.answers, **usage))
        events.chat(CHAT_REQUIRES_ACTION, message_to_json(finished.chat))
        events.done()
        return
    message = "the run was taken over by another process" if end is None else (end.error_msg or "the run failed")
    await turns.finish(conversation_id, chat_id, TurnEnd(ChatStatus.Failed, events.answers,
                                                         error=(RUN_FAILED_CODE, message), **usage))
    events.error(RUN_FAILED_CODE, message)


async def _fail_chat(turns: ConversationTurns, conversation_id: int, chat_id: int, message: str,
                     answers: Sequence[Answer] = ()) -> None:
    try:
        await turns.finish(conversation_id, chat_id, TurnEnd(ChatStatus.Failed, answers, error=(RUN_FAILED_CODE, message)))
    except AtelierError as exc:
        log.warning("chat %s could not be failed: %s", chat_id, exc.msg)
