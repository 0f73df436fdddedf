"""Chatflows through the official Coze SDK (cozepy's `workflows.chat.stream`, /v1/workflows/chat)
against the real stack: the gateway, the workflow service running the chatflow, the conversation
service keeping its turns, the suite's scripted OpenAI-compatible server as the LLM node's model.

A chatflow's answers stream as chat events; the user's message and the answer land in the
conversation (/v1/conversation/message/list); a later turn's LLM node reads the earlier ones as
chat history; a question the run stops at ends the chat requires_action, and the user's next
message in the conversation answers it and the same run carries on."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from cozepy import ChatEvent, ChatEventType, ChatStatus, Coze, CozeAPIError, Message

from atelier_devstack.canvas_builders import chain, concat, entry, exit_, lit, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID

pytestmark = [pytest.mark.timeout(120)]

LLM, QUESTION, INPUT_RECEIVER = 3, 18, 30
CHAT = "/v1/chat/completions"


def call(console: httpx.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
    reply = console.post(path, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


def chatflow_entry() -> dict[str, Any]:
    return entry(out("USER_INPUT", required=True), out("CONVERSATION_NAME"))


def llm_node(prompt: str) -> dict[str, Any]:
    """An LLM node on the stub model with chat history on (3 rounds)."""
    params = [param("modelType", lit(STUB_MODEL_ID, "integer")), param("temperature", lit("0.2", "float")),
              param("prompt", lit(prompt)), param("systemPrompt", lit("You are terse.")),
              param("responseFormat", lit("0", "integer")), param("enableChatHistory", lit(True, "boolean")),
              param("chatHistoryRound", lit("3", "integer"))]
    return node("131001", LLM, {"inputParameters": [param("query", ref("100001", "USER_INPUT"))], "llmParam": params},
                [out("output")], "LLM")


def llm_chatflow() -> dict[str, Any]:
    """Start(USER_INPUT) -> LLM(prompt: the user's input) -> End answering the model's text."""
    return {"nodes": [chatflow_entry(), llm_node("{{query}}"),
                      exit_(param("answer", ref("131001", "output")), text="{{answer}}")],
            "edges": chain("100001", "131001", "900001")}


def question_chatflow() -> dict[str, Any]:
    """Start -> a question about the city -> End answering "<input> lives in <city>"."""
    ask = node("180001", QUESTION, {"inputParameters": [], "question": "Which city do you live in?",
                                    "answer_type": "text"}, [out("USER_RESPONSE")], "Ask city")
    reply = concat("150001", "{{who}} lives in {{city}}", param("who", ref("100001", "USER_INPUT")),
                   param("city", ref("180001", "USER_RESPONSE")))
    return {"nodes": [chatflow_entry(), ask, reply, exit_(param("reply", ref("150001", "output")), text="{{reply}}")],
            "edges": chain("100001", "180001", "150001", "900001")}


def chat(coze: Coze, workflow_id: str, text: str, **fields: Any) -> list[ChatEvent]:
    return list(coze.workflows.chat.stream(workflow_id=workflow_id,
                                           additional_messages=[Message.build_user_question_text(text)], **fields))


def of(events: list[ChatEvent], kind: ChatEventType) -> list[ChatEvent]:
    return [e for e in events if e.event == kind]


def run_history(console: httpx.Client, workflow_id: str) -> list[dict[str, Any]]:
    reply = console.get("/v1/workflow/get_run_history", params={"workflow_id": workflow_id})
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


def listed(coze: Coze, conversation_id: str) -> list[tuple[str, str, str]]:
    """The conversation's messages, oldest first: (role, type, content)."""
    page = coze.conversations.messages.list(conversation_id=conversation_id, order="asc")
    return [(m.role, m.type, m.content) for m in page.items]


def test_a_chatflow_streams_the_model_answer_and_keeps_the_turn_in_a_new_conversation(
        coze: Coze, publish_chatflow: Callable[..., str], stub: OpenAIStub) -> None:
    workflow_id = publish_chatflow(llm_chatflow())
    stub.record_requests(True)
    stub.script({"content": "Tea is a leaf brew."})

    events = chat(coze, workflow_id, "What is tea?")

    kinds = [e.event for e in events]
    assert kinds == [ChatEventType.CONVERSATION_CHAT_CREATED, ChatEventType.CONVERSATION_CHAT_IN_PROGRESS,
                     ChatEventType.CONVERSATION_MESSAGE_DELTA, ChatEventType.CONVERSATION_MESSAGE_COMPLETED,
                     ChatEventType.CONVERSATION_CHAT_COMPLETED]
    created, completed = events[0].chat, events[-1].chat
    assert created.status == ChatStatus.CREATED and completed.status == ChatStatus.COMPLETED
    assert completed.id == created.id and completed.conversation_id == created.conversation_id
    assert completed.usage is not None and completed.usage.token_count > 0
    delta, answer = events[2].message, events[3].message
    assert delta.content == "Tea is a leaf brew." and answer.content == "Tea is a leaf brew."
    assert (answer.role, answer.type, answer.chat_id) == ("assistant", "answer", created.id)
    sent = stub.requests(CHAT)[-1]["json"]["messages"]
    assert [(m["role"], m["content"]) for m in sent] == [("system", "You are terse."), ("user", "What is tea?")]

    assert listed(coze, created.conversation_id) == [("user", "question", "What is tea?"),
                                                     ("assistant", "answer", "Tea is a leaf brew.")]
    stored = coze.conversations.messages.list(conversation_id=created.conversation_id, order="asc").items
    assert stored[1].id == answer.id and stored[1].chat_id == created.id


def test_a_second_turn_in_the_conversation_gives_the_model_the_history(
        coze: Coze, publish_chatflow: Callable[..., str], stub: OpenAIStub) -> None:
    workflow_id = publish_chatflow(llm_chatflow())
    stub.record_requests(True)
    stub.script({"content": "Hello Ada."}, {"content": "Your name is Ada."})

    first = chat(coze, workflow_id, "I am Ada.")
    conversation_id = of(first, ChatEventType.CONVERSATION_CHAT_COMPLETED)[0].chat.conversation_id
    second = chat(coze, workflow_id, "What is my name?", conversation_id=conversation_id)

    assert of(second, ChatEventType.CONVERSATION_CHAT_COMPLETED)[0].chat.conversation_id == conversation_id
    assert of(second, ChatEventType.CONVERSATION_MESSAGE_COMPLETED)[0].message.content == "Your name is Ada."
    sent = stub.requests(CHAT)[-1]["json"]["messages"]
    assert [(m["role"], m["content"]) for m in sent] == [
        ("system", "You are terse."), ("user", "I am Ada."), ("assistant", "Hello Ada."),
        ("user", "What is my name?")]
    assert listed(coze, conversation_id) == [
        ("user", "question", "I am Ada."), ("assistant", "answer", "Hello Ada."),
        ("user", "question", "What is my name?"), ("assistant", "answer", "Your name is Ada.")]


def test_a_question_ends_the_chat_requires_action_and_the_next_message_answers_it(
        coze: Coze, publish_chatflow: Callable[..., str], console: httpx.Client) -> None:
    workflow_id = publish_chatflow(question_chatflow())

    asked = chat(coze, workflow_id, "Ada")

    assert [e.event for e in asked][-3:] == [ChatEventType.CONVERSATION_MESSAGE_DELTA,
                                             ChatEventType.CONVERSATION_MESSAGE_COMPLETED,
                                             ChatEventType.CONVERSATION_CHAT_REQUIRES_ACTION]
    question = of(asked, ChatEventType.CONVERSATION_MESSAGE_COMPLETED)[0].message
    assert (question.role, question.content) == ("assistant", "Which city do you live in?")
    waiting = of(asked, ChatEventType.CONVERSATION_CHAT_REQUIRES_ACTION)[0].chat
    assert waiting.status == ChatStatus.REQUIRES_ACTION
    conversation_id = waiting.conversation_id

    answered = chat(coze, workflow_id, "Paris", conversation_id=conversation_id)

    reply = of(answered, ChatEventType.CONVERSATION_MESSAGE_COMPLETED)
    assert [m.message.content for m in reply] == ["Ada lives in Paris"]  # the run went on: USER_INPUT kept
    done = of(answered, ChatEventType.CONVERSATION_CHAT_COMPLETED)[0].chat
    assert done.status == ChatStatus.COMPLETED and done.id != waiting.id
    assert listed(coze, conversation_id) == [
        ("user", "question", "Ada"), ("assistant", "answer", "Which city do you live in?"),
        ("user", "question", "Paris"), ("assistant", "answer", "Ada lives in Paris")]
    # The chat that asked is answered now; the same run carried on (one run, finished).
    assert coze.chat.retrieve(conversation_id=conversation_id, chat_id=waiting.id).status == ChatStatus.COMPLETED
    assert [r["execute_status"] for r in run_history(console, workflow_id)] == ["Success"]

    again = chat(coze, workflow_id, "Bob", conversation_id=conversation_id)  # nothing waits: a new run asks
    assert of(again, ChatEventType.CONVERSATION_CHAT_REQUIRES_ACTION)
    assert sorted(r["execute_status"] for r in run_history(console, workflow_id)) == ["Interrupted", "Success"]


def test_bad_chat_requests_are_refused_naming_the_problem(
        coze: Coze, publish_chatflow: Callable[..., str], console: httpx.Client) -> None:
    plain = publish_chatflow({
        "nodes": [entry(out("text")), exit_(param("text", ref("100001", "text")))],
        "edges": chain("100001", "900001")}, mode=0)
    with pytest.raises(CozeAPIError) as not_chatflow:
        chat(coze, plain, "hi")
    assert "is not a chatflow" in str(not_chatflow.value)

    chatflow = publish_chatflow(llm_chatflow())
    reply = console.post("/v1/workflows/chat", json={"workflow_id": chatflow, "additional_messages": [
        {"role": "assistant", "content": "hello", "content_type": "text"}]})
    assert reply.status_code == 400 and "last message must be the user's query" in reply.json()["msg"]
    missing = console.post("/v1/workflows/chat", json={"workflow_id": chatflow, "conversation_id": "42",
                                                       "additional_messages": [
                                                           {"role": "user", "content": "hi", "content_type": "text"}]})
    assert missing.status_code == 404 and "conversation 42 not found" in missing.json()["msg"]


def test_a_failing_model_ends_the_chat_with_an_error_and_the_chat_failed(
        coze: Coze, publish_chatflow: Callable[..., str], console: httpx.Client, stub: OpenAIStub) -> None:
    workflow_id = publish_chatflow(llm_chatflow())
    stub.script({"error": {"status": 400, "message": "the prompt was refused"}})
    with console.stream("POST", "/v1/workflows/chat", json={"workflow_id": workflow_id, "additional_messages": [
            {"role": "user", "content": "hi", "content_type": "text"}]}) as reply:
        body = reply.read().decode()
    events = [(block.split("\n")[0].removeprefix("event: "), json.loads(block.split("\n")[1].removeprefix("data: ")))
              for block in body.strip().split("\n\n")]
    assert [kind for kind, _ in events] == ["conversation.chat.created", "conversation.chat.in_progress", "error"]
    assert "the prompt was refused" in events[-1][1]["msg"]
    chat_id, conversation_id = events[0][1]["id"], events[0][1]["conversation_id"]
    failed = coze.chat.retrieve(conversation_id=conversation_id, chat_id=chat_id)
    assert failed.status == ChatStatus.FAILED and "the prompt was refused" in failed.last_error.msg
    assert listed(coze, conversation_id) == [("user", "question", "hi")]


def test_a_form_is_asked_as_a_card_and_the_next_message_fills_it(
        coze: Coze, publish_chatflow: Callable[..., str]) -> None:
    form = node("300001", INPUT_RECEIVER, {"inputParameters": []}, [out("city", required=True), out("nights", "integer")],
                "Booking")
    reply = concat("150001", "{{city}} for {{nights}} nights", param("city", ref("300001", "city")),
                   param("nights", ref("300001", "nights", "integer")))
    workflow_id = publish_chatflow({
        "nodes": [chatflow_entry(), form, reply, exit_(param("reply", ref("150001", "output")), text="{{reply}}")],
        "edges": chain("100001", "300001", "150001", "900001")})

    asked = chat(coze, workflow_id, "Book a room")

    card = of(asked, ChatEventType.CONVERSATION_MESSAGE_COMPLETED)[0].message
    assert card.content_type == "card" and not of(asked, ChatEventType.CONVERSATION_MESSAGE_DELTA)
    fields = json.loads(json.loads(card.content)["content"])
    assert [f["name"] for f in fields] == ["city", "nights"]
    conversation_id = of(asked, ChatEventType.CONVERSATION_CHAT_REQUIRES_ACTION)[0].chat.conversation_id

    filled = chat(coze, workflow_id, json.dumps({"city": "Oslo", "nights": "3"}), conversation_id=conversation_id)

    assert [e.message.content for e in of(filled, ChatEventType.CONVERSATION_MESSAGE_COMPLETED)] == [
        "Oslo for 3 nights"]
    assert [m[2] for m in listed(coze, conversation_id)][-1] == "Oslo for 3 nights"


def test_earlier_additional_messages_join_the_conversation_and_the_history(
        coze: Coze, publish_chatflow: Callable[..., str], stub: OpenAIStub) -> None:
    workflow_id = publish_chatflow(llm_chatflow())
    stub.record_requests(True)
    stub.script({"content": "Green."})

    events = list(coze.workflows.chat.stream(workflow_id=workflow_id, additional_messages=[
        Message.build_user_question_text("I like green."), Message.build_assistant_answer("Noted."),
        Message.build_user_question_text("Which colour do I like?")]))

    sent = stub.requests(CHAT)[-1]["json"]["messages"]
    assert [(m["role"], m["content"]) for m in sent][1:] == [
        ("user", "I like green."), ("assistant", "Noted."), ("user", "Which colour do I like?")]
    conversation_id = events[0].chat.conversation_id
    assert listed(coze, conversation_id) == [
        ("user", "question", "I like green."), ("assistant", "answer", "Noted."),
        ("user", "question", "Which colour do I like?"), ("assistant", "answer", "Green.")]


def test_a_chat_waiting_for_the_next_message_takes_no_tool_outputs(
        coze: Coze, publish_chatflow: Callable[..., str], console: httpx.Client) -> None:
    workflow_id = publish_chatflow(question_chatflow())
    waiting = of(chat(coze, workflow_id, "Ada"), ChatEventType.CONVERSATION_CHAT_REQUIRES_ACTION)[0].chat

    reply = console.post("/v3/chat/submit_tool_outputs",
                         params={"conversation_id": waiting.conversation_id, "chat_id": waiting.id},
                         json={"tool_outputs": [{"tool_call_id": "x", "output": "y"}], "stream": False})

    assert reply.status_code == 409 and "waits for the user's next message" in reply.json()["msg"]
    assert coze.chat.retrieve(conversation_id=waiting.conversation_id,
                              chat_id=waiting.id).status == ChatStatus.REQUIRES_ACTION
