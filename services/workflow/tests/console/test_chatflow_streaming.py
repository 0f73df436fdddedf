"""A chatflow whose End node streams (Coze's streamingOutput, as its chatflow templates set it),
through the official Coze SDK against the real stack: the LLM's answer comes as several
`conversation.message.delta` events of one message while the scripted model writes it, then one
`conversation.message.completed` with the whole text, and the conversation keeps that one answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from cozepy import ChatEventType, Coze, Message

from atelier_devstack.canvas_builders import chain, entry, exit_, lit, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID

pytestmark = [pytest.mark.timeout(120)]

ANSWER = "Green tea is steamed or pan-fired soon after picking, which keeps it green."


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


def test_a_streaming_chatflow_answers_in_deltas_of_one_message(coze: Coze, publish_chatflow: Callable[..., str],
                                                              stub: OpenAIStub) -> None:
    workflow_id = publish_chatflow(streaming_chatflow())
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
