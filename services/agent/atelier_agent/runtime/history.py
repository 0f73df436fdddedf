"""A conversation's stored messages -> the model's history. Pure: no I/O.

Questions and answers become user and assistant messages. A turn's tool traffic is replayed as the
model produced it (an assistant message with its tool calls, then one tool message per result), so
the model remembers what its tools returned; calls without a stored result (a cancelled turn) are
left out, since a tool call must be followed by its result. Earlier messages with attachments
(object_string) are replayed as text naming the attachments: only the current message's files are
read for the model."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from atelier_agent.runtime.context_window import HistoryMessage
from atelier_common.message_content import describe
from atelier_proto.enums import ContentType, MessageRole, MessageType


@dataclass(frozen=True)
class Stored:
    """A stored message (MessageRole, MessageType, ContentType spellings); the model's roles are
    OpenAI's (user, assistant, tool)."""

    role: str
    type: str  # question | answer | function_call | tool_response
    content: str
    call_id: str = ""
    name: str = ""
    content_type: str = ContentType.Text


def _call(item: Stored) -> dict[str, Any] | None:
    try:
        body = json.loads(item.content)
    except json.JSONDecodeError:
        return None
    if not isinstance(body, dict) or not item.call_id:
        return None
    arguments = body.get("arguments", "")
    return {"id": item.call_id, "type": "function", "function": {
        "name": str(body.get("name") or item.name),
        "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments)}}


def history_messages(items: Iterable[Stored]) -> list[HistoryMessage]:
    out: list[HistoryMessage] = []
    calls: list[dict[str, Any]] = []
    results: dict[str, str] = {}

    def flush() -> None:
        if calls and all(c["id"] in results for c in calls):
            text = ""
            if out and out[-1].role == "assistant" and not out[-1].tool_calls:
                text = out.pop().content  # what the model said before calling: the same message
            out.append(HistoryMessage("assistant", text, tool_calls=tuple(calls)))
            out.extend(HistoryMessage("tool", results[c["id"]], tool_call_id=c["id"]) for c in calls)
        calls.clear()
        results.clear()

    for item in items:
        if item.type == MessageType.FunctionCall:
            if calls and all(c["id"] in results for c in calls):  # a new round of calls
                flush()
            call = _call(item)
            if call is not None:
                calls.append(call)
        elif item.type == MessageType.ToolResponse:
            if item.call_id:
                results[item.call_id] = item.content
        else:
            flush()
            if item.type == MessageType.Question or (item.role == MessageRole.User and not item.type):
                out.append(HistoryMessage("user", describe(item.content, item.content_type)))
            elif item.type == MessageType.Answer and item.content:
                out.append(HistoryMessage("assistant", describe(item.content, item.content_type)))
    flush()
    return out
