"""Chatflows of an app (/v1/workflows/chat with app_id, the real chatflow stack): the conversation
a chat runs in is the app's, as the conversations its conversation nodes name are, so a chat can
go on in a conversation its nodes made and another app's chat cannot use it; and a conversation
node's own isSuccess (false for a conversation that is not there) survives its error policy."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from cozepy import ChatEventType, Coze, Message, SyncHTTPClient, TokenAuth

from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
from atelier_devstack.conversation_canvas import CREATE_CONVERSATION, CREATE_MESSAGE, MESSAGE_LIST, conversation_node
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = [pytest.mark.timeout(120)]

CHATFLOW_MODE = 3


@pytest.fixture
def coze(chatflow_stack: KnowledgeStack) -> Iterator[Coze]:
    http = SyncHTTPClient(trust_env=False)
    yield Coze(auth=TokenAuth(chatflow_stack.token), base_url=chatflow_stack.gateway_url, http_client=http)
    http.close()


def console(stack: KnowledgeStack) -> httpx.Client:
    return httpx.Client(base_url=stack.gateway_url, trust_env=False, timeout=30,
                        headers={"Authorization": f"Bearer {stack.token}"})


def published_chatflow(stack: KnowledgeStack, doc: dict[str, Any]) -> str:
    with console(stack) as http:
        def api(route: str, **body: Any) -> dict[str, Any]:
            reply = http.post(f"/api/workflow_api/{route}", json={"space_id": stack.space_id, **body})
            assert reply.status_code == 200, reply.text
            return reply.json()["data"]

        workflow_id = api("create", name=f"app_{uuid.uuid4().hex[:8]}", desc="app conversations",
                          flow_mode=CHATFLOW_MODE)["workflow_id"]
        commit = api("canvas", workflow_id=workflow_id)["vcs_data"]["submit_commit_id"]
        api("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        api("publish", workflow_id=workflow_id, force=True)
    return workflow_id


def new_app_id() -> str:
    return str(7_600_000_000 + uuid.uuid4().int % 10**9)


def chat(coze: Coze, workflow_id: str, text: str, **fields: Any) -> tuple[str, str]:
    """(the chat's conversation id, the last answer)."""
    events = list(coze.workflows.chat.stream(workflow_id=workflow_id, additional_messages=[
        Message.build_user_question_text(text)], **fields))
    done = [e for e in events if e.event == ChatEventType.CONVERSATION_CHAT_COMPLETED]
    assert done, [(e.event, getattr(e, "error", None)) for e in events]
    answers = [e.message.content for e in events
               if e.event == ChatEventType.CONVERSATION_MESSAGE_COMPLETED and e.message.type == "answer"]
    return done[0].chat.conversation_id, answers[-1]


def refused_chat(stack: KnowledgeStack, workflow_id: str, text: str, **fields: Any) -> str:
    """The error of a chat that cannot start (its HTTP answer or its error event), as text."""
    with console(stack) as http:
        reply = http.post("/v1/workflows/chat", json={"workflow_id": workflow_id, "additional_messages": [
            {"role": "user", "content": text, "content_type": "text"}], **fields})
    body = reply.text
    assert reply.status_code != 200 or "error" in body, body
    assert "conversation.chat.completed" not in body
    return body


# Start -> the app's "notes" conversation (made or found) -> its messages -> End: "<id> <messages>".
NOTES = {"nodes": [
    entry(out("USER_INPUT", required=True)),
    conversation_node("140001", CREATE_CONVERSATION, "Notes", conversationName="notes"),
    conversation_node("140002", MESSAGE_LIST, "Read", conversationName="notes"),
    exit_(param("notes", ref("140001", "conversationId")), param("said", ref("140002", "messageList", "list")),
          text="{{notes}} {{said}}"),
], "edges": chain(ENTRY_ID, "140001", "140002", EXIT_ID)}


def test_an_apps_chat_goes_on_in_the_conversation_its_nodes_made(chatflow_stack, coze) -> None:
    workflow_id, app_id = published_chatflow(chatflow_stack, NOTES), new_app_id()
    first_conversation, answer = chat(coze, workflow_id, "start", app_id=app_id)
    notes_id, _, said = answer.partition(" ")
    assert notes_id != first_conversation and json.loads(said) == []

    # the chat goes on in "notes": its nodes find the conversation they made, with the chat's message in it
    in_notes, answer = chat(coze, workflow_id, "remember the milk", app_id=app_id, conversation_id=notes_id)
    assert in_notes == notes_id
    found_id, _, said = answer.partition(" ")
    assert found_id == notes_id
    assert [(m["role"], m["content"]) for m in json.loads(said)] == [("user", "remember the milk")]

    # both conversations are the app's: another app's chat (or one without an app) cannot use them
    for conversation_id in (notes_id, first_conversation):
        body = refused_chat(chatflow_stack, workflow_id, "hi", app_id=new_app_id(), conversation_id=conversation_id)
        assert f"conversation {conversation_id} not found in app" in body, body
        body = refused_chat(chatflow_stack, workflow_id, "hi", conversation_id=conversation_id)
        assert f"app {app_id}'s" in body, body
    again, _ = chat(coze, workflow_id, "still here", app_id=app_id, conversation_id=first_conversation)
    assert again == first_conversation


# A message to a conversation that is not there, under ReturnDefaultData: the node succeeds (it
# does not fail the run) and says it did not write the message.
MISSING = {"nodes": [
    entry(out("USER_INPUT", required=True)),
    {**conversation_node("140001", CREATE_MESSAGE, "Note", conversationName="nowhere", role="user",
                         content=ref(ENTRY_ID, "USER_INPUT"))},
    exit_(param("ok", ref("140001", "isSuccess", "boolean")), param("body", ref("140001", "errorBody", "object")),
          text="{{ok}} {{body}}"),
], "edges": chain(ENTRY_ID, "140001", EXIT_ID)}
MISSING["nodes"][1]["data"]["inputs"]["settingOnError"] = {
    "switch": True, "processType": 2, "dataOnErr": json.dumps({"isSuccess": False}), "timeoutMs": 0, "retryTimes": 0}
MISSING["nodes"][1]["data"]["outputs"].append(out("errorBody", "object"))


def test_a_conversation_nodes_own_failure_answer_survives_its_error_policy(chatflow_stack, coze) -> None:
    workflow_id = published_chatflow(chatflow_stack, MISSING)
    _, answer = chat(coze, workflow_id, "note this", app_id=new_app_id())
    ok, _, body = answer.partition(" ")
    assert ok == "false", answer
    assert body in ("", "null", "{}"), answer  # it did not fail: no error body
