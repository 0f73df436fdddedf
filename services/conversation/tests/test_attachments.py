"""object_string messages with images and files reach the model: images as image parts for a
multimodal model (an uploaded file inlined as a data URL, a URL passed through) and as links
otherwise; files as their text (the indexer's ExtractText), cut to fit and said so; an unreadable file
is a note in the prompt. Someone else's file is refused before anything is written."""

from __future__ import annotations

import base64
import json
from typing import Any

import asyncpg
import pytest

from atelier_devstack import sample_files
from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import TEXT_ONLY_MODEL_ID, KnowledgeStack

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"


def parts(*items: dict[str, Any]) -> str:
    return json.dumps(list(items))


async def ask(client: AtelierClient, bot: str, content: str, **extra: Any) -> list[tuple[str, Any]]:
    body = {"bot_id": bot, "user_id": "u1", "stream": True,
            "additional_messages": [{"role": "user", "content": content, "content_type": "object_string"}], **extra}
    return [(n, json.loads(d)) async for n, d in client.sse("/v3/chat", body)]


def answer(events: list[tuple[str, Any]]) -> str:
    return "".join(d["content"] for n, d in events if n == "conversation.message.delta")


def user_content(stub: OpenAIStub) -> Any:
    return stub.requests(CHAT)[-1]["json"]["messages"][-1]["content"]


async def test_images_reach_a_multimodal_model_as_image_parts(client: AtelierClient, new_bot, stub: OpenAIStub,
                                                              files) -> None:  # noqa: ANN001
    bot = await new_bot()
    png = sample_files.png(16, 8)
    photo = await files.add("photo.png", png)
    events = await ask(client, bot, parts({"type": "text", "text": "What is on this picture?"},
                                          {"type": "image", "file_id": photo}))
    # The stub describes the image it decoded from the data URL: our bytes reached the model.
    assert answer(events) == f"An image: {len(png)} bytes of image/png"
    sent = user_content(stub)
    assert sent[0] == {"type": "text", "text": "What is on this picture?"}
    assert sent[1]["image_url"]["url"] == "data:image/png;base64," + base64.b64encode(png).decode()
    url = "https://images.example.com/cat.jpg"
    events = await ask(client, bot, parts({"type": "image", "file_url": url}))
    assert answer(events) == f"An image: {url}" and user_content(stub) == [{"type": "image_url", "image_url": {"url": url}}]
    # Earlier turns' attachments come back as text naming them, not as images again.
    stub.script({"content": "ok"})
    await client.chat(bot, "thanks", conversation_id=events[0][1]["conversation_id"])
    history = stub.requests(CHAT)[-1]["json"]["messages"]
    assert history[1] == {"role": "user", "content": f"[attached image: {url}]"}


async def test_a_text_only_model_gets_images_as_links(client: AtelierClient, new_bot, stub: OpenAIStub,
                                                      files) -> None:  # noqa: ANN001
    bot = await new_bot(model_info={"model_id": TEXT_ONLY_MODEL_ID})
    photo = await files.add("holiday.png", sample_files.png())
    stub.script({"content": "I cannot see images."})
    await ask(client, bot, parts({"type": "text", "text": "look"}, {"type": "image", "file_id": photo},
                                 {"type": "image", "file_url": "https://images.example.com/dog.png"}))
    sent = user_content(stub)
    assert isinstance(sent, str) and sent.startswith("look\n\n[Attached image: holiday.png](")
    assert sent.endswith("[Attached image: dog.png](https://images.example.com/dog.png)")


async def test_attached_files_reach_the_model_as_their_text(client: AtelierClient, new_bot, stub: OpenAIStub,
                                                            files, chat_stack: KnowledgeStack) -> None:  # noqa: ANN001
    bot = await new_bot()
    notes = await files.add("notes.txt", b"The launch code is 7-4-1.\nKeep it secret.")
    report = await files.add("report.pdf", sample_files.pdf(["Quarterly revenue grew by 12 percent."]))
    long_text = " ".join(f"word{i}" for i in range(6000))  # far more than the model's share of its context
    big = await files.add("big.txt", long_text.encode())
    stub.script({"content": "Done reading."})
    await ask(client, bot, parts({"type": "text", "text": "Summarise these."}, {"type": "file", "file_id": notes},
                                 {"type": "file", "file_id": report}, {"type": "file", "file_id": big}))
    sent = user_content(stub)
    assert isinstance(sent, str) and sent.startswith("Summarise these.")
    assert "[Attached file: notes.txt]\nThe launch code is 7-4-1.\nKeep it secret." in sent
    assert "[Attached file: report.pdf]" in sent and "Quarterly revenue grew by 12 percent." in sent
    assert "[Attached file: big.txt]\nword0 word1" in sent and "word5999" not in sent
    assert "[The file is longer: only its first" in sent


async def test_an_unreadable_file_is_a_note_not_a_failed_chat(client: AtelierClient, new_bot, stub: OpenAIStub,
                                                              files) -> None:  # noqa: ANN001
    bot = await new_bot()
    broken = await files.add("broken.pdf", b"%PDF-1.7 this is not really a pdf")
    stub.script({"content": "I could not read it."})
    events = await ask(client, bot, parts({"type": "text", "text": "read this"}, {"type": "file", "file_id": broken}))
    assert events[-2][0] == "conversation.chat.completed"
    sent = user_content(stub)
    assert sent.startswith("read this\n\n[Attached file: broken.pdf. Its content could not be read (")


async def test_files_that_are_not_the_callers_are_refused_before_anything_is_written(
        client: AtelierClient, new_bot, files, chat_stack: KnowledgeStack) -> None:  # noqa: ANN001
    bot = await new_bot()
    theirs = await files.add("private.png", sample_files.png(), owner_id=files.admin_id + 424242)
    mine = await files.add("mine.png", sample_files.png())
    conn = await asyncpg.connect(chat_stack.env["ATELIER_DATABASE_URL"])
    try:
        before = await conn.fetchval("SELECT count(*) FROM conversation.chats")
        await expect_error(ask(client, bot, parts({"type": "image", "file_id": mine}, {"type": "image", "file_id": theirs})),
                           404, "additional_messages[0].content", f"file {theirs} not found")
        await expect_error(ask(client, bot, parts({"type": "file", "file_id": "999999999999"})), 404, "file 999999999999")
        await expect_error(ask(client, bot, parts({"type": "image"})), 400, "[0]", "file_id or a file_url")
        await expect_error(ask(client, bot, parts({"type": "file", "file_url": "ftp://example.com/x"})), 400, "http")
        await expect_error(ask(client, bot, "not json"), 400, "JSON list")
        await expect_error(ask(client, bot, parts({"type": "video", "file_id": mine})), 400, "[0].type")
        conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]["id"]
        await expect_error(client.call(f"/v1/conversation/message/create?conversation_id={conversation}", {
            "role": "user", "content": parts({"type": "file", "file_id": theirs}), "content_type": "object_string"}),
            404, f"file {theirs}")
        await expect_error(client.call("/v1/conversation/create", {"bot_id": bot, "messages": [
            {"role": "user", "content": parts({"type": "image", "file_id": theirs}), "content_type": "object_string"}]}),
            404, "messages[0].content")
        assert await conn.fetchval("SELECT count(*) FROM conversation.chats") == before
        assert await conn.fetchval("SELECT count(*) FROM conversation.messages WHERE conversation_id = $1",
                                   int(conversation)) == 0
    finally:
        await conn.close()
