"""/v1/workflows/chat's server-sent events, as Coze's chatflow sends them (cozepy's ChatEvent):
`conversation.chat.created` and `.in_progress` when the run starts; for each answer the run
gives (an OutputEmitter's text, the Exit node's answer, or its output variables as JSON) a
`conversation.message.delta` and a `conversation.message.completed` (a streaming one: a delta for
each piece as its LLM writes it, then the completed message, whole); then
`conversation.chat.completed` and `done`. A run stopping at a question or a form answers it as
the assistant's message (text for a plain question, a card with the question's data otherwise)
and ends `conversation.chat.requires_action`, `done`. A failed run ends with `error` {code, msg}.

Chat data is the conversation service's chat (ChatV3ChatDetail's JSON) plus `execute_id`; message
data has ChatV3MessageDetail's fields. Ids travel as strings."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping
from typing import Any

from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import ContentType, InterruptType, NodeType
from atelier_workflow.clients.conversations import Answer
from atelier_workflow.engine.model import Interrupt
from atelier_workflow.engine.observer import MessageEvent, NodeEvent

CHAT_CREATED = "conversation.chat.created"
CHAT_IN_PROGRESS = "conversation.chat.in_progress"
CHAT_COMPLETED = "conversation.chat.completed"
CHAT_REQUIRES_ACTION = "conversation.chat.requires_action"
MESSAGE_DELTA = "conversation.message.delta"
MESSAGE_COMPLETED = "conversation.message.completed"
ERROR, DONE = "error", "done"


def _text(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def question_answer(waiting: Interrupt) -> tuple[str, ContentType]:
    """What the assistant says when the run stops to ask: a plain question's text, or a card
    carrying the question's data (an option question, an input form), as Coze renders them."""
    if waiting.type == InterruptType.Question:
        try:
            messages = json.loads(waiting.data).get("messages") or []
        except (ValueError, AttributeError):
            messages = []
        first = messages[0] if messages and isinstance(messages[0], dict) else {}
        if first.get("content_type") == "text" and isinstance(first.get("content"), str):
            return first["content"], ContentType.Text
    return waiting.data, ContentType.Card


class ChatEvents:
    """A RunListener turning a chatflow run into chat events on a queue (None marks the end),
    keeping the answers it announced for the conversation."""

    def __init__(self, chat: Mapping[str, Any], execute_id: int, new_id: Callable[[], int]) -> None:
        self.queue: asyncio.Queue[wpb.ChatFlowRunEvent | None] = asyncio.Queue()
        self.execute_id = execute_id
        self.answers: list[Answer] = []
        self._chat = dict(chat)
        self._new_id = new_id
        self._answered: set[str] = set()
        self._streaming: dict[str, tuple[int, str]] = {}  # node -> its message's id, the text so far

    def put(self, event: str, data: Mapping[str, Any]) -> None:
        self.queue.put_nowait(wpb.ChatFlowRunEvent(event=event, data=_text(data)))

    def close(self) -> None:
        self.queue.put_nowait(None)

    def chat(self, event: str, chat: Mapping[str, Any] | None = None) -> None:
        """A conversation.chat.* event (the chat as last known, or as the conversation returned it)."""
        if chat is not None:
            self._chat = dict(chat)
        self.put(event, {**self._chat, "execute_id": str(self.execute_id)})

    def started(self) -> None:
        self.chat(CHAT_CREATED, {**self._chat, "status": "created"})
        self.chat(CHAT_IN_PROGRESS, {**self._chat, "status": "in_progress"})

    def _message(self, message_id: int, content: str, content_type: ContentType) -> dict[str, Any]:
        return {"id": str(message_id), "conversation_id": self._chat.get("conversation_id", ""),
                "bot_id": self._chat.get("bot_id", "0"), "chat_id": self._chat.get("id", ""),
                "section_id": self._chat.get("section_id", ""), "role": "assistant", "type": "answer",
                "content": content, "content_type": str(content_type), "created_at": int(time.time())}

    def answer(self, content: str, content_type: ContentType = ContentType.Text) -> None:
        """One assistant message: its delta (text only, as Coze) and its completion."""
        answer = Answer(self._new_id(), content, content_type)
        self.answers.append(answer)
        data = self._message(answer.id, content, content_type)
        if content_type == ContentType.Text:
            self.put(MESSAGE_DELTA, data)
        self.put(MESSAGE_COMPLETED, data)

    def _streamed(self, node_id: str, piece: str, last: bool) -> None:
        """A piece of a streaming answer: its delta; with the last, the completed message."""
        message_id, so_far = self._streaming.get(node_id) or (self._new_id(), "")
        if piece:
            self.put(MESSAGE_DELTA, self._message(message_id, piece, ContentType.Text))
        so_far += piece
        if not last:
            self._streaming[node_id] = (message_id, so_far)
            return
        self._streaming.pop(node_id, None)
        self.answers.append(Answer(message_id, so_far, ContentType.Text))
        self.put(MESSAGE_COMPLETED, self._message(message_id, so_far, ContentType.Text))

    def error(self, code: int, msg: str) -> None:
        self.put(ERROR, {"code": code, "msg": msg})

    def done(self) -> None:
        self.put(DONE, {"debug_url": ""})

    # RunListener

    def node_started(self, event: NodeEvent) -> None:
        pass

    def message(self, event: MessageEvent) -> None:
        if event.scope is not None:
            return
        self._answered.add(event.node_id)
        if event.last and event.node_id not in self._streaming:
            self.answer(event.text)
        else:
            self._streamed(event.node_id, event.text, event.last)

    def node_finished(self, event: NodeEvent) -> None:
        if event.node_type == NodeType.Exit and event.scope is None and event.node_id not in self._answered:
            self.answer(json.dumps(dict(event.outputs or {}), ensure_ascii=False, default=str))
