"""The runtime's events as the conversation service receives them (ExecuteEvent)."""

from __future__ import annotations

import json
from typing import Any

from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import ExecuteEventType


def event(type_: ExecuteEventType, content: str = "", **fields: Any) -> apb.ExecuteEvent:
    return apb.ExecuteEvent(type=type_, content=content, **fields)


def verbose(msg_type: str, data: Any) -> apb.ExecuteEvent:
    """A run-record message: {"msg_type", "data": <data as JSON text>}, as Coze's verbose messages."""
    return event(ExecuteEventType.Verbose, json.dumps({"msg_type": msg_type, "data": json.dumps(data, ensure_ascii=False)},
                                                      ensure_ascii=False))


def tool_calls_made(out: Any, messages: list[dict[str, Any]]) -> list[apb.ExecuteEvent]:
    """A completion that called tools (`out`: llm.Completion): its assistant message appended to
    `messages`, and one function_call event per call."""
    messages.append({"role": "assistant", "content": out.text or None,
                     "tool_calls": [c.as_message_part() for c in out.tool_calls]})
    return [event(ExecuteEventType.FunctionCall, json.dumps({"name": c.name, "arguments": c.arguments}, ensure_ascii=False),
                  call_id=c.id, name=c.name) for c in out.tool_calls]
