"""Coze's conversation and message nodes as canvas JSON, for the workflow tests: each node with the
inputs Coze's editor gives it and the outputs it declares (Coze's node registries)."""

from __future__ import annotations

from typing import Any

from atelier_devstack.canvas_builders import lit, node, out, param

MESSAGE_LIST, CLEAR_HISTORY, CREATE_CONVERSATION = 37, 38, 39
UPDATE_CONVERSATION, DELETE_CONVERSATION, LIST_CONVERSATIONS, CONVERSATION_HISTORY = 51, 52, 53, 54
CREATE_MESSAGE, EDIT_MESSAGE, DELETE_MESSAGE = 55, 56, 57

_SUCCESS = out("isSuccess", "boolean")
_MESSAGE_FIELDS = [out("messageId"), out("role"), out("contentType"), out("content")]
OUTPUTS: dict[int, list[dict[str, Any]]] = {
    CREATE_CONVERSATION: [_SUCCESS, out("isExisted", "boolean"), out("conversationId")],
    UPDATE_CONVERSATION: [_SUCCESS, out("isExisted", "boolean"), out("conversationId")],
    DELETE_CONVERSATION: [_SUCCESS],
    LIST_CONVERSATIONS: [out("conversationList", "list", schema={"type": "object", "schema": [
        out("conversationName"), out("conversationId")]})],
    CONVERSATION_HISTORY: [out("messageList", "list", schema={"type": "object", "schema": [
        out("role"), out("content")]})],
    CLEAR_HISTORY: [_SUCCESS],
    MESSAGE_LIST: [out("messageList", "list", schema={"type": "object", "schema": _MESSAGE_FIELDS}),
                   out("firstId"), out("lastId"), out("hasMore", "boolean")],
    CREATE_MESSAGE: [_SUCCESS, out("message", "object", schema=_MESSAGE_FIELDS)],
    EDIT_MESSAGE: [_SUCCESS],
    DELETE_MESSAGE: [_SUCCESS],
}


def conversation_node(id_: str, type_: int, title: str = "", **inputs: dict[str, Any] | str | int) -> dict[str, Any]:
    """A conversation node: its inputs by name, each a BlockInput (`ref(...)`) or a plain value
    (a literal: strings as strings, ints as integers)."""
    params = []
    for name, value in inputs.items():
        if isinstance(value, dict):
            params.append(param(name, value))
        else:
            params.append(param(name, lit(value, "integer" if isinstance(value, int) else "string")))
    return node(id_, type_, {"inputParameters": params}, OUTPUTS[type_], title or id_)
