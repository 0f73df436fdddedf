"""An agent tool's contract (pure): its arguments, and its result folded from the events of one
/v3/chat stream (ChatV3's `ChatEvent`s: Coze's event names, data in the OpenAPI's JSON)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from atelier_gateway.mcp.tools import ToolFailed, ToolResult

INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "description": "The message to send the agent."},
        "conversation_id": {
            "type": "string",
            "pattern": "^[0-9]+$",
            "description": "Continue this conversation: the conversation_id of an earlier answer of the same "
                           "agent (the agent then sees the earlier turns). Absent: a new conversation.",
        },
    },
    "required": ["query"],
    "additionalProperties": False,
}

OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answer": {"type": "string", "description": "The agent's answer."},
        "conversation_id": {"type": "string", "description": "Pass it back to continue the conversation."},
        "chat_id": {"type": "string", "description": "This run, as /v3/chat/retrieve knows it."},
    },
    "required": ["answer", "conversation_id", "chat_id"],
}

_ARGUMENTS = ", ".join(INPUT_SCHEMA["properties"])


@dataclass(frozen=True)
class ChatArguments:
    query: str
    conversation_id: int | None = None


def chat_arguments(arguments: Mapping[str, Any]) -> ChatArguments:
    """The call's arguments checked against INPUT_SCHEMA; ToolFailed naming the first problem."""
    unknown = sorted(set(arguments) - set(INPUT_SCHEMA["properties"]))
    if unknown:
        raise ToolFailed(f"argument {unknown[0]!r} is not accepted (arguments: {_ARGUMENTS})")
    query = arguments.get("query")
    if not isinstance(query, str) or not query.strip():
        raise ToolFailed("argument 'query': required, a non-empty string")
    conversation = arguments.get("conversation_id")
    if conversation is None or conversation == "":
        return ChatArguments(query)
    if not isinstance(conversation, str) or not conversation.isascii() or not conversation.isdigit():
        raise ToolFailed(f"argument 'conversation_id': {conversation!r} is not a conversation id "
                         "(the digits of an earlier answer's conversation_id)")
    return ChatArguments(query, int(conversation))


def _object(data: str) -> dict[str, Any]:
    try:
        value = json.loads(data)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


@dataclass
class ChatReply:
    """Feed it a chat's events in order, then ask for the result."""

    conversation_id: str = ""
    chat_id: str = ""
    answers: list[str] = field(default_factory=list)
    outcome: str = ""  # completed | failed | requires_action; "" while running
    error: str = ""
    pending_tools: list[str] = field(default_factory=list)

    def feed(self, event: str, data: str) -> None:
        if event.startswith("conversation.chat."):
            chat = _object(data)
            self.conversation_id = str(chat.get("conversation_id") or self.conversation_id)
            self.chat_id = str(chat.get("id") or self.chat_id)
            status = event.removeprefix("conversation.chat.")
            if status == "completed":
                self.outcome = status
            elif status == "failed":
                self.outcome = status
                self.error = str((chat.get("last_error") or {}).get("msg") or "the run failed")
            elif status == "requires_action":
                self.outcome = status
                calls = ((chat.get("required_action") or {}).get("submit_tool_outputs") or {}).get("tool_calls") or []
                self.pending_tools = [str((c.get("function") or {}).get("name") or "?") for c in calls]
        elif event == "conversation.message.completed":
            message = _object(data)
            if message.get("type") == "answer":
                self.answers.append(str(message.get("content") or ""))
        elif event == "error":
            self.outcome = "failed"
            self.error = str(_object(data).get("msg") or data or "the run failed")

    def _where(self) -> str:
        return f"conversation_id {self.conversation_id or '-'}, chat_id {self.chat_id or '-'}"

    def result(self) -> ToolResult:
        if self.outcome == "completed":
            answer = "\n\n".join(a for a in self.answers if a)
            return ToolResult(
                texts=(answer, f"conversation_id: {self.conversation_id} (pass it to continue this conversation)"),
                structured={"answer": answer, "conversation_id": self.conversation_id, "chat_id": self.chat_id},
            )
        if self.outcome == "failed":
            raise ToolFailed(f"the agent's run failed: {self.error} ({self._where()})")
        if self.outcome == "requires_action":
            raise ToolFailed(f"the agent stopped to wait for the outputs of client-side tools "
                             f"({', '.join(self.pending_tools) or '?'}), which an MCP call cannot supply ({self._where()})")
        raise ToolFailed(f"the agent's run ended without an answer: it was cancelled ({self._where()})")
