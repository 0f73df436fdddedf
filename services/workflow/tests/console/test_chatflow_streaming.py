"""A chatflow whose End node streams (Coze's streamingOutput, as its chatflow templates set it),
through the official Coze SDK against the real stack: the LLM's answer comes as several
`conversation.message.delta` events of one message while the scripted model writes it, then one
`conversation.message.completed` with the whole text, and the conversation keeps that one answer."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from cozepy import ChatEventType, Coze, Message, SyncHTTPClient, TokenAuth

from atelier_devstack.canvas_builders import chain, entry, exit_, lit, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack

pytestmark = [pytest.mark.timeout(120)]

CHATFLOW_MODE = 3
ANSWER = "Green tea is steamed or pan-fired soon after picking, which keeps it green."


@pytest.fixture
def coze(chatflow_stack: KnowledgeStack) -> Iterator[Coze]:
    http = SyncHTTPClient(trust_env=False)
    yield Coze(auth=TokenAuth(chatflow_stack.token), base_url=chatflow_stack.gateway_url, http_client=http)
    http.close()


def publish(stack: KnowledgeStack, doc: dict[str, Any]) -> str:
    with httpx.Client(base_url=stack.gateway_url, trust_env=False, timeout=30,
                      headers={"Authorization": f"Bearer {stack.token}"}) as console:
        def api(route: str, **body: Any) -> dict[str, Any]:
            reply = console.post(f"/api/workflow_api/{route}", json={"space_id": stack.space_id, **body})
            assert reply.status_code == 200, reply.text
            return reply.json()["data"]

        workflow_id = api("create", name=f"chat_{uuid.uuid4().hex[:8]}", desc="a chatflow",
                          flow_mode=CHATFLOW_MODE)["workflow_id"]
        commit = api("canvas", workflow_id=workflow_id)["vcs_data"]["submit_commit_id"]
        api("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        api("publish", workflow_id=workflow_id, force=True)
        return workflow_id


def streaming_chatflow() -> dict[str, Any]:
    """Start(USER_INPUT) -> LLM -> End answering "{{answer}}" with streamingOutput on."""
    params = [param("modelType", lit(STUB_MODEL_ID, "integer")), param("prompt", lit("{{query}}")),
              param("systemPrompt", lit("")), param("responseFormat", lit("0", "integer"))]
    llm = node("131001", 3, {"inputParameters": [param("query", ref("100001", "USER_INPUT"))], "llmParam": params},
               [out("output")], "LLM")
    end = exit_(param("answer", ref("131001", "output")), text="{{answer}}")
    end["data"]["inputs"]["streamingOutput"] = True
    return {"nodes": [entry(out("USER_INPUT", required=True), out("CONVERSATION_NAME")), llm, end],
            "edges": chain("100001", "131001", "900001")}


def test_a_streaming_chatflow_answers_in_deltas_of_one_message(coze: Coze, chatflow_stack: KnowledgeStack,
                                                              stub: OpenAIStub) -> None:
    workflow_id = publish(chatflow_stack, streaming_chatflow())
    stub.script({"content": ANSWER, "chunk_size_chars": 6, "tokens_per_s": 60})

    events = list(coze.workflows.chat.stream(workflow_id=workflow_id,
                                             additional_messages=[Message.build_user_question_text("Green tea?")]))

    deltas = [e.message for e in events if e.event == ChatEventType.CONVERSATION_MESSAGE_DELTA]
    [completed] = [e.message for e in events if e.event == ChatEventType.CONVERSATION_MESSAGE_COMPLETED]
    assert len(deltas) >= 5  # pieces as the model wrote them, not one at the end
    assert "".join(d.content for d in deltas) == ANSWER == completed.content
    assert {d.id for d in deltas} == {completed.id}
    assert events[-1].event == ChatEventType.CONVERSATION_CHAT_COMPLETED
    conversation_id = events[-1].chat.conversation_id
    stored = coze.conversations.messages.list(conversation_id=conversation_id, order="asc").items
    assert [(m.role, m.content) for m in stored] == [("user", "Green tea?"), ("assistant", ANSWER)]
