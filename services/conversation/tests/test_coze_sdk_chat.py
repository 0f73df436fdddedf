"""The chat, conversation and message calls driven by the official Coze Python SDK (cozepy 0.20.0)
exactly as its README shows them, against the gateway: what an existing Coze user's code does."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from cozepy import (
    ChatEventType,
    ChatStatus,
    Coze,
    Message,
    MessageContentType,
    MessageRole,
    SyncHTTPClient,
    TokenAuth,
    ToolOutput,
)

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e

T = TypeVar("T")
CHAT = "/v1/chat/completions"


@pytest.fixture
def coze(chat_stack: KnowledgeStack) -> Coze:
    return Coze(auth=TokenAuth(chat_stack.token), base_url=chat_stack.gateway_url,
                http_client=SyncHTTPClient(trust_env=False))


async def sdk(call: Callable[[], T]) -> T:
    """cozepy's client is synchronous: run it off the test's event loop."""
    return await asyncio.to_thread(call)


def question(text: str) -> list[Message]:
    return [Message.build_user_question_text(text)]


async def test_create_and_poll(coze: Coze, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "Polled answer.", "tokens_per_s": 20, "chunk_size_chars": 5})
    created = await sdk(lambda: coze.chat.create(bot_id=bot, user_id="sdk-user", additional_messages=question("hi")))
    assert created.status == ChatStatus.IN_PROGRESS  # Coze's behaviour: at once, then poll
    while (current := await sdk(lambda: coze.chat.retrieve(conversation_id=created.conversation_id,
                                                           chat_id=created.id))).status == ChatStatus.IN_PROGRESS:
        await asyncio.sleep(0.1)
    assert current.status == ChatStatus.COMPLETED
    stub.script({"content": "Another polled answer."})
    polled = await sdk(lambda: coze.chat.create_and_poll(bot_id=bot, user_id="sdk-user",
                                                         conversation_id=created.conversation_id,
                                                         additional_messages=question("and again")))
    assert polled.chat.status == ChatStatus.COMPLETED and polled.chat.usage.token_count > 0
    assert [m.content for m in polled.messages if m.type == "answer"] == ["Another polled answer."]
    sent = [m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"][1:]]
    assert sent == ["hi", "Polled answer.", "and again"]  # the background chat was saved as history


async def test_create_and_poll_without_saving_history(coze: Coze, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    conversation = await sdk(lambda: coze.conversations.create(bot_id=bot, messages=question("seed message")))
    stub.script({"content": "Off the record."})
    polled = await sdk(lambda: coze.chat.create_and_poll(bot_id=bot, user_id="sdk-user", conversation_id=conversation.id,
                                                         additional_messages=question("a private question"),
                                                         auto_save_history=False))
    assert polled.chat.status == ChatStatus.COMPLETED
    assert [m.content for m in polled.messages if m.type == "answer"] == ["Off the record."]
    kept = await sdk(lambda: [m.content for m in coze.conversations.messages.list(conversation_id=conversation.id)])
    assert kept == ["seed message"]


async def test_stream(coze: Coze, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "Streamed through the SDK.", "chunk_size_chars": 6, "tokens_per_s": 20})
    events = await sdk(lambda: list(coze.chat.stream(bot_id=bot, user_id="sdk-user", additional_messages=question("go"))))
    kinds = [e.event for e in events]
    assert kinds[0] == ChatEventType.CONVERSATION_CHAT_CREATED and kinds[-1] == ChatEventType.CONVERSATION_CHAT_COMPLETED
    assert ChatEventType.UNKNOWN not in kinds  # every event is one the SDK knows; `done` ended the stream
    deltas = [e.message.content for e in events if e.event == ChatEventType.CONVERSATION_MESSAGE_DELTA]
    assert "".join(deltas) == "Streamed through the SDK." and len(deltas) > 1
    assert events[-1].chat.status == ChatStatus.COMPLETED and events[-1].chat.usage.output_count > 0


async def test_cancel(coze: Coze, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "word " * 200, "tokens_per_s": 20, "chunk_size_chars": 5})
    chat = await sdk(lambda: coze.chat.create(bot_id=bot, user_id="sdk-user", additional_messages=question("talk")))
    await asyncio.sleep(0.5)
    cancelled = await sdk(lambda: coze.chat.cancel(conversation_id=chat.conversation_id, chat_id=chat.id))
    assert cancelled.status == ChatStatus.CANCELED
    again = await sdk(lambda: coze.chat.retrieve(conversation_id=chat.conversation_id, chat_id=chat.id))
    assert again.status == ChatStatus.CANCELED


async def test_submit_tool_outputs(coze: Coze, new_bot, stub: OpenAIStub) -> None:
    tool = {"name": "device_battery", "description": "Battery level of the user's phone",
            "parameters": json.dumps({"type": "object", "properties": {}})}
    bot = await new_bot(client_tool_list=[tool])
    stub.script({"tool_calls": [{"name": "device_battery", "arguments": {}}]}, {"content": "Your battery is at 80%."},
                {"tool_calls": [{"name": "device_battery", "arguments": {}}]}, {"content": "Still 79%."})

    def requires_action(events: list[Any]) -> Any:
        assert events[-1].event == ChatEventType.CONVERSATION_CHAT_REQUIRES_ACTION
        chat = events[-1].chat
        assert chat.status == ChatStatus.REQUIRES_ACTION
        return chat

    # Streamed, then resumed streamed.
    chat = requires_action(await sdk(lambda: list(coze.chat.stream(bot_id=bot, user_id="sdk-user",
                                                                   additional_messages=question("battery?")))))
    [call] = chat.required_action.submit_tool_outputs.tool_calls
    assert call.function.name == "device_battery" and call.function.arguments == "{}"
    resumed = await sdk(lambda: list(coze.chat.submit_tool_outputs(
        conversation_id=chat.conversation_id, chat_id=chat.id,
        tool_outputs=[ToolOutput(tool_call_id=call.id, output="80%")], stream=True)))
    assert resumed[-1].event == ChatEventType.CONVERSATION_CHAT_COMPLETED
    assert "".join(e.message.content for e in resumed if e.event == ChatEventType.CONVERSATION_MESSAGE_DELTA) == \
        "Your battery is at 80%."

    # Created and polled, then resumed without streaming and polled again.
    polled = await sdk(lambda: coze.chat.create_and_poll(bot_id=bot, user_id="sdk-user",
                                                         conversation_id=chat.conversation_id,
                                                         additional_messages=question("and now?")))
    waiting = polled.chat
    assert waiting.status == ChatStatus.REQUIRES_ACTION
    [call] = waiting.required_action.submit_tool_outputs.tool_calls
    accepted = await sdk(lambda: coze.chat.submit_tool_outputs(
        conversation_id=waiting.conversation_id, chat_id=waiting.id,
        tool_outputs=[ToolOutput(tool_call_id=call.id, output="79%")], stream=False))
    assert accepted.status == ChatStatus.IN_PROGRESS
    for _ in range(100):
        done = await sdk(lambda: coze.chat.retrieve(conversation_id=waiting.conversation_id, chat_id=waiting.id))
        if done.status != ChatStatus.IN_PROGRESS:
            break
        await asyncio.sleep(0.1)
    assert done.status == ChatStatus.COMPLETED
    answers = await sdk(lambda: coze.chat.messages.list(conversation_id=waiting.conversation_id, chat_id=waiting.id))
    assert [m.content for m in answers if m.type == "answer"] == ["Still 79%."]


async def test_conversations_and_messages(coze: Coze, new_bot, stub: OpenAIStub, client: AtelierClient) -> None:
    bot = await new_bot()
    conversation = await sdk(lambda: coze.conversations.create(bot_id=bot, meta_data={"origin": "sdk"}))
    assert conversation.meta_data == {"origin": "sdk"} and conversation.last_section_id
    cid = conversation.id
    created = await sdk(lambda: coze.conversations.messages.create(
        conversation_id=cid, role=MessageRole.USER, content="I am called Ada.", content_type=MessageContentType.TEXT,
        meta_data={"k": "v"}))
    assert created.role == MessageRole.USER and created.type == "question" and created.meta_data == {"k": "v"}
    got = await sdk(lambda: coze.conversations.messages.retrieve(conversation_id=cid, message_id=created.id))
    assert got.content == "I am called Ada." and got.conversation_id == cid
    updated = await sdk(lambda: coze.conversations.messages.update(conversation_id=cid, message_id=created.id,
                                                                   content="I am called Ada Lovelace."))
    assert updated.content == "I am called Ada Lovelace." and updated.id == created.id
    extra = await sdk(lambda: coze.conversations.messages.create(
        conversation_id=cid, role=MessageRole.ASSISTANT, content="Hello!", content_type=MessageContentType.TEXT))
    deleted = await sdk(lambda: coze.conversations.messages.delete(conversation_id=cid, message_id=extra.id))
    assert deleted.id == extra.id
    listed = await sdk(lambda: [m.content for m in coze.conversations.messages.list(conversation_id=cid)])
    assert listed == ["I am called Ada Lovelace."]

    stub.script({"content": "You are Ada Lovelace."})
    await sdk(lambda: coze.chat.create_and_poll(bot_id=bot, user_id="sdk-user", conversation_id=cid,
                                                additional_messages=question("who am I?")))
    sent = [m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"][1:]]
    assert sent == ["I am called Ada Lovelace.", "who am I?"]

    section = await sdk(lambda: coze.conversations.clear(conversation_id=cid))
    assert section.conversation_id == cid
    assert await sdk(lambda: list(coze.conversations.messages.list(conversation_id=cid))) == []
    assert (await sdk(lambda: coze.conversations.retrieve(conversation_id=cid))).last_section_id == section.id
