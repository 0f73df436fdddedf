"""The OpenAPI message calls in cozepy's shapes: create (the message joins later chats' history),
retrieve, modify, delete; clear hides earlier messages from the list and from the model."""

from __future__ import annotations

from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.openai_stub import OpenAIStub

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
MESSAGE_FIELDS = {"id", "conversation_id", "bot_id", "role", "type", "content", "content_type", "meta_data",
                  "chat_id", "section_id", "created_at", "updated_at",
                  "sources"}  # sources: the knowledge passages an answer cites ([] for other messages)


async def listed(client: AtelierClient, conversation_id: str, **body: Any) -> list[dict[str, Any]]:
    return (await client.call(f"/v1/conversation/message/list?conversation_id={conversation_id}",
                              {"order": "asc", **body}))["data"]


async def test_create_retrieve_modify_delete(client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]["id"]
    at = f"?conversation_id={conversation}"
    made = (await client.call("/v1/conversation/message/create" + at, {
        "role": "user", "content": "My favourite colour is teal.", "content_type": "text",
        "meta_data": {"source": "import"}}))["data"]
    assert set(made) == MESSAGE_FIELDS
    assert (made["role"], made["type"], made["content_type"], made["meta_data"]) == (
        "user", "question", "text", {"source": "import"})
    assert made["conversation_id"] == conversation and made["bot_id"] == bot and made["chat_id"] == "0"
    reply = (await client.call("/v1/conversation/message/create" + at, {
        "role": "assistant", "content": "Noted: teal.", "content_type": "text", "meta_data": None}))["data"]
    assert reply["type"] == "answer" and reply["meta_data"] == {}

    got = (await client.call("/v1/conversation/message/retrieve", {"conversation_id": conversation,
                                                                   "message_id": made["id"]}, method="GET"))["data"]
    assert got == made
    ids = f"{at}&message_id={made['id']}"
    changed = await client.call("/v1/conversation/message/modify" + ids, {"content": "My favourite colour is navy.",
                                                                          "meta_data": {"source": "edited"}})
    assert set(changed) == {"code", "msg", "message"}  # Coze answers the message under `message`
    assert changed["message"]["content"] == "My favourite colour is navy."
    assert changed["message"]["meta_data"] == {"source": "edited"} and changed["message"]["content_type"] == "text"
    # meta_data not sent stays; sent as {} it is cleared (and that alone is a change).
    kept = await client.call("/v1/conversation/message/modify" + ids, {"content": "My favourite colour is navy!"})
    assert kept["message"]["meta_data"] == {"source": "edited"}
    cleared = await client.call("/v1/conversation/message/modify" + ids, {"meta_data": {}})
    assert cleared["message"]["meta_data"] == {} and cleared["message"]["content"] == "My favourite colour is navy!"
    await client.call("/v1/conversation/message/modify" + ids, {"content": "My favourite colour is navy."})
    assert [m["content"] for m in await listed(client, conversation)] == ["My favourite colour is navy.",
                                                                          "Noted: teal."]

    # Created messages are history for the next chat.
    stub.script({"content": "Navy, as you said."})
    await client.chat(bot, "what is my favourite colour?", conversation_id=conversation)
    sent = [m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"][1:]]
    assert sent == ["My favourite colour is navy.", "Noted: teal.", "what is my favourite colour?"]

    gone = (await client.call("/v1/conversation/message/delete" + f"{at}&message_id={reply['id']}", {}))["data"]
    assert gone["id"] == reply["id"] and gone["content"] == "Noted: teal."
    assert reply["id"] not in [m["id"] for m in await listed(client, conversation)]
    await expect_error(client.call("/v1/conversation/message/retrieve", {"conversation_id": conversation,
                                                                         "message_id": reply["id"]}, method="GET"),
                       404, f"message {reply['id']}")


async def test_clear_hides_earlier_messages_from_the_list_and_the_model(client: AtelierClient, new_bot,
                                                                        stub: OpenAIStub) -> None:
    bot = await new_bot()
    first = await client.chat(bot, "remember: the code is 1234")
    conversation = first[0][1]["conversation_id"]
    assert len(await listed(client, conversation)) >= 2
    section = (await client.call(f"/v1/conversations/{conversation}/clear", {}))["data"]
    assert section["conversation_id"] == conversation
    assert await listed(client, conversation) == []
    assert await listed(client, conversation, chat_id=first[0][1]["id"]) == []
    stub.script({"content": "I don't know a code."})
    after = await client.chat(bot, "what is the code?", conversation_id=conversation)
    assert [m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"][1:]] == ["what is the code?"]
    now = await listed(client, conversation)
    assert [m["content"] for m in now if m["type"] in ("question", "answer")] == ["what is the code?",
                                                                                 "I don't know a code."]
    assert {m["section_id"] for m in now} == {section["id"]} and now[0]["chat_id"] == after[0][1]["id"]


async def test_bad_message_calls(client: AtelierClient, new_bot, stranger) -> None:  # noqa: ANN001
    bot = await new_bot()
    conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]["id"]
    other = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]["id"]
    create = f"/v1/conversation/message/create?conversation_id={conversation}"
    base = {"role": "user", "content": "hi", "content_type": "text"}
    await expect_error(client.call(create, {**base, "role": "system"}), 400, "role", "system")
    await expect_error(client.call(create, {**base, "content_type": "card"}), 400, "content_type")
    await expect_error(client.call(create, {**base, "content": "  "}), 400, "content", "empty")
    await expect_error(client.call(create, {**base, "content_type": "object_string", "content": "[{\"type\": \"x\"}]"}),
                       400, "content", "[0].type")
    await expect_error(client.call(create, {**base, "meta_data": {"k" * 65: "v"}}), 400, "meta_data")
    await expect_error(client.call(create, {**base, "meta_data": {f"k{i}": "v" for i in range(17)}}), 400, "16")
    await expect_error(client.call("/v1/conversation/message/create?conversation_id=123456", base), 404, "123456")
    await expect_error(client.call("/v1/conversation/message/create", base), 400, "conversation_id")
    made = (await client.call(create, base))["data"]
    assert [m["content"] for m in await listed(client, conversation)] == ["hi"]  # only the good one was written
    elsewhere = {"conversation_id": other, "message_id": made["id"]}
    await expect_error(client.call("/v1/conversation/message/retrieve", elsewhere, method="GET"), 404, "message")
    await expect_error(client.call(f"/v1/conversation/message/modify?conversation_id={other}&message_id={made['id']}",
                                   {"content": "x"}), 404)
    modify = f"/v1/conversation/message/modify?conversation_id={conversation}&message_id={made['id']}"
    await expect_error(client.call(modify, {}), 400, "at least one")
    await expect_error(client.call(modify, {"content_type": "object_string"}), 400, "content")
    mine = {"conversation_id": conversation, "message_id": made["id"]}
    await expect_error(stranger.api.call("/v1/conversation/message/retrieve", mine, method="GET"), 404)
    await expect_error(stranger.api.call(
        f"/v1/conversation/message/delete?conversation_id={conversation}&message_id={made['id']}", {}), 404)
    assert (await client.call("/v1/conversation/message/retrieve", mine, method="GET"))["data"]["content"] == "hi"
