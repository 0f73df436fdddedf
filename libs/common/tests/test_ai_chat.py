"""The builtin chat model against the OpenAI-compatible stub server, over real HTTP."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator

import openai
import pytest

from atelier_common.ai import ChatModel, LLMError, create_caption_model, create_chat_model
from atelier_common.settings import Settings
from atelier_devstack.openai_stub import OpenAIStub

CHAT = "/v1/chat/completions"


@pytest.fixture
async def model(stub: OpenAIStub) -> AsyncIterator[ChatModel]:
    chat = ChatModel(base_url=stub.base_url, api_key="test", model="stub-chat", timeout_s=10, max_retries=1)
    yield chat
    await chat.aclose()


async def test_complete_returns_the_scripted_reply(stub: OpenAIStub, model: ChatModel) -> None:
    stub.script({"content": "SELECT 1"})
    answer = await model.complete(
        [{"role": "system", "content": "sql"}, {"role": "user", "content": "one"}],
        temperature=0.0,
        response_format={"type": "json_object"},
        max_tokens=50,
    )
    assert answer == "SELECT 1"
    (request,) = stub.requests(CHAT)
    assert request["json"]["model"] == "stub-chat"
    assert request["json"]["temperature"] == 0.0
    assert request["json"]["max_tokens"] == 50
    assert request["json"]["response_format"] == {"type": "json_object"}
    # With the queue empty the stub echoes.
    assert await model.complete([{"role": "user", "content": "ping"}]) == "You said: ping"


async def test_caption_image_sends_a_data_url(stub: OpenAIStub, model: ChatModel) -> None:
    image = b"\x89PNG\r\n\x1a\n" + bytes(range(40))
    caption = await model.caption_image(image, "image/png")
    assert caption == f"An image: {len(image)} bytes of image/png"
    (request,) = stub.requests(CHAT)
    parts = request["json"]["messages"][-1]["content"]
    url = next(p["image_url"]["url"] for p in parts if p["type"] == "image_url")
    assert url == "data:image/png;base64," + base64.b64encode(image).decode()
    assert any(p["type"] == "text" and p["text"] for p in parts)

    stub.script({"content": "   "})
    with pytest.raises(LLMError) as info:
        await model.caption_image(image, "image/png")
    assert info.value.permanent and "no caption" in str(info.value)


async def test_scripted_400_is_permanent_and_not_retried(stub: OpenAIStub, model: ChatModel) -> None:
    stub.script({"error": {"status": 400, "message": "model does not support images"}})
    with pytest.raises(LLMError) as info:
        await model.complete([{"role": "user", "content": "x"}])
    assert info.value.permanent is True
    assert info.value.status == 400
    assert "model does not support images" in str(info.value)
    assert stub.stats()["chat_requests"] == 1


async def test_scripted_429_is_retried(stub: OpenAIStub, model: ChatModel) -> None:
    stub.script({"error": {"status": 429, "message": "slow down"}}, {"content": "ok"})
    assert await model.complete([{"role": "user", "content": "x"}]) == "ok"
    stub.script({"error": {"status": 503, "message": "down"}}, {"error": {"status": 503, "message": "down"}})
    with pytest.raises(LLMError) as info:
        await model.complete([{"role": "user", "content": "x"}])
    assert info.value.permanent is False and info.value.status == 503


async def test_factories_use_the_builtin_settings(stub: OpenAIStub) -> None:
    settings = Settings(llm_base_url=stub.base_url, llm_api_key="test", llm_model="stub-chat", caption_model="")
    chat, caption = create_chat_model(settings), create_caption_model(settings)
    assert chat.model == caption.model == "stub-chat"
    vision = create_caption_model(settings.model_copy(update={"caption_model": "stub-vision"}))
    assert vision.model == "stub-vision"
    assert await chat.complete([{"role": "user", "content": "hi"}]) == "You said: hi"
    for item in (chat, caption, vision):
        await item.aclose()


async def test_streaming_through_the_raw_openai_client(stub: OpenAIStub) -> None:
    client = openai.AsyncOpenAI(base_url=stub.base_url, api_key="test", max_retries=0)
    try:
        stub.script(
            {"content": "Hello there, streaming world!", "chunk_size_chars": 5},
            {"tool_calls": [{"name": "search", "arguments": {"query": "cats", "top_k": 3}}], "chunk_size_chars": 4},
        )
        stream = await client.chat.completions.create(
            model="stub-chat",
            messages=[{"role": "user", "content": "hi"}],
            stream=True,
            stream_options={"include_usage": True},
        )
        pieces, usage, finish = [], None, None
        async for chunk in stream:
            if chunk.usage:
                usage = chunk.usage
            for choice in chunk.choices:
                if choice.delta.content:
                    pieces.append(choice.delta.content)
                finish = choice.finish_reason or finish
        assert "".join(pieces) == "Hello there, streaming world!"
        assert len(pieces) > 1
        assert finish == "stop"
        assert usage is not None and usage.completion_tokens > 0

        stream = await client.chat.completions.create(
            model="stub-chat", messages=[{"role": "user", "content": "find cats"}], stream=True
        )
        calls: dict[int, dict[str, str]] = {}
        async for chunk in stream:
            for choice in chunk.choices:
                for delta in choice.delta.tool_calls or []:
                    call = calls.setdefault(delta.index, {"name": "", "arguments": ""})
                    if delta.function and delta.function.name:
                        call["name"] += delta.function.name
                    if delta.function and delta.function.arguments:
                        call["arguments"] += delta.function.arguments
                finish = choice.finish_reason or finish
        assert finish == "tool_calls"
        assert calls[0]["name"] == "search"
        assert json.loads(calls[0]["arguments"]) == {"query": "cats", "top_k": 3}
    finally:
        await client.close()
