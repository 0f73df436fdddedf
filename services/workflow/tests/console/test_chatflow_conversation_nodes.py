"""Conversation and message nodes in a chatflow (/v1/workflows/chat through cozepy, the real
chatflow stack): the chatflow's Default conversation is the one the chat runs in, and the
conversations it names are the app's for the chatting user."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from cozepy import ChatEventType, Coze, Message, SyncHTTPClient, TokenAuth

from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
from atelier_devstack.conversation_canvas import (
    CREATE_CONVERSATION,
    CREATE_MESSAGE,
    LIST_CONVERSATIONS,
    conversation_node,
)
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = [pytest.mark.timeout(120)]

CHATFLOW_MODE = 3


@pytest.fixture
def coze(chatflow_stack: KnowledgeStack) -> Iterator[Coze]:
    http = SyncHTTPClient(trust_env=False)
    yield Coze(auth=TokenAuth(chatflow_stack.token), base_url=chatflow_stack.gateway_url, http_client=http)
    http.close()


def published_chatflow(stack: KnowledgeStack, doc: dict[str, Any]) -> str:
    with httpx.Client(base_url=stack.gateway_url, trust_env=False, timeout=30,
                      headers={"Authorization": f"Bearer {stack.token}"}) as console:
        def api(route: str, **body: Any) -> dict[str, Any]:
            reply = console.post(f"/api/workflow_api/{route}", json={"space_id": stack.space_id, **body})
            assert reply.status_code == 200, reply.text
            return reply.json()["data"]

        workflow_id = api("create", name=f"conv_{uuid.uuid4().hex[:8]}", desc="conversation nodes",
                          flow_mode=CHATFLOW_MODE)["workflow_id"]
        commit = api("canvas", workflow_id=workflow_id)["vcs_data"]["submit_commit_id"]
        api("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        api("publish", workflow_id=workflow_id, force=True)
    return workflow_id


# Start(USER_INPUT) -> a note in Default -> a conversation named "notes" -> the conversations -> End
# answering how many there are.
NOTING = {"nodes": [
    entry(out("USER_INPUT", required=True), out("CONVERSATION_NAME")),
    conversation_node("140001", CREATE_MESSAGE, "Note", conversationName="Default", role="assistant",
                      content=ref(ENTRY_ID, "USER_INPUT")),
    conversation_node("140002", CREATE_CONVERSATION, "Notes", conversationName="notes"),
    conversation_node("140003", LIST_CONVERSATIONS, "All"),
    exit_(param("all", ref("140003", "conversationList", "list")), param("notes", ref("140002", "conversationId")),
          text="{{notes}} {{all}}"),
], "edges": chain(ENTRY_ID, "140001", "140002", "140003", EXIT_ID)}


def test_a_chatflows_default_conversation_is_the_one_it_chats_in(chatflow_stack: KnowledgeStack,
                                                                 coze: Coze) -> None:
    workflow_id = published_chatflow(chatflow_stack, NOTING)
    app_id = str(7_500_000_000 + uuid.uuid4().int % 10**9)
    events = list(coze.workflows.chat.stream(workflow_id=workflow_id, app_id=app_id,
                                             additional_messages=[Message.build_user_question_text("buy milk")]))
    done = [e for e in events if e.event == ChatEventType.CONVERSATION_CHAT_COMPLETED]
    assert done, [e.event for e in events]
    chat_conversation = done[0].chat.conversation_id
    answer = [e.message.content for e in events if e.event == ChatEventType.CONVERSATION_MESSAGE_COMPLETED
              and e.message.type == "answer"][-1]
    notes_id, _, listed = answer.partition(" ")
    assert json.loads(listed) == [{"conversationName": "Default", "conversationId": chat_conversation},
                                  {"conversationName": "notes", "conversationId": notes_id}]
    stored = coze.conversations.messages.list(conversation_id=chat_conversation, order="asc").items
    assert [(m.role, m.content) for m in stored][:2] == [("user", "buy milk"), ("assistant", "buy milk")]
    assert notes_id != chat_conversation
    assert coze.conversations.messages.list(conversation_id=notes_id).items == []
