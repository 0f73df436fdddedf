"""Chatting through the gateway: /v3/chat streamed and not (a non-streamed chat answers at once and
runs in the background), the run and message records, history across turns and sections, cancel,
client disconnect, model failures, the console chat with regenerate, and every bad input."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace
from typing import Any

import asyncpg
import httpx
import pytest

from atelier_conversation.chat import reaper
from atelier_devstack.api_client import AtelierClient, expect_error, wait_until
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e


def names(events: list[tuple[str, Any]]) -> list[str]:
    """Event names with consecutive deltas collapsed."""
    out: list[str] = []
    for name, _ in events:
        if not (name == "conversation.message.delta" and out and out[-1] == name):
            out.append(name)
    return out




until = wait_until


async def chat_status(client: AtelierClient, conversation_id: str, chat_id: str) -> dict[str, Any]:
    return await client.retrieve_chat(conversation_id, chat_id)


async def finished(client: AtelierClient, chat: dict[str, Any]) -> dict[str, Any]:
    return await client.wait_chat(chat)


async def test_v3_chat_streams_events_in_order_and_records_everything(client: AtelierClient, new_bot,
                                                                      stub: OpenAIStub) -> None:
    bot = await new_bot(prompt_info={"prompt": "Be brief."})
    # Pieces 100 ms apart: slower than the answer's pace (ATELIER_ANSWER_DELTA_PACE_MS), so each is a delta.
    stub.script({"content": "Hello from the agent", "chunk_size_chars": 5, "tokens_per_s": 10})
    events = await client.chat(bot, "hi there")
    assert names(events) == ["conversation.chat.created", "conversation.chat.in_progress",
                             "conversation.message.delta", "conversation.message.completed",
                             "conversation.message.completed", "conversation.chat.completed", "done"]
    created, completed = events[0][1], events[-2][1]
    assert created["status"] == "created" and created["bot_id"] == bot
    deltas = [d for n, d in events if n == "conversation.message.delta"]
    assert len(deltas) == 4 and "".join(d["content"] for d in deltas) == "Hello from the agent"
    answer = next(d for n, d in events if n == "conversation.message.completed" and d["type"] == "answer")
    assert answer["content"] == "Hello from the agent" and answer["role"] == "assistant"
    assert answer["id"] == deltas[0]["id"] and answer["chat_id"] == created["id"]
    finish = [d for n, d in events if n == "conversation.message.completed"][1]
    assert finish["type"] == "verbose" and json.loads(finish["content"])["msg_type"] == "generate_answer_finish"
    assert completed["status"] == "completed" and completed["usage"]["output_count"] > 0
    assert completed["usage"]["token_count"] == completed["usage"]["input_count"] + completed["usage"]["output_count"]
    assert events[-1] == ("done", "[DONE]")  # Coze's data: the JSON string "[DONE]"

    conversation_id, chat_id = created["conversation_id"], created["id"]
    assert (await chat_status(client, conversation_id, chat_id))["status"] == "completed"
    listed = (await client.call("/v3/chat/message/list", {"conversation_id": conversation_id, "chat_id": chat_id},
                                method="GET"))["data"]
    assert [m["type"] for m in listed] == ["answer", "verbose"]
    history = (await client.call("/v1/conversation/message/list?conversation_id=" + conversation_id,
                                 {"order": "asc"}))["data"]
    assert [(m["role"], m["type"], m["content"]) for m in history][:2] == [
        ("user", "question", "hi there"), ("assistant", "answer", "Hello from the agent")]


async def test_non_stream_chat_answers_at_once_and_runs_in_the_background(client: AtelierClient, new_bot,
                                                                          stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "A whole answer, slowly. " * 4, "tokens_per_s": 20, "chunk_size_chars": 5})
    started = time.monotonic()
    reply = await client.call("/v3/chat", {"bot_id": bot, "user_id": "u1", "stream": False, "additional_messages": [
        {"role": "user", "content": "question", "content_type": "text"}]})
    assert time.monotonic() - started < 2  # the answer takes about 5 s: the call did not wait for it
    chat = reply["data"]
    assert chat["status"] == "in_progress" and chat["bot_id"] == bot and chat["conversation_id"] and chat["id"]
    assert "usage" not in chat and "completed_at" not in chat
    done = await finished(client, chat)
    assert done["status"] == "completed" and done["completed_at"]
    assert set(done["usage"]) == {"token_count", "output_count", "input_count"} and done["usage"]["output_count"] > 0
    listed = (await client.call("/v3/chat/message/list", {"conversation_id": chat["conversation_id"],
                                                          "chat_id": chat["id"]}, method="GET"))["data"]
    assert listed[0]["content"] == "A whole answer, slowly. " * 4


async def test_conversation_history_reaches_the_model_until_the_context_is_cleared(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "Nice to meet you, Ada."}, {"content": "You are Ada."}, {"content": "I don't know."})
    first = await client.chat(bot, "my name is Ada")
    conversation_id = first[0][1]["conversation_id"]
    await client.chat(bot, "what is my name?", conversation_id=conversation_id)
    sent = stub.requests("/v1/chat/completions")[-1]["json"]["messages"]
    assert [m["content"] for m in sent[1:]] == ["my name is Ada", "Nice to meet you, Ada.", "what is my name?"]
    cleared = await client.call(f"/v1/conversations/{conversation_id}/clear", {})
    assert cleared["data"]["conversation_id"] == conversation_id and cleared["data"]["id"]
    await client.chat(bot, "and now?", conversation_id=conversation_id)
    sent = stub.requests("/v1/chat/completions")[-1]["json"]["messages"]
    assert [m["content"] for m in sent[1:]] == ["and now?"]


async def test_earlier_additional_messages_are_saved_before_the_query(client: AtelierClient, new_bot,
                                                                      stub: OpenAIStub) -> None:
    bot = await new_bot()
    body = {"bot_id": bot, "user_id": "u1", "stream": False, "additional_messages": [
        {"role": "user", "content": "earlier question", "content_type": "text"},
        {"role": "assistant", "content": "earlier answer", "content_type": "text"},
        {"role": "user", "content": "the query", "content_type": "text"}]}
    chat = await finished(client, (await client.call("/v3/chat", body))["data"])
    sent = stub.requests("/v1/chat/completions")[-1]["json"]["messages"]
    assert [m["content"] for m in sent[1:]] == ["earlier question", "earlier answer", "the query"]
    assert chat["status"] == "completed"


async def test_cancel_stops_a_running_chat_and_keeps_the_partial_answer(client: AtelierClient, new_bot,
                                                                        stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "word " * 200, "tokens_per_s": 20, "chunk_size_chars": 5})
    events: list[tuple[str, Any]] = []
    body = {"bot_id": bot, "user_id": "u1", "stream": True,
            "additional_messages": [{"role": "user", "content": "talk", "content_type": "text"}]}

    async def consume() -> None:
        async for name, data in client.sse("/v3/chat", body):
            events.append((name, data))

    aborted = stub.stats()["aborted_streams"]
    task = asyncio.create_task(consume())
    while sum(n == "conversation.message.delta" for n, _ in events) < 3:
        await asyncio.sleep(0.05)
    chat = json.loads(events[0][1])
    started = time.monotonic()
    cancelled = await client.call("/v3/chat/cancel", {"chat_id": chat["id"], "conversation_id": chat["conversation_id"]})
    assert cancelled["data"]["status"] == "canceled"  # Coze's public spelling
    await asyncio.wait_for(task, 5)
    assert time.monotonic() - started < 1.5  # the stream ended within about a second
    await until(lambda: stub.stats()["aborted_streams"] > aborted, 1.5)  # and the model stopped generating
    assert names(events)[-1] == "done"
    partial = next(json.loads(d) for n, d in events if n == "conversation.message.completed")
    assert partial["type"] == "answer" and partial["meta_data"]["partial"] == "true"
    assert 0 < len(partial["content"]) < len("word " * 200)
    assert (await chat_status(client, chat["conversation_id"], chat["id"]))["status"] == "canceled"
    await expect_error(client.call("/v3/chat/cancel", {"chat_id": chat["id"],
                                                       "conversation_id": chat["conversation_id"]}), 409, "canceled")


async def test_client_disconnect_cancels_the_run(client: AtelierClient, new_bot, stub: OpenAIStub,
                                                 chat_stack: KnowledgeStack) -> None:
    bot = await new_bot()
    stub.script({"content": "slow " * 200, "tokens_per_s": 20, "chunk_size_chars": 5})
    body = {"bot_id": bot, "user_id": "u1", "stream": True,
            "additional_messages": [{"role": "user", "content": "talk", "content_type": "text"}]}
    chat: dict[str, Any] = {}
    aborted = stub.stats()["aborted_streams"]
    async with httpx.AsyncClient(base_url=chat_stack.gateway_url, trust_env=False,
                                 headers={"Authorization": f"Bearer {chat_stack.token}"}) as raw:
        async with raw.stream("POST", "/v3/chat", json=body) as reply:
            deltas = 0
            async for line in reply.aiter_lines():
                if line.startswith("data:") and not chat:
                    chat = json.loads(line[5:])
                deltas += line == "event: conversation.message.delta"
                if deltas >= 3:
                    break  # hang up mid-answer
    await until(lambda: stub.stats()["aborted_streams"] > aborted, 2)  # the model stopped generating
    deadline = time.monotonic() + 3
    status = ""
    while time.monotonic() < deadline:
        status = (await chat_status(client, chat["conversation_id"], chat["id"]))["status"]
        if status == "canceled":
            break
        await asyncio.sleep(0.1)
    assert status == "canceled"
    listed = (await client.call("/v3/chat/message/list", {"conversation_id": chat["conversation_id"],
                                                          "chat_id": chat["id"]}, method="GET"))["data"]
    assert listed[0]["type"] == "answer" and listed[0]["meta_data"]["partial"] == "true"


async def test_model_failure_mid_stream_fails_the_chat_and_keeps_the_partial_answer(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    stub.script({"content": "Partial words then nothing", "chunk_size_chars": 4,
                 "stream_error": {"after_chars": 8, "message": "model crashed"}})
    events = await client.chat(bot, "go")
    assert names(events)[-3:] == ["conversation.message.completed", "conversation.chat.failed", "done"]
    failed = events[-2][1]
    assert failed["status"] == "failed" and "model crashed" in failed["last_error"]["msg"] and failed["failed_at"]
    partial = events[-3][1]
    assert partial["content"] == "Partial " and partial["meta_data"]["partial"] == "true"
    stub.script({"error": {"status": 400, "message": "bad request to model"}})
    reply = await client.call("/v3/chat", {"bot_id": bot, "user_id": "u1", "stream": False, "additional_messages": [
        {"role": "user", "content": "again", "content_type": "text"}]})
    failed = await finished(client, reply["data"])
    assert failed["status"] == "failed" and "bad request to model" in failed["last_error"]["msg"]


async def test_bad_input_is_refused_before_anything_is_recorded(client: AtelierClient, new_bot,
                                                                chat_stack: KnowledgeStack) -> None:
    published = await new_bot()
    draft_only = await new_bot(publish=False)
    other = await new_bot()
    msg = [{"role": "user", "content": "hi", "content_type": "text"}]
    await expect_error(client.chat("123456789", "hi"), 404, "bot 123456789")
    await expect_error(client.chat(draft_only, "hi"), 404, "not published")
    await expect_error(client.chat(published, "   "), 400, "empty")
    await expect_error(client.call("/v3/chat", {"bot_id": published, "user_id": "u", "additional_messages": []}),
                       400, "additional_messages")
    await expect_error(client.call("/v3/chat", {"bot_id": published, "user_id": "", "additional_messages": msg}),
                       400, "user_id")
    typo = [{**msg[0], "type": "questoin"}]  # a message type is a MessageType of the IDL
    await expect_error(client.call("/v3/chat", {"bot_id": published, "user_id": "u", "additional_messages": typo}),
                       400, "additional_messages[0].type")
    first = await client.chat(other, "hello")
    foreign_conversation = first[0][1]["conversation_id"]
    await expect_error(client.chat(published, "hi", conversation_id=foreign_conversation), 404, "conversation")
    conn = await asyncpg.connect(chat_stack.env["ATELIER_DATABASE_URL"])
    try:
        foreign = 980000000000 + int(time.time() * 1000) % 10**9
        await conn.execute("INSERT INTO agent.bots (id, space_id, creator_id, draft, online_version)"
                           " VALUES ($1, 515151, 1, '{}', 'v1')", foreign)
        before = await conn.fetchval("SELECT count(*) FROM conversation.chats")
    finally:
        await conn.close()
    await expect_error(client.chat(str(foreign), "hi"), 404, f"bot {foreign} not found")
    conn = await asyncpg.connect(chat_stack.env["ATELIER_DATABASE_URL"])
    try:
        assert await conn.fetchval("SELECT count(*) FROM conversation.chats") == before
    finally:
        await conn.close()


async def test_console_chat_with_the_draft_and_regenerate(client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot(publish=False, prompt_info={"prompt": "draft persona"})
    conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]
    stub.script({"content": "first try"}, {"content": "second try"})
    body = {"bot_id": bot, "conversation_id": conversation["id"], "query": "hello", "draft_mode": True}
    events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", body)]
    assert events[0][0] == "message" and events[0][1]["message"]["type"] == "ack"
    assert events[-1] == ("done", "")
    finished = [d["message"] for n, d in events if n == "message" and d["is_finish"]]
    answer = next(m for m in finished if m["type"] == "answer")
    assert answer["content"] == "first try" and answer["reply_id"] == events[0][1]["message"]["message_id"]
    assert "draft persona" in stub.requests("/v1/chat/completions")[-1]["json"]["messages"][0]["content"]
    regen = {**body, "query": "", "regen_message_id": answer["message_id"]}
    events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", regen)]
    again = next(d["message"] for n, d in events if n == "message" and d["is_finish"] and d["message"]["type"] == "answer")
    assert again["content"] == "second try" and again["reply_id"] == answer["reply_id"]
    sent = stub.requests("/v1/chat/completions")[-1]["json"]["messages"]
    assert [m["content"] for m in sent[1:]] == ["hello"]  # the question once, the replaced answer not at all
    listed = (await client.call("/api/conversation/get_message_list", {
        "conversation_id": conversation["id"], "bot_id": bot, "cursor": "0", "count": 20}))["message_list"]
    contents = [(m["type"], m["content"]) for m in listed if m["type"] in ("question", "answer")]
    assert contents == [("answer", "second try"), ("question", "hello")]  # newest first, one question


async def test_conversations_openapi(client: AtelierClient, new_bot) -> None:
    bot = await new_bot()
    made = (await client.call("/v1/conversation/create", {"bot_id": bot, "meta_data": {"k": "v"}, "messages": [
        {"role": "user", "content": "seed", "content_type": "text"}]}))["data"]
    assert made["meta_data"] == {"k": "v"} and made["last_section_id"]
    renamed = (await client.call(f"/v1/conversations/{made['id']}", {"name": "Trip"}, method="PUT"))["data"]
    assert renamed["name"] == "Trip"
    listed = (await client.call("/v1/conversations", {"bot_id": bot}, method="GET"))["data"]
    assert [c["id"] for c in listed["conversations"]] == [made["id"]] and listed["has_more"] is False
    got = (await client.call("/v1/conversation/retrieve", {"conversation_id": made["id"]}, method="GET"))["data"]
    assert got["name"] == "Trip"
    messages = (await client.call(f"/v1/conversation/message/list?conversation_id={made['id']}", {}))["data"]
    assert [m["content"] for m in messages] == ["seed"]
    await client.call(f"/v1/conversations/{made['id']}", method="DELETE")
    await expect_error(client.call("/v1/conversation/retrieve", {"conversation_id": made["id"]}, method="GET"), 404)
    await expect_error(client.call("/v1/conversation/create", {"bot_id": bot, "messages": [
        {"role": "robot", "content": "x", "content_type": "text"}]}), 400, "messages[0].role")


async def test_a_react_turn_streams_each_step_as_its_own_message(client: AtelierClient, new_bot,
                                                                  stub: OpenAIStub) -> None:
    bot = await new_bot(variable_list=[{"key": "city", "description": "where the user lives"}],
                        suggest_reply_info={"suggest_reply_mode": 0})
    stub.script({"content": "Let me note that.", "tool_calls": [
                    {"name": "setKeywordMemory", "arguments": {"data": [{"keyword": "city", "value": "Lyon"}]}}]},
                {"content": "Noted: Lyon."},
                {"content": '["Where in Lyon?", "Since when?"]'})
    events = await client.chat(bot, "I live in Lyon")
    completed = [d for n, d in events if n == "conversation.message.completed"]
    assert [(m["type"], m["content"] if m["type"] in ("answer", "follow_up") else "") for m in completed] == [
        ("answer", "Let me note that."), ("function_call", ""), ("tool_response", ""), ("answer", "Noted: Lyon."),
        ("verbose", ""), ("follow_up", "Where in Lyon?"), ("follow_up", "Since when?")]
    assert names(events)[-2:] == ["conversation.chat.completed", "done"]
    call, result = completed[1], completed[2]
    assert json.loads(call["content"])["name"] == "setKeywordMemory" and json.loads(result["content"])["saved"]
    deltas = [d for n, d in events if n == "conversation.message.delta"]
    assert {d["id"] for d in deltas} == {completed[0]["id"], completed[3]["id"]}  # two answers, two ids
    chat = events[0][1]
    listed = (await client.call("/v3/chat/message/list", {"conversation_id": chat["conversation_id"],
                                                          "chat_id": chat["id"]}, method="GET"))["data"]
    assert [m["id"] for m in listed] == [m["id"] for m in completed]
    # The next turn replays the tool traffic as the model produced it: the text and the call in one
    # assistant message, the tool's result, then the final answer.
    stub.script({"content": "Lyon, as you said."})
    await client.chat(bot, "where do I live?", conversation_id=chat["conversation_id"])
    turn = next(r["json"]["messages"] for r in reversed(stub.requests("/v1/chat/completions"))
                if r["json"]["messages"][-1]["content"] == "where do I live?")  # not the suggestions call
    assert [m["role"] for m in turn[1:]] == ["user", "assistant", "tool", "assistant", "user"]
    assert turn[2]["content"] == "Let me note that." and turn[2]["tool_calls"][0]["function"]["name"] == "setKeywordMemory"
    assert json.loads(turn[3]["content"])["saved"] == {"city": "Lyon"}
    assert [turn[1]["content"], turn[4]["content"], turn[5]["content"]] == ["I live in Lyon", "Noted: Lyon.",
                                                                          "where do I live?"]


async def test_chat_calls_check_the_chat_and_its_space(client: AtelierClient, new_bot, stranger) -> None:  # noqa: ANN001
    bot = await new_bot()
    chat = await finished(client, (await client.call("/v3/chat", {"bot_id": bot, "user_id": "u1", "additional_messages": [
        {"role": "user", "content": "hi", "content_type": "text"}]}))["data"])
    ids = {"conversation_id": chat["conversation_id"], "chat_id": chat["id"]}
    await expect_error(client.call("/v3/chat/cancel", ids), 409, "completed")
    await expect_error(stranger.api.call("/v3/chat/retrieve", ids, method="GET"), 404, "not found")
    await expect_error(stranger.api.call("/v3/chat/cancel", ids), 404)
    await expect_error(stranger.api.call("/v3/chat/message/list", ids, method="GET"), 404)
    other = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]["id"]
    await expect_error(client.call("/v3/chat/retrieve", {**ids, "conversation_id": other}, method="GET"), 404,
                       f"chat {chat['id']}")
    theirs = await stranger.new_bot()
    await expect_error(client.chat(theirs, "hi"), 404, f"bot {theirs} not found")
    mine = await stranger.api.chat(theirs, "hi")  # the stranger's own chat works, in their space
    assert mine[-2][0] == "conversation.chat.completed"
    await expect_error(stranger.api.chat(theirs, "hi", space_id=stranger.other_space_id), 404, "space")


async def test_a_run_longer_than_the_limit_fails_with_a_timeout(client: AtelierClient, new_bot, stub: OpenAIStub,
                                                                 chat_stack: KnowledgeStack) -> None:
    proc = chat_stack.procs["conversation"]
    proc.env["ATELIER_CHAT_RUN_TIMEOUT_S"] = "2"
    try:
        chat_stack.restart("conversation")
        await client.wait_answering()
        bot = await new_bot()
        stub.script({"content": "slow " * 100, "tokens_per_s": 10, "chunk_size_chars": 5})
        started = time.monotonic()
        events = await client.chat(bot, "take your time")
        assert time.monotonic() - started < 5
        assert names(events)[-3:] == ["conversation.message.completed", "conversation.chat.failed", "done"]
        failed = events[-2][1]
        assert failed["last_error"]["code"] == 504 and "longer than 2 s" in failed["last_error"]["msg"]
        assert events[-3][1]["meta_data"]["partial"] == "true" and events[-3][1]["content"].startswith("slow")
    finally:
        proc.env.pop("ATELIER_CHAT_RUN_TIMEOUT_S", None)
        chat_stack.restart("conversation")
        await client.wait_answering()


async def test_runs_orphaned_by_a_dead_server_are_failed(client: AtelierClient, new_bot,
                                                         chat_stack: KnowledgeStack) -> None:
    bot = await new_bot()
    chat = await finished(client, (await client.call("/v3/chat", {"bot_id": bot, "user_id": "u1", "additional_messages": [
        {"role": "user", "content": "hi", "content_type": "text"}]}))["data"])
    pool = await asyncpg.create_pool(chat_stack.env["ATELIER_DATABASE_URL"], min_size=1, max_size=2,
                                     server_settings={"search_path": "conversation"})
    try:
        # A run its server never ended (as after a crash), started an hour ago.
        orphan = int(chat["id"]) + 1
        await pool.execute(
            "INSERT INTO chats (id, conversation_id, section_id, bot_id, user_id, status, created_at)"
            " SELECT $1, conversation_id, section_id, bot_id, user_id, 'in_progress', now() - interval '1 hour'"
            " FROM chats WHERE id = $2", orphan, int(chat["id"]))
        deps = SimpleNamespace(pool=pool, settings=SimpleNamespace(chat_run_timeout_s=600.0))
        assert orphan in await reaper.reap_once(deps)  # type: ignore[arg-type]
    finally:
        await pool.close()
    lost = await chat_status(client, chat["conversation_id"], str(orphan))
    assert lost["status"] == "failed" and "lost" in lost["last_error"]["msg"] and lost["failed_at"]
    assert (await chat_status(client, chat["conversation_id"], chat["id"]))["status"] == "completed"


async def test_auto_save_history_false_answers_without_touching_the_conversation(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    first = await client.chat(bot, "remember the word kiwi")
    conversation_id = first[0][1]["conversation_id"]
    stub.script({"content": "An ephemeral answer."})
    body = {"bot_id": bot, "user_id": "user-1", "stream": True, "auto_save_history": False, "additional_messages": [
        {"role": "user", "content": "context only", "content_type": "text"},
        {"role": "user", "content": "one-off question", "content_type": "text"}]}
    events = [(n, d if d == "[DONE]" else json.loads(d))
              async for n, d in client.sse("/v3/chat", body, params={"conversation_id": conversation_id})]
    assert events[-2][0] == "conversation.chat.completed" and events[-2][1]["status"] == "completed"
    assert "".join(d["content"] for n, d in events if n == "conversation.message.delta") == "An ephemeral answer."
    sent = [m["content"] for m in stub.requests("/v1/chat/completions")[-1]["json"]["messages"][1:]]
    assert sent[-2:] == ["context only", "one-off question"] and "remember the word kiwi" in sent
    stored = (await client.call(f"/v1/conversation/message/list?conversation_id={conversation_id}", {"order": "asc"}))
    assert "one-off question" not in [m["content"] for m in stored["data"]]
    assert "An ephemeral answer." not in [m["content"] for m in stored["data"]]


async def test_auto_save_history_false_without_streaming_is_readable_by_its_chat_only(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot()
    first = await client.chat(bot, "remember the word kiwi")
    conversation_id = first[0][1]["conversation_id"]
    stub.script({"content": "A polled ephemeral answer."})
    body = {"bot_id": bot, "user_id": "user-1", "stream": False, "auto_save_history": False, "additional_messages": [
        {"role": "user", "content": "a one-off question", "content_type": "text"}]}
    chat = (await client.call(f"/v3/chat?conversation_id={conversation_id}", body))["data"]
    assert chat["status"] == "in_progress" and chat["conversation_id"] == conversation_id
    done = await finished(client, chat)
    assert done["status"] == "completed"
    # Readable through the chat, as a poller (cozepy's create_and_poll) reads it ...
    listed = (await client.call("/v3/chat/message/list", {"conversation_id": conversation_id, "chat_id": chat["id"]},
                                method="GET"))["data"]
    assert [m["content"] for m in listed if m["type"] == "answer"] == ["A polled ephemeral answer."]
    # ... but never part of the conversation: not listed, not in the console, not in later history.
    stored = (await client.call(f"/v1/conversation/message/list?conversation_id={conversation_id}", {"order": "asc"}))
    assert [m["content"] for m in stored["data"] if m["role"] == "user"] == ["remember the word kiwi"]
    assert "A polled ephemeral answer." not in [m["content"] for m in stored["data"]]
    by_chat = (await client.call(f"/v1/conversation/message/list?conversation_id={conversation_id}",
                                 {"chat_id": chat["id"]}))["data"]
    assert by_chat == []
    console = (await client.call("/api/conversation/get_message_list", {
        "conversation_id": conversation_id, "bot_id": bot, "cursor": "0", "count": 20}))["message_list"]
    assert "a one-off question" not in [m["content"] for m in console]
    stub.script({"content": "Next."})
    await client.chat(bot, "and next?", conversation_id=conversation_id)
    sent = [m["content"] for m in stub.requests("/v1/chat/completions")[-1]["json"]["messages"][1:]]
    assert "a one-off question" not in sent and "A polled ephemeral answer." not in sent
    assert sent[0] == "remember the word kiwi" and sent[-1] == "and next?"


async def test_a_model_that_stalls_mid_answer_fails_the_chat_with_a_timeout(client: AtelierClient, new_bot,
                                                                           stub: OpenAIStub) -> None:
    from atelier_devstack.stack_fixtures import IMPATIENT_MODEL_ID

    bot = await new_bot(model_info={"model_id": IMPATIENT_MODEL_ID})
    stub.script({"content": "First words, then silence", "chunk_size_chars": 6,
                 "stall": {"after_chars": 12, "seconds": 5}})
    started = time.monotonic()
    events = await client.chat(bot, "go")
    assert time.monotonic() - started < 4  # the 1.5 s model timeout, not the 5 s stall
    assert names(events)[-2:] == ["conversation.chat.failed", "done"]
    failed = events[-2][1]
    assert failed["last_error"]["code"] == 504 and "timed out" in failed["last_error"]["msg"]
    partial = next(d for n, d in events if n == "conversation.message.completed" and d["type"] == "answer")
    assert partial["content"] == "First words," and partial["meta_data"]["partial"] == "true"
