"""The OpenAI-compatible stub answers the real wire format with deterministic content."""

from __future__ import annotations

import asyncio
import math
import subprocess
import sys
import time
from collections.abc import AsyncIterator

import httpx
import openai
import pytest

from atelier_devstack.openai_stub import OpenAIStub, embed_text
from atelier_devstack.ports import free_port, port_open


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True)) / (
        math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    )


@pytest.fixture
async def client(stub: OpenAIStub) -> AsyncIterator[openai.AsyncOpenAI]:
    c = openai.AsyncOpenAI(base_url=stub.base_url, api_key="test", max_retries=0)
    yield c
    await c.close()


async def test_embeddings_are_deterministic_and_similar_texts_are_close(
    stub: OpenAIStub, client: openai.AsyncOpenAI
) -> None:
    texts = [
        "the cat sat on the mat",
        "a cat sat on a mat today",
        "quarterly revenue grew in europe",
        "机器学习模型",
        "机器学习方法",
    ]
    first = await client.embeddings.create(model="stub-embedding", input=texts, encoding_format="float")
    again = await client.embeddings.create(model="stub-embedding", input=texts)  # the client's default: base64
    vectors = [d.embedding for d in first.data]
    assert [d.index for d in first.data] == list(range(5))
    assert all(len(v) == 64 and math.isclose(sum(x * x for x in v), 1.0, rel_tol=1e-6) for v in vectors)
    assert all(v == pytest.approx(d.embedding, abs=1e-6) for v, d in zip(vectors, again.data, strict=True))
    assert vectors[0] == pytest.approx(embed_text(texts[0]))
    assert first.usage.total_tokens > 0
    assert cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2]) + 0.2
    assert cosine(vectors[3], vectors[4]) > cosine(vectors[3], vectors[2]) + 0.2

    small = await client.embeddings.create(
        model="stub-embedding", input="one text", dimensions=8, encoding_format="float"
    )
    assert len(small.data[0].embedding) == 8
    stub.set_embedding_dimensions(16)
    assert len((await client.embeddings.create(model="m", input="x", encoding_format="float")).data[0].embedding) == 16


async def test_precomputed_vectors_are_returned(stub: OpenAIStub, client: openai.AsyncOpenAI) -> None:
    stub.precompute({"magic words": [1.0, 0.0, 0.0]})
    resp = await client.embeddings.create(model="m", input=["magic words", "other"], encoding_format="float")
    assert resp.data[0].embedding == [1.0, 0.0, 0.0]
    assert len(resp.data[1].embedding) == 64


async def test_embedding_failures_and_stats(stub: OpenAIStub, client: openai.AsyncOpenAI) -> None:
    stub.fail_embeddings(429, times=1)
    with pytest.raises(openai.RateLimitError) as info:
        await client.embeddings.create(model="m", input="x", encoding_format="float")
    assert info.value.response.headers["retry-after"] == "0"
    await client.embeddings.create(model="m", input="x", encoding_format="float")
    with pytest.raises(openai.BadRequestError):
        await client.embeddings.create(model="m", input="", encoding_format="float")
    stats = stub.stats()
    assert stats["embedding_requests"] == 3 and stats["max_concurrent_embeddings"] == 1
    assert [r["json"]["input"] for r in stub.requests("/v1/embeddings")] == ["x", "x", ""]


async def test_first_token_delay_is_respected(stub: OpenAIStub, client: openai.AsyncOpenAI) -> None:
    stub.script({"content": "late", "first_token_delay_s": 0.3})
    started = time.monotonic()
    stream = await client.chat.completions.create(
        model="stub-chat", messages=[{"role": "user", "content": "x"}], stream=True
    )
    first_content_at = None
    text = ""
    async for chunk in stream:
        for choice in chunk.choices:
            if choice.delta.content and first_content_at is None:
                first_content_at = time.monotonic()
            text += choice.delta.content or ""
    assert text == "late"
    assert first_content_at is not None and first_content_at - started >= 0.3

    stub.script({"content": "slow", "first_token_delay_s": 0.2})
    started = time.monotonic()
    resp = await client.chat.completions.create(model="stub-chat", messages=[{"role": "user", "content": "x"}])
    assert resp.choices[0].message.content == "slow"
    assert time.monotonic() - started >= 0.2


async def test_non_stream_tool_calls(stub: OpenAIStub, client: openai.AsyncOpenAI) -> None:
    stub.script({"tool_calls": [{"name": "lookup", "arguments": '{"id": 7}'}]})
    resp = await client.chat.completions.create(model="stub-chat", messages=[{"role": "user", "content": "x"}])
    choice = resp.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert choice.message.tool_calls[0].function.name == "lookup"
    assert choice.message.tool_calls[0].function.arguments == '{"id": 7}'


async def test_reset_clears_the_queue_and_records(stub: OpenAIStub, client: openai.AsyncOpenAI) -> None:
    stub.script({"content": "scripted"}, {"content": "scripted too"})
    stub.fail_embeddings(500, times=3)
    assert stub.stats()["queued_replies"] == 2
    stub.reset()
    assert stub.stats() == {
        "embedding_requests": 0,
        "max_concurrent_embeddings": 0,
        "chat_requests": 0,
        "queued_replies": 0,
        "aborted_streams": 0,
    }
    assert stub.requests() == []
    resp = await client.chat.completions.create(model="stub-chat", messages=[{"role": "user", "content": "hello"}])
    assert resp.choices[0].message.content == "You said: hello"
    await client.embeddings.create(model="m", input="x", encoding_format="float")  # no failure left
    models = await client.models.list()
    assert {m.id for m in models.data} >= {"stub-chat", "stub-embedding"}


def test_runs_standalone_as_a_module() -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "atelier_devstack.openai_stub", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 15
        while not port_open("127.0.0.1", port) and time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            time.sleep(0.05)
        resp = httpx.post(f"http://127.0.0.1:{port}/v1/embeddings", json={"input": "hi", "model": "m"})
        assert resp.status_code == 200 and len(resp.json()["data"][0]["embedding"]) == 64
    finally:
        proc.terminate()
        proc.wait(10)


async def test_default_reply_stream_errors_stalls_and_aborted_streams(stub: OpenAIStub,
                                                                      client: openai.AsyncOpenAI) -> None:
    stub.set_default_reply({"content": "fixed answer", "first_token_delay_s": 0.2})
    started = time.monotonic()
    resp = await client.chat.completions.create(model="stub-chat", messages=[{"role": "user", "content": "x"}])
    assert resp.choices[0].message.content == "fixed answer" and time.monotonic() - started >= 0.2

    stub.script({"content": "abcdefghij", "chunk_size_chars": 2, "stream_error": {"after_chars": 4, "message": "boom"}})
    pieces: list[str] = []
    with pytest.raises(openai.APIError, match="boom"):
        stream = await client.chat.completions.create(model="stub-chat", stream=True,
                                                      messages=[{"role": "user", "content": "x"}])
        async for chunk in stream:
            pieces += [c.delta.content for c in chunk.choices if c.delta.content]
    assert "".join(pieces) == "abcd"

    stub.script({"content": "abcdef", "chunk_size_chars": 2, "stall": {"after_chars": 2, "seconds": 1.0}})
    stream = await client.chat.completions.create(model="stub-chat", stream=True,
                                                  messages=[{"role": "user", "content": "x"}])
    times = []
    async for chunk in stream:
        if chunk.choices and chunk.choices[0].delta.content:
            times.append(time.monotonic())
    assert times[1] - times[0] > 0.8 and times[2] - times[1] < 0.5  # paused once, after 2 characters

    stub.script({"content": "x" * 400, "chunk_size_chars": 4, "tokens_per_s": 50})
    stream = await client.chat.completions.create(model="stub-chat", stream=True,
                                                  messages=[{"role": "user", "content": "x"}])
    async for _ in stream:
        break
    await stream.close()  # hang up mid-answer
    deadline = time.monotonic() + 2
    while stub.stats()["aborted_streams"] == 0:
        assert time.monotonic() < deadline, "the stub did not notice the client leaving"
        await asyncio.sleep(0.05)
