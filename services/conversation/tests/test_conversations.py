"""The unary conversation calls through the gateway: OpenAPI conversations and message lists
(paging, sorting, cursors), the console's message list, delete, break, sections and history
clearing, and the space checks (404 on others' resources as on unknown ids, 404 on a space_id that does
not match)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error

pytestmark = pytest.mark.e2e

if TYPE_CHECKING:  # the fixtures' types (conftest is not importable under --import-mode=importlib)
    from collections.abc import Awaitable, Callable

    NewBot = Callable[..., Awaitable[str]]
    Stranger = Any




async def seeded(client: AtelierClient, bot: str, n: int) -> tuple[str, list[str]]:
    """A conversation with messages m1..mn (user and assistant in turn): (id, message ids oldest first)."""
    entered = [{"role": "user" if i % 2 else "assistant", "content": f"m{i}", "content_type": "text"}
               for i in range(1, n + 1)]
    conversation = (await client.call("/v1/conversation/create", {"bot_id": bot, "messages": entered}))["data"]
    listed = await open_list(client, conversation["id"], order="asc", limit=50)
    return conversation["id"], [m["id"] for m in listed["data"]]


async def open_list(client: AtelierClient, conversation_id: str, **body: Any) -> dict[str, Any]:
    return await client.call(f"/v1/conversation/message/list?conversation_id={conversation_id}", body)


def contents(messages: list[dict[str, Any]]) -> list[str]:
    return [m["content"] for m in messages]


async def test_conversation_list_pages_sorts_and_filters(client: AtelierClient, new_bot: NewBot) -> None:
    bot = await new_bot()
    made = [(await client.call("/v1/conversation/create", {"bot_id": bot, "name": f"c{i}"}))["data"]["id"]
            for i in range(3)]

    async def page(**query: Any) -> dict[str, Any]:
        return (await client.call("/v1/conversations", {"bot_id": bot, **query}, method="GET"))["data"]

    first = await page(page_size=2)
    assert [c["id"] for c in first["conversations"]] == made[:0:-1] and first["has_more"] is True
    second = await page(page_size=2, page_num=2)
    assert [c["id"] for c in second["conversations"]] == made[:1] and second["has_more"] is False
    assert [c["id"] for c in (await page(sort_order="ASC"))["conversations"]] == made
    await client.call(f"/v1/conversations/{made[0]}", {"name": "renamed"}, method="PUT")
    assert (await page(sort_field="updated_at"))["conversations"][0]["id"] == made[0]
    assert len((await page(connector_id="1024"))["conversations"]) == 3  # the API connector by default
    assert (await page(connector_id="999"))["conversations"] == []
    await expect_error(page(sort_field="name"), 400, "sort_field")
    await expect_error(page(page_num="9223372036854775806", page_size=10), 400, "page_num")
    await expect_error(page(page_size=51), 400, "page_size")
    await expect_error(page(page_num=-1), 400, "page_num")
    await expect_error(page(sort_order="sideways"), 400, "sort_order")
    await expect_error(client.call(f"/v1/conversations/{made[0]}", {"name": "  "}, method="PUT"), 400, "name")


async def test_open_message_list_pages_with_cursors(client: AtelierClient, new_bot: NewBot) -> None:
    bot = await new_bot()
    conversation_id, ids = await seeded(client, bot, 5)
    newest = await open_list(client, conversation_id, limit=2)
    assert contents(newest["data"]) == ["m5", "m4"] and newest["has_more"] is True
    assert (newest["first_id"], newest["last_id"]) == (ids[4], ids[3])
    older = await open_list(client, conversation_id, limit=2, before_id=newest["last_id"])
    assert contents(older["data"]) == ["m3", "m2"] and older["has_more"] is True
    oldest = await open_list(client, conversation_id, limit=2, before_id=older["last_id"])
    assert contents(oldest["data"]) == ["m1"] and oldest["has_more"] is False
    ascending = await open_list(client, conversation_id, limit=2, order="asc")
    assert contents(ascending["data"]) == ["m1", "m2"] and ascending["has_more"] is True
    after = await open_list(client, conversation_id, limit=2, order="asc", after_id=ascending["last_id"])
    assert contents(after["data"]) == ["m3", "m4"] and after["has_more"] is True
    # after_id with the default newest-first order: the nearest newer messages, newest first
    assert contents((await open_list(client, conversation_id, limit=2, after_id=ids[1]))["data"]) == ["m4", "m3"]
    empty = await open_list(client, conversation_id, after_id=ids[4])
    assert empty["data"] == [] and empty["has_more"] is False and empty["first_id"] == "0"
    roles = [(m["role"], m["type"]) for m in ascending["data"]]
    assert roles == [("user", "question"), ("assistant", "answer")]
    await expect_error(open_list(client, conversation_id, limit=51), 400, "limit")
    await expect_error(open_list(client, conversation_id, order="sideways"), 400, "order")
    await expect_error(open_list(client, conversation_id, before_id=ids[3], after_id=ids[1]), 400, "before_id")
    await expect_error(open_list(client, "123456789"), 404, "conversation 123456789")


async def test_console_message_list_starts_a_conversation_and_pages_both_ways(client: AtelierClient,
                                                                            new_bot: NewBot) -> None:
    bot = await new_bot(publish=False)
    start = await client.call("/api/conversation/get_message_list", {"bot_id": bot, "cursor": "0", "count": 20})
    assert start["conversation_id"] != "0" and start["message_list"] == [] and start["hasmore"] is False
    again = await client.call("/api/conversation/get_message_list", {"bot_id": bot, "cursor": "0", "count": 20})
    assert again["conversation_id"] == start["conversation_id"] and again["last_section_id"] == start["last_section_id"]
    api_made = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]["id"]
    latest = await client.call("/api/conversation/get_message_list", {"bot_id": bot, "cursor": "0", "count": 20})
    assert latest["conversation_id"] == start["conversation_id"] != api_made  # OpenAPI ones are not the console's

    conversation_id, ids = await seeded(client, bot, 5)

    async def page(cursor: str, **extra: Any) -> dict[str, Any]:
        return await client.call("/api/conversation/get_message_list", {
            "conversation_id": conversation_id, "bot_id": bot, "cursor": cursor, "count": 2, **extra})

    first = await page("0")
    assert contents(first["message_list"]) == ["m5", "m4"] and first["hasmore"] is True
    assert first["cursor"] == ids[3] and first["next_cursor"] == ids[4]
    second = await page(first["cursor"])
    assert contents(second["message_list"]) == ["m3", "m2"] and second["hasmore"] is True
    third = await page(second["cursor"])
    assert contents(third["message_list"]) == ["m1"] and third["hasmore"] is False
    newer = await page(ids[1], load_direction=2)
    assert contents(newer["message_list"]) == ["m4", "m3"] and newer["next_has_more"] is True
    assert newer["next_cursor"] == ids[3]
    message = first["message_list"][0]
    assert message["message_id"] == ids[4] and message["status"] == "available" and message["content_time"] > 0
    await expect_error(page("abc"), 400, "cursor")
    other_bot = await new_bot()
    await expect_error(client.call("/api/conversation/get_message_list", {
        "conversation_id": conversation_id, "bot_id": other_bot, "cursor": "0", "count": 2}), 404, "conversation")


async def test_delete_and_break_messages(client: AtelierClient, new_bot: NewBot) -> None:
    bot = await new_bot(publish=False)
    conversation_id, ids = await seeded(client, bot, 3)
    await client.call("/api/conversation/delete_message", {"conversation_id": conversation_id, "message_id": ids[0]})
    assert contents((await open_list(client, conversation_id, order="asc"))["data"]) == ["m2", "m3"]
    await expect_error(client.call("/api/conversation/delete_message", {
        "conversation_id": conversation_id, "message_id": ids[0]}), 404, f"message {ids[0]}")
    other_id, other_ids = await seeded(client, bot, 1)
    await expect_error(client.call("/api/conversation/delete_message", {
        "conversation_id": conversation_id, "message_id": other_ids[0]}), 404, "not found in conversation")

    await client.call("/api/conversation/break_message", {
        "conversation_id": conversation_id, "query_message_id": ids[2], "answer_message_id": ids[1], "broken_pos": 1})
    listed = (await client.call("/api/conversation/get_message_list", {
        "conversation_id": conversation_id, "bot_id": bot, "cursor": "0", "count": 20}))["message_list"]
    broken = next(m for m in listed if m["message_id"] == ids[1])
    assert broken["status"] == "broken" and broken["broken_pos"] == 1

    # Without the answer's id: the answer to the question (a real console chat, answered by the echo)
    events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", {
        "bot_id": bot, "conversation_id": other_id, "query": "stop me", "draft_mode": True})]
    question_id = events[0][1]["message"]["message_id"]
    await client.call("/api/conversation/break_message", {
        "conversation_id": other_id, "query_message_id": question_id, "broken_pos": 4})
    listed = (await client.call("/api/conversation/get_message_list", {
        "conversation_id": other_id, "bot_id": bot, "cursor": "0", "count": 20}))["message_list"]
    answer = next(m for m in listed if m["type"] == "answer")
    assert answer["reply_id"] == question_id and answer["status"] == "broken" and answer["broken_pos"] == 4
    await expect_error(client.call("/api/conversation/break_message", {
        "conversation_id": other_id, "query_message_id": other_ids[0]}), 404, "no answer")


async def test_sections_and_clearing_history(client: AtelierClient, new_bot: NewBot) -> None:
    bot = await new_bot()
    conversation_id, _ = await seeded(client, bot, 2)

    async def retrieve() -> dict[str, Any]:
        return (await client.call("/v1/conversation/retrieve", {"conversation_id": conversation_id},
                                  method="GET"))["data"]

    first_section = (await retrieve())["last_section_id"]
    created = await client.call("/api/conversation/create_section", {"conversation_id": conversation_id})
    assert created["new_section_id"] not in ("0", first_section)
    assert (await retrieve())["last_section_id"] == created["new_section_id"]
    cleared = (await client.call(f"/v1/conversations/{conversation_id}/clear", {}))["data"]
    assert cleared["conversation_id"] == conversation_id and cleared["id"] == (await retrieve())["last_section_id"]
    assert cleared["id"] != created["new_section_id"]
    # The OpenAPI list shows the current section only: a cleared context hides what came before it;
    # the console still shows earlier sections (Coze Studio draws a divider), until clear_message.
    assert (await open_list(client, conversation_id))["data"] == []
    console = {"conversation_id": conversation_id, "bot_id": bot, "cursor": "0", "count": 20}
    assert len((await client.call("/api/conversation/get_message_list", console))["message_list"]) == 2
    wiped = await client.call("/api/conversation/clear_message", {"conversation_id": conversation_id, "bot_id": bot})
    assert wiped["new_section_id"] != cleared["id"]
    assert (await client.call("/api/conversation/get_message_list", console))["message_list"] == []
    await expect_error(client.call("/api/conversation/create_section", {"conversation_id": "42"}), 404, "42")


async def test_space_checks(client: AtelierClient, new_bot: NewBot, stranger: Stranger) -> None:
    theirs = await stranger.new_bot()
    conversation = (await stranger.api.call("/v1/conversation/create", {"bot_id": theirs}))["data"]
    cid = conversation["id"]
    # Someone else's conversation: 404 on every call, the answer an unknown id gets (no existence oracle)
    unknown = await expect_error(client.call("/v1/conversation/retrieve", {"conversation_id": "42"}, method="GET"),
                                 404)
    foreign = await expect_error(client.call("/v1/conversation/retrieve", {"conversation_id": cid}, method="GET"),
                                 404, f"conversation {cid} not found")
    assert foreign["msg"] == unknown["msg"].replace("42", cid)
    await expect_error(client.call(f"/v1/conversations/{cid}", {"name": "mine"}, method="PUT"), 404)
    await expect_error(client.call(f"/v1/conversations/{cid}", method="DELETE"), 404)
    await expect_error(client.call(f"/v1/conversations/{cid}/clear", {}), 404)
    await expect_error(open_list(client, cid), 404)
    await expect_error(client.call("/api/conversation/create_section", {"conversation_id": cid}), 404)
    await expect_error(client.call("/v1/conversation/create", {"bot_id": theirs}), 404, f"bot {theirs} not found")
    await expect_error(client.call("/v1/conversations", {"bot_id": theirs}, method="GET"), 404)
    # The owner with a space_id of theirs that is not the conversation's: 404
    wrong = stranger.other_space_id
    await expect_error(stranger.api.call("/v1/conversation/retrieve", {"conversation_id": cid, "space_id": wrong},
                                         method="GET"), 404, f"conversation {cid}")
    await expect_error(stranger.api.call("/v1/conversation/create", {"bot_id": theirs, "space_id": wrong}), 404)
    await expect_error(stranger.api.call("/v1/conversations", {"bot_id": theirs, "space_id": wrong}, method="GET"), 404)
    await expect_error(stranger.api.call(f"/v1/conversation/message/list?conversation_id={cid}",
                                         {"space_id": wrong}), 404)
    got = await stranger.api.call("/v1/conversation/retrieve", {"conversation_id": cid,
                                                                "space_id": stranger.api.space_id}, method="GET")
    assert got["data"]["id"] == cid and got["data"]["bot_id"] == theirs
    # A space the caller is not in at all: refused at the edge
    await expect_error(client.call("/v1/conversation/retrieve", {"conversation_id": cid, "space_id": wrong},
                                   method="GET"), 403)
    # And a deleted conversation is gone
    await stranger.api.call(f"/v1/conversations/{cid}", method="DELETE")
    await expect_error(stranger.api.call("/v1/conversation/retrieve", {"conversation_id": cid}, method="GET"), 404)
