"""Non-streamed chats run in the conversation service's background: cancel stops them, a graceful
shutdown gives them the grace period then records them cancelled, and the runs of a crashed server
are failed by the reaper."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace
from typing import Any

import asyncpg
import pytest

from atelier_conversation.chat import reaper
from atelier_devstack.api_client import AtelierClient, wait_until
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
SLOW = {"content": "word " * 200, "tokens_per_s": 20, "chunk_size_chars": 5}  # about ten seconds


async def start_chat(client: AtelierClient, bot: str, query: str) -> dict[str, Any]:
    reply = await client.call("/v3/chat", {"bot_id": bot, "user_id": "u1", "stream": False, "additional_messages": [
        {"role": "user", "content": query, "content_type": "text"}]})
    assert reply["data"]["status"] == "in_progress"
    return reply["data"]


async def answer_of(client: AtelierClient, chat: dict[str, Any]) -> dict[str, Any]:
    return next(m for m in await client.chat_messages(chat) if m["type"] == "answer")


async def test_cancel_stops_a_background_chat_and_keeps_the_partial_answer(client: AtelierClient, new_bot,
                                                                           stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script(SLOW)
    aborted = stub.stats()["aborted_streams"]
    chat = await start_chat(client, bot, "talk")
    await asyncio.sleep(1.0)  # a few words said
    cancelled = (await client.call("/v3/chat/cancel", {"conversation_id": chat["conversation_id"],
                                                       "chat_id": chat["id"]}))["data"]
    assert cancelled["status"] == "canceled"
    await wait_until(lambda: stub.stats()["aborted_streams"] > aborted, 2)  # the model stopped generating
    partial = await answer_of(client, chat)
    assert partial["meta_data"]["partial"] == "true" and 0 < len(partial["content"]) < len(SLOW["content"])
    assert (await client.retrieve_chat(chat["conversation_id"], chat["id"]))["status"] == "canceled"


async def test_shutdown_lets_background_chats_finish_within_the_grace_then_cancels_the_rest(
        client: AtelierClient, new_bot, stub: OpenAIStub, chat_stack: KnowledgeStack) -> None:
    proc = chat_stack.procs["conversation"]
    grace = proc.env.get("ATELIER_SHUTDOWN_GRACE_S")
    proc.env["ATELIER_SHUTDOWN_GRACE_S"] = "3"
    try:
        chat_stack.restart("conversation")
        await client.wait_answering()
        bot = await new_bot()
        stub.script(SLOW, {"content": "A short answer in time.", "tokens_per_s": 10, "chunk_size_chars": 5}, SLOW)
        asked = len(stub.requests(CHAT))
        slow = await start_chat(client, bot, "talk for long")
        await wait_until(lambda: len(stub.requests(CHAT)) > asked, 5)
        quick = await start_chat(client, bot, "answer briefly")
        await wait_until(lambda: len(stub.requests(CHAT)) > asked + 1, 5)
        # And a streamed chat whose client is still reading.
        streamed: list[tuple[str, str]] = []
        body = {"bot_id": bot, "user_id": "u1", "stream": True,
                "additional_messages": [{"role": "user", "content": "stream for long", "content_type": "text"}]}
        reader = asyncio.create_task(_collect(client.sse("/v3/chat", body), streamed))
        await wait_until(lambda: len(stub.requests(CHAT)) > asked + 2, 5)
        started = time.monotonic()
        await asyncio.to_thread(proc.stop)  # SIGTERM
        assert time.monotonic() - started < 3 + 3 + 5 + 2  # the server's grace, the runs' grace, the stop wait
        await asyncio.wait_for(reader, 5)
    finally:
        if grace is None:
            proc.env.pop("ATELIER_SHUTDOWN_GRACE_S", None)
        else:
            proc.env["ATELIER_SHUTDOWN_GRACE_S"] = grace
        chat_stack.restart("conversation")
        await client.wait_answering()
    # The short one finished within the grace; the long one was stopped and recorded with what it said.
    assert (await client.retrieve_chat(quick["conversation_id"], quick["id"]))["status"] == "completed"
    assert (await answer_of(client, quick))["content"] == "A short answer in time."
    stopped = await client.retrieve_chat(slow["conversation_id"], slow["id"])
    assert stopped["status"] == "canceled" and "shut down" in stopped["last_error"]["msg"]
    partial = await answer_of(client, slow)
    assert partial["meta_data"]["partial"] == "true" and 0 < len(partial["content"]) < len(SLOW["content"])
    # The streamed one was cut off after the server's grace, and recorded too.
    created = json.loads(streamed[0][1])
    assert (await client.retrieve_chat(created["conversation_id"], created["id"]))["status"] == "canceled"
    assert (await answer_of(client, created))["meta_data"]["partial"] == "true"


async def _collect(events: Any, into: list[tuple[str, str]]) -> None:
    async for event in events:
        into.append(event)


async def test_background_chats_of_a_crashed_server_are_failed_by_the_reaper(
        client: AtelierClient, new_bot, stub: OpenAIStub, chat_stack: KnowledgeStack) -> None:
    bot = await new_bot()
    stub.script(SLOW)
    asked = len(stub.requests(CHAT))
    chat = await start_chat(client, bot, "talk")
    await wait_until(lambda: len(stub.requests(CHAT)) > asked, 5)
    chat_stack.restart("conversation", crash=True)  # SIGKILL: nothing is recorded
    await client.wait_answering()
    assert (await client.retrieve_chat(chat["conversation_id"], chat["id"]))["status"] == "in_progress"
    pool = await asyncpg.create_pool(chat_stack.env["ATELIER_DATABASE_URL"], min_size=1, max_size=2,
                                     server_settings={"search_path": "conversation"})
    try:
        # The reaper's round as it runs once the run timeout (plus its grace) has passed.
        deps = SimpleNamespace(pool=pool, settings=SimpleNamespace(chat_run_timeout_s=-reaper.GRACE_S))
        assert int(chat["id"]) in await reaper.reap_once(deps)  # type: ignore[arg-type]
    finally:
        await pool.close()
    lost = await client.wait_chat(chat)
    assert lost["status"] == "failed" and "lost" in lost["last_error"]["msg"]
