"""Deep research through the gateway: /v3/chat's deep_research flag turns it on for one chat, its
reasoning arrives as reasoning_content deltas apart from the answer, every search is kept in the
chat's messages (the run record), a bound search plugin is read like the knowledge (and the console
chat's flag turns it on too), and /v3/chat/cancel stops it mid-research within a second."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, wait_until
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.tool_servers import ToolServer, register_api_key_plugin

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
BORN = "The lighthouse keeper Ada Varga was born in the town of Szeged."
FESTIVAL = "Every summer Szeged hosts an open-air theatre festival on Dome Square."
QUESTION = "Which festival is held in the town where Ada Varga was born?"


def search(query: str) -> dict[str, Any]:
    return {"name": "recallKnowledge", "arguments": {"query": query}}


async def knowledge_bot(client: AtelierClient, new_bot) -> tuple[str, dict[str, str]]:  # noqa: ANN001 - fixture factory
    """A published agent bound to two documents (one fact each, one passage per search), no research
    setting of its own; (bot id, document id by name)."""
    dataset_id = await client.create_dataset(f"research-{uuid.uuid4().hex[:8]}")
    docs = {name: (await client.create_text_document(dataset_id, name, text))["document_id"]
            for name, text in (("keeper-biography", BORN), ("town-events", FESTIVAL))}
    await client.wait_documents(docs.values())
    bot = await new_bot(knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0, "top_k": 1,
                                   "search_strategy": 0})
    return bot, docs


def verbose_of(messages: list[dict[str, Any]], msg_type: str) -> list[dict[str, Any]]:
    out = []
    for m in messages:
        if m["type"] == "verbose" and json.loads(m["content"])["msg_type"] == msg_type:
            out.append(json.loads(json.loads(m["content"])["data"]))
    return out


async def test_a_chat_flagged_deep_research_searches_twice_and_keeps_the_record(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot, docs = await knowledge_bot(client, new_bot)
    # The first step thinks in small, slow pieces (100 ms apart, slower than the answer's pace): each
    # arrives as a delta of its own.
    stub.script({"content": "Birthplace first.", "chunk_size_chars": 4, "tokens_per_s": 10,
                 "tool_calls": [search("where was Ada Varga born")]},
                {"content": "Now the festival.", "tool_calls": [search("festival in Szeged summer")]},
                {"content": "Enough."},
                {"reasoning": "Both facts are in.",
                 "content": "Ada Varga was born in Szeged [1], which hosts an open-air theatre festival [2]."})
    events = await client.chat(bot, QUESTION, deep_research=True)
    assert events[-2][0] == "conversation.chat.completed"
    deltas = [d for n, d in events if n == "conversation.message.delta"]
    thinking = "".join(d.get("reasoning_content", "") for d in deltas)
    answer_text = "".join(d["content"] for d in deltas)
    assert thinking == "Birthplace first.Now the festival.Enough.Both facts are in."  # each piece once, in order
    assert sum(d.get("reasoning_content", "") in ("Birt", "hpla", "ce f", "irst", ".") for d in deltas) >= 3
    assert answer_text == "Ada Varga was born in Szeged [1], which hosts an open-air theatre festival [2]."

    chat = events[0][1]
    saved = await client.chat_messages(chat)
    searches = verbose_of(saved, "research_search")
    assert len(searches) >= 2
    assert [[p["document_id"] for p in s["passages"]] for s in searches] == [[docs["keeper-biography"]],
                                                                             [docs["town-events"]]]
    read = next(json.loads(m["content"]) for m in saved if m["type"] == "knowledge")
    assert {p["id"]: p["document_id"] for p in read} == {"1": docs["keeper-biography"], "2": docs["town-events"]}
    answer = [m for m in saved if m["type"] == "answer" and m["content"]]
    assert [m["content"] for m in answer] == [answer_text]
    assert answer[0]["reasoning_content"] == "Both facts are in."
    finish = json.loads(saved[-1]["content"])
    assert saved[-1]["type"] == "verbose" and finish["msg_type"] == "generate_answer_finish"


async def test_cancel_stops_research_within_a_second(client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot, _docs = await knowledge_bot(client, new_bot)
    # The second step thinks slowly (about 10 s) before it would search again.
    stub.script({"tool_calls": [search("where was Ada Varga born")]},
                {"content": "thinking " * 50, "tokens_per_s": 20, "chunk_size_chars": 5,
                 "tool_calls": [search("festival in Szeged")]})
    events: list[tuple[str, Any]] = []
    body = {"bot_id": bot, "user_id": "u1", "stream": True, "deep_research": True,
            "additional_messages": [{"role": "user", "content": QUESTION, "content_type": "text"}]}

    async def consume() -> None:
        async for name, data in client.sse("/v3/chat", body):
            events.append((name, data))

    aborted = stub.stats()["aborted_streams"]
    task = asyncio.create_task(consume())

    def thinking_deltas() -> int:
        return sum(n == "conversation.message.delta" and bool(json.loads(d).get("reasoning_content"))
                   for n, d in events)

    await wait_until(lambda: thinking_deltas() >= 3, 15)
    requests = len(stub.requests(CHAT))
    chat = json.loads(events[0][1])
    started = time.monotonic()
    cancelled = await client.call("/v3/chat/cancel", {"chat_id": chat["id"], "conversation_id": chat["conversation_id"]})
    assert cancelled["data"]["status"] == "canceled"
    await asyncio.wait_for(task, 5)
    assert time.monotonic() - started < 1.0  # the stream ended within a second
    await wait_until(lambda: stub.stats()["aborted_streams"] > aborted, 1.0)  # the model stopped generating
    await asyncio.sleep(0.5)
    assert len(stub.requests(CHAT)) == requests  # no further step, no answer
    assert (await client.retrieve_chat(chat["conversation_id"], chat["id"]))["status"] == "canceled"
    saved = await client.chat_messages(chat)
    assert len(verbose_of(saved, "research_search")) == 1  # the first search stays on record


def search_api(tools: ToolServer) -> dict[str, Any]:
    return {
        "openapi": "3.0.3", "info": {"title": "Web", "description": "Searches the web", "version": "1"},
        "servers": [{"url": f"http://{tools.host}:{tools.port}/v1"}],
        "paths": {"/search": {"get": {
            "operationId": "webSearch", "summary": "Search the web",
            "parameters": [{"name": "q", "in": "query", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


async def test_research_reads_a_bound_search_plugin_too_in_a_console_chat(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    dataset_id = await client.create_dataset(f"research-{uuid.uuid4().hex[:8]}")
    doc = (await client.create_text_document(dataset_id, "keeper-biography", BORN))["document_id"]
    await client.wait_documents([doc])
    with ToolServer() as tools:
        tools.respond("GET", "/v1/search", {"results": [{"title": "Szeged festivals", "snippet": FESTIVAL}]})
        plugin_id, api_id = await register_api_key_plugin(client, search_api(tools), api_key="k-" + "5" * 24)
        bot = await new_bot(publish=False, plugin_info_list=[{"plugin_id": plugin_id, "api_id": api_id}],
                            knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0,
                                       "top_k": 1, "search_strategy": 0})
        # One step asks both sub-questions at once: the knowledge base and the web.
        stub.script({"content": "Birthplace from the documents, festival from the web.",
                     "tool_calls": [search("where was Ada Varga born"),
                                    {"name": "webSearch", "arguments": {"q": "Szeged summer festival"}}]},
                    {"content": "Enough."},
                    {"content": "Ada Varga was born in Szeged [1], whose summer theatre festival is on Dome Square [2]."})
        conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]
        body = {"bot_id": bot, "conversation_id": conversation["id"], "query": QUESTION, "draft_mode": True,
                "deep_research": True}
        events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", body)]
        assert [c.query for c in tools.calls("GET", "/v1/search")] == [{"q": ["Szeged summer festival"]}]
    finished = [d["message"] for n, d in events if n == "message" and d["is_finish"]]
    searches = verbose_of(finished, "research_search")
    assert sorted(s["tool"] for s in searches) == ["recallKnowledge", "webSearch"]
    assert len(verbose_of(finished, "tool_call_record")) == 1  # the plugin's own record of its request
    read = next(json.loads(m["content"]) for m in finished if m["type"] == "knowledge")
    by_id = {p["id"]: p for p in read}
    answer = next(m["content"] for m in finished if m["type"] == "answer" and m["content"])
    assert "[1]" in answer and "[2]" in answer
    assert by_id["1"]["document_id"] == doc and by_id["2"]["source"] == "webSearch"
    assert FESTIVAL in by_id["2"]["content"]
