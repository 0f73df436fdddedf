"""Conversation and message nodes (Coze's nodes/conversation): CreateConversation,
ConversationUpdate, ConversationDelete, ConversationList, ConversationHistory,
ClearConversationHistory, MessageList, CreateMessage, EditMessage, DeleteMessage.

They address conversations by `conversationName` among the run's user's conversations of the
run's bot or app (`RunContext.services["conversations"]`, a `Conversations`); a run with neither
has no conversations and these nodes fail saying so. Inputs and outputs are Coze's:

  - CreateConversation gets or creates the name: {isSuccess, conversationId, isExisted}.
  - ConversationUpdate renames: a missing name or a taken new name is isSuccess false (with
    isExisted telling which), as in Coze; ConversationDelete fails the node for a missing name.
  - "Default" is the bot's or app's default conversation (Coze's template conversation), or the
    conversation a chatflow run answers in: message nodes create it on first use, it cannot be
    renamed or deleted, and ConversationList always lists it first (conversationId "0" until it
    exists).
  - Message nodes answer isSuccess false for a conversation that does not exist (as Coze), and
    fail the node for a message that is not in the conversation named (another user's, say).
  - ConversationHistory gives the latest `rounds` rounds (a question and its answers) of the
    current section as [{role, content}]; it fails for a conversation that does not exist.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from atelier_common.errors import AtelierError, InvalidArgument, NotFound, Unavailable
from atelier_proto.enums import NodeType
from atelier_workflow.clients import CONVERSATIONS
from atelier_workflow.clients.named_conversations import (
    DEFAULT_CONVERSATION,
    Conversations,
    NamedConversation,
    StoredMessage,
)
from atelier_workflow.domain.conversation_rounds import Turn, last_rounds, questions
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.services import declared_outputs, fill_outputs, service

MAX_MESSAGES = 50  # MessageList's page at most, Coze's limit
MAX_HISTORY_PAGES = 20  # ConversationHistory reads at most this many pages of 50 messages
ROLES = ("user", "assistant")


def _conversations(ctx: NodeContext) -> Conversations:
    return service(ctx, CONVERSATIONS, "the run's bot or app (conversations belong to one; give bot_id or app_id)")


def _text(node: PlanNode, inputs: dict[str, Any], name: str) -> str:
    value = inputs.get(name)
    if value is None or (isinstance(value, str) and not value.strip()):
        raise NodeError(f"{node.title}: the input {name} is required", "invalid_input")
    return value if isinstance(value, str) else str(value)


def _id(node: PlanNode, inputs: dict[str, Any], name: str, *, required: bool = True) -> int:
    value = inputs.get(name)
    if value in (None, "") and not required:
        return 0
    text = "" if value is None else str(value).strip()
    if not text.isdigit() or int(text) == 0:
        raise NodeError(f"{node.title}: the input {name} must be a message id (digits), not {value!r}",
                        "invalid_input")
    return int(text)


def _output(node: PlanNode, answer: dict[str, Any]) -> NodeOutput:
    return NodeOutput(fill_outputs(answer, declared_outputs(node)))


async def _service_call(node: PlanNode, call: Awaitable[Any], what: str) -> Any:
    """The conversation service's answer; its refusals become the node's failure, saying what."""
    try:
        return await call
    except NotFound as exc:
        raise NodeError(f"{node.title}: {exc.msg}", "not_found") from None
    except InvalidArgument as exc:
        raise NodeError(f"{node.title}: {exc.msg}", "invalid_input") from None
    except Unavailable as exc:
        raise NodeError(f"{node.title}: the conversation service did not answer ({exc.msg})",
                        "conversation_unavailable") from None
    except AtelierError as exc:
        raise NodeError(f"{node.title}: {what} failed: {exc.msg}", "conversation_failed") from None


async def _find(node: PlanNode, store: Conversations, name: str, *, create: bool = False
                ) -> tuple[NamedConversation | None, bool]:
    return await _service_call(node, store.find(name, create=create), f"looking up conversation {name!r}")


def _refuse_default(node: PlanNode, name: str, what: str) -> None:
    if name == DEFAULT_CONVERSATION:
        raise NodeError(f"{node.title}: the {DEFAULT_CONVERSATION} conversation cannot be {what}; only "
                        "conversations created by nodes can", "invalid_operation")


def _message(found: StoredMessage) -> dict[str, Any]:
    return {"messageId": str(found.id), "role": found.role, "contentType": found.content_type,
            "content": found.content}


# ------------------------------------------------------------------ conversations


async def create_conversation(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    name = _text(node, inputs, "conversationName")
    found, created = await _find(node, store, name, create=True)
    assert found is not None  # created when missing
    return _output(node, {"isSuccess": True, "conversationId": str(found.id), "isExisted": not created})


async def update_conversation(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    name, new_name = _text(node, inputs, "conversationName"), _text(node, inputs, "newConversationName")
    _refuse_default(node, name, "renamed")
    _refuse_default(node, new_name, "replaced")
    found, _ = await _find(node, store, name)
    if found is None:
        return _output(node, {"conversationId": "0", "isSuccess": False, "isExisted": False})
    taken, _ = await _find(node, store, new_name)
    if taken is not None:
        return _output(node, {"conversationId": str(taken.id), "isSuccess": False, "isExisted": True})
    await _service_call(node, store.rename(found.id, new_name), f"renaming conversation {name!r}")
    return _output(node, {"conversationId": str(found.id), "isSuccess": True, "isExisted": False})


async def delete_conversation(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    name = _text(node, inputs, "conversationName")
    _refuse_default(node, name, "deleted")
    found, _ = await _find(node, store, name)
    if found is None:
        raise NodeError(f"{node.title}: the conversation name does not exist: {name!r}", "conversation_not_found")
    await _service_call(node, store.delete(found.id), f"deleting conversation {name!r}")
    return _output(node, {"isSuccess": True})


async def list_conversations(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    found = await _service_call(node, store.named(), "listing conversations")
    default = next((c for c in found if c.name == DEFAULT_CONVERSATION), None)
    listed = [{"conversationName": DEFAULT_CONVERSATION, "conversationId": str(default.id if default else 0)}]
    listed += [{"conversationName": c.name, "conversationId": str(c.id)} for c in found if c is not default]
    return _output(node, {"conversationList": listed})


async def conversation_history(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    name = _text(node, inputs, "conversationName")
    rounds = inputs.get("rounds")
    if not isinstance(rounds, int) or isinstance(rounds, bool):
        raise NodeError(f"{node.title}: the input rounds is required (a whole number)", "invalid_input")
    found, _ = await _find(node, store, name)
    if found is None:
        raise NodeError(f"{node.title}: the conversation name does not exist: {name!r}", "conversation_not_found")
    newest_first: list[Turn] = []
    before_id = 0
    for _page in range(MAX_HISTORY_PAGES):  # newest first, until the rounds asked for are all in
        page = await _service_call(node, store.messages(found.id, limit=MAX_MESSAGES, before_id=before_id),
                                   f"reading conversation {name!r}")
        newest_first += [Turn(m.role, m.type, m.content) for m in page.messages]
        if not page.has_more or not page.messages or questions(newest_first) >= rounds:
            break
        before_id = page.messages[-1].id
    history = last_rounds(reversed(newest_first), rounds)
    return _output(node, {"messageList": [{"role": t.role, "content": t.content} for t in history]})


async def clear_history(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    name = _text(node, inputs, "conversationName")
    found, _ = await _find(node, store, name)
    if found is None:
        return _output(node, {"isSuccess": False})
    await _service_call(node, store.clear(found.id), f"clearing conversation {name!r}")
    return _output(node, {"isSuccess": True})


# ------------------------------------------------------------------ messages


async def list_messages(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    name = _text(node, inputs, "conversationName")
    before_id = _id(node, inputs, "beforeId", required=False)
    after_id = _id(node, inputs, "afterId", required=False)
    if before_id and after_id:
        raise NodeError(f"{node.title}: beforeId and afterId cannot be set at the same time", "invalid_input")
    limit = inputs.get("limit")
    limit = limit if isinstance(limit, int) and not isinstance(limit, bool) and 0 < limit <= MAX_MESSAGES \
        else MAX_MESSAGES
    found, _ = await _find(node, store, name)
    if found is None:
        return _output(node, {"messageList": [], "firstId": "0", "lastId": "0", "hasMore": False})
    page = await _service_call(node, store.messages(found.id, limit=limit, before_id=before_id, after_id=after_id),
                               f"reading conversation {name!r}")
    return _output(node, {"messageList": [_message(m) for m in page.messages], "firstId": str(page.first_id),
                          "lastId": str(page.last_id), "hasMore": page.has_more})


async def create_message(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    store = _conversations(ctx)
    name = _text(node, inputs, "conversationName")
    role = _text(node, inputs, "role")
    if role not in ROLES:
        raise NodeError(f"{node.title}: role must be user or assistant, not {role!r}", "invalid_input")
    content = _text(node, inputs, "content")
    found, _ = await _find(node, store, name, create=name == DEFAULT_CONVERSATION)
    if found is None:
        return _output(node, {"isSuccess": False, "message": {"messageId": "0", "role": role, "contentType": "text",
                                                              "content": content}})
    added = await _service_call(node, store.add_message(found.id, role, content), f"adding to conversation {name!r}")
    return _output(node, {"isSuccess": True, "message": _message(added)})


async def _change_message(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext,
                          change: Callable[[Conversations, int, int], Awaitable[None]], what: str) -> NodeOutput:
    store = _conversations(ctx)
    name = _text(node, inputs, "conversationName")
    message_id = _id(node, inputs, "messageId")
    found, _ = await _find(node, store, name)
    if found is None:
        return _output(node, {"isSuccess": False})
    await _service_call(node, change(store, found.id, message_id), f"{what} message {message_id}")
    return _output(node, {"isSuccess": True})


async def edit_message(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    content = _text(node, inputs, "newContent")
    return await _change_message(node, inputs, ctx, lambda s, c, m: s.edit_message(c, m, content), "editing")


async def delete_message(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    return await _change_message(node, inputs, ctx, lambda s, c, m: s.delete_message(c, m), "deleting")


EXECUTORS = {
    NodeType.CreateConversation: create_conversation,
    NodeType.ConversationUpdate: update_conversation,
    NodeType.ConversationDelete: delete_conversation,
    NodeType.ConversationList: list_conversations,
    NodeType.ConversationHistory: conversation_history,
    NodeType.ClearConversationHistory: clear_history,
    NodeType.MessageList: list_messages,
    NodeType.CreateMessage: create_message,
    NodeType.EditMessage: edit_message,
    NodeType.DeleteMessage: delete_message,
}
