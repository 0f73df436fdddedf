"""The console's run log of chat runs: a space's runs newest first with their question, status,
usage, latency, error and trace id, filtered by agent, status, user, conversation and time, paged
with a cursor; one run's record with all its messages; nothing of another space."""

from __future__ import annotations

import re
import time
from typing import Any

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.openai_stub import OpenAIStub

LIST = "/api/conversation/run_record/list"
GET = "/api/conversation/run_record/get"


async def runs(api: AtelierClient, **filters: Any) -> dict[str, Any]:
    return await api.call(LIST, {"space_id": api.space_id, **filters})


async def chat_without_stream(api: AtelierClient, bot: str, query: str, user_id: str) -> tuple[dict[str, Any], str]:
    """A /v3/chat with stream=false, waited for: the finished chat and the trace id its answer gave."""
    reply = await api.raw("POST", "/v3/chat", json={"bot_id": bot, "user_id": user_id, "stream": False,
                                                   "additional_messages": [{"role": "user", "content": query,
                                                                            "content_type": "text"}]})
    assert reply.status_code == 200, reply.text
    return await api.wait_chat(reply.json()["data"]), reply.headers["x-tt-logid"]


async def test_runs_of_a_space_are_listed_filtered_and_paged(stranger, stub: OpenAIStub) -> None:
    api = stranger.api  # a space of its own: the lists hold exactly this test's runs
    ada_bot, bob_bot = await stranger.new_bot(), await stranger.new_bot()
    started = int(time.time()) - 1
    stub.script({"content": "Hello Ada"})
    first, trace = await chat_without_stream(api, ada_bot, "hi, I am Ada", "ada")
    stub.script({"content": "Again"})
    await api.chat(ada_bot, "and again", user_id="ada", conversation_id=first["conversation_id"])
    stub.script({"error": {"status": 400, "message": "bad request to model"}})
    failed, _ = await chat_without_stream(api, bob_bot, "break please", "bob")
    assert failed["status"] == "failed"

    listed = await runs(api)
    assert [r["query"] for r in listed["data"]] == ["break please", "and again", "hi, I am Ada"]
    assert listed["has_more"] is False and listed.get("next_cursor", "") == ""
    oldest = listed["data"][2]
    assert (oldest["id"], oldest["bot_id"], oldest["user_id"], oldest["status"]) == (first["id"], ada_bot, "ada",
                                                                                     "completed")
    assert oldest["trace_id"] == trace and re.fullmatch(r"[0-9a-f]{32}", trace)
    assert oldest["usage"]["output_count"] > 0 and oldest["latency_ms"] > 0
    assert oldest["finished_at"] - oldest["created_at"] == oldest["latency_ms"]
    assert listed["data"][0]["last_error"]["msg"].find("bad request to model") >= 0

    async def ids(**filters: Any) -> list[str]:
        return [r["id"] for r in (await runs(api, **filters))["data"]]

    everything = [r["id"] for r in listed["data"]]
    assert await ids(bot_id=bob_bot) == [failed["id"]]
    assert await ids(status="failed") == [failed["id"]]
    assert await ids(status="completed", bot_id=ada_bot) == everything[1:]
    assert await ids(user_id="ada") == everything[1:]
    assert await ids(conversation_id=first["conversation_id"]) == everything[1:]
    assert await ids(start_time=started) == everything
    assert await ids(start_time=int(time.time()) + 60) == []
    assert await ids(end_time=started) == []

    page = await runs(api, limit=2)
    assert [r["id"] for r in page["data"]] == everything[:2] and page["has_more"] is True
    rest = await runs(api, limit=2, cursor=page["next_cursor"])
    assert [r["id"] for r in rest["data"]] == everything[2:] and rest["has_more"] is False

    await expect_error(runs(api, status="finished"), 400, "status 'finished'")
    await expect_error(runs(api, limit=0), 400, "limit")
    await expect_error(runs(api, cursor="abc"), 400, "cursor")


async def test_a_run_record_has_all_its_messages_and_stays_in_its_space(stranger, client: AtelierClient,
                                                                       stub: OpenAIStub) -> None:
    bot = await stranger.new_bot()
    stub.script({"content": "Forty-two."})
    chat, _ = await chat_without_stream(stranger.api, bot, "What is the answer?", "u1")
    record = await stranger.api.call(GET, {"space_id": stranger.api.space_id, "chat_id": chat["id"]})
    assert (record["data"]["id"], record["data"]["status"], record["data"]["query"]) == (
        chat["id"], "completed", "What is the answer?")
    kinds = [(m["type"], m["content"]) for m in record["messages"] if m["type"] in ("question", "answer")]
    assert kinds == [("question", "What is the answer?"), ("answer", "Forty-two.")]

    # another user's space: not listed, not readable (alike whether it exists or not)
    await expect_error(client.call(GET, {"space_id": client.space_id, "chat_id": chat["id"]}), 404,
                       f"chat run {chat['id']} not found")
    assert chat["id"] not in [r["id"] for r in (await runs(client, limit=100))["data"]]
    await expect_error(client.call(LIST, {"space_id": stranger.api.space_id}), 403)
