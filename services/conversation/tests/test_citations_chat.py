"""Grounded answers through the gateway: an agent with a knowledge base answers over /v3/chat with
the stub model; the marks it writes are repaired and checked (or placed when it wrote none), the
answer message carries its sources in the stream, in /v3/chat/message/list and in the console's
list, and with show_source the sources follow the answer as Coze's knowledge message."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub

pytestmark = pytest.mark.e2e

LIGHTHOUSE = "The Tower of Hercules in A Coruna is the oldest working lighthouse in the world."
VOLCANO = "Mauna Loa on Hawaii is the largest active volcano on Earth by volume."


async def _agent(client: AtelierClient, new_bot, *, show_source: bool) -> tuple[str, dict[str, str]]:
    """A published agent recalling a dataset of two documents; their document ids by name."""
    dataset_id = await client.create_dataset(f"citations-{uuid.uuid4().hex[:8]}")
    docs = [await client.create_text_document(dataset_id, name, text)
            for name, text in (("lighthouses", LIGHTHOUSE), ("volcanoes", VOLCANO))]
    statuses = await client.wait_documents([d["document_id"] for d in docs])
    assert all(s["status"] == 1 for s in statuses.values())
    bot = await new_bot(knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0,
                                   "top_k": 2, "show_source": show_source})
    return bot, {"lighthouses": docs[0]["document_id"], "volcanoes": docs[1]["document_id"]}


def _ids_shown(stub: OpenAIStub) -> dict[str, str]:
    """Document name -> the passage id the model was shown it under (from the system prompt sent)."""
    system = stub.requests("/v1/chat/completions")[-1]["json"]["messages"][0]["content"]
    return {name: number for number, name in re.findall(r"^\[(\d+)\] Source: (\w+) \(", system, re.MULTILINE)}


def _completed(events: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    return [d for name, d in events if name == "conversation.message.completed"]


async def test_malformed_and_unknown_marks_become_the_answers_sources(client: AtelierClient, new_bot,
                                                                      stub: OpenAIStub) -> None:
    bot, doc_ids = await _agent(client, new_bot, show_source=True)
    stub.script({"content": "The oldest lighthouse is in Spain (ID: 1). The largest volcano is in Hawaii 【2】. "
                            "Both are famous [7].", "tokens_per_s": 400})
    events = await client.chat(bot, "Tell me about the oldest lighthouse and the largest volcano")
    shown = _ids_shown(stub)
    assert set(shown) == {"lighthouses", "volcanoes"}
    # the model is asked for the one format
    assert "[1]" in stub.requests("/v1/chat/completions")[-1]["json"]["messages"][0]["content"]

    completed = _completed(events)
    answer = next(m for m in completed if m["type"] == "answer")
    assert answer["content"] == ("The oldest lighthouse is in Spain [1]. The largest volcano is in Hawaii [2]. "
                                 "Both are famous.")
    deltas = "".join(d["content"] for name, d in events if name == "conversation.message.delta")
    assert deltas.endswith("Both are famous [7].")  # streamed as written; the stored answer is the cited one
    by_id = {s["id"]: s for s in answer["sources"]}
    assert set(by_id) == {"1", "2"}
    for name, number in shown.items():
        source = by_id[number]
        assert source["document_id"] == doc_ids[name] and source["document_name"] == name
        assert source["dataset_name"].startswith("citations-") and int(source["slice_id"]) > 0
        assert source["snippet"] == (LIGHTHOUSE if name == "lighthouses" else VOLCANO)
        opened = await client.http.get(source["url"])  # the link opens the document itself
        assert opened.status_code == 200 and opened.text == source["snippet"]

    # show_source: after the answer (final: its finish marker first), the cited sources as Coze's
    # knowledge_recall message
    after = completed[completed.index(answer) + 1:]
    assert after[0]["type"] == "verbose" and json.loads(after[0]["content"])["msg_type"] == "generate_answer_finish"
    shown_sources = next(m for m in after if m["type"] == "knowledge")
    verbose = json.loads(shown_sources["content"])
    assert verbose["msg_type"] == "knowledge_recall"
    chunks = json.loads(verbose["data"])["chunks"]
    assert {(c["id"], c["meta"]["document"]["id"]) for c in chunks} == {
        (shown["lighthouses"], doc_ids["lighthouses"]), (shown["volcanoes"], doc_ids["volcanoes"])}

    # the stored answer: /v3/chat/message/list and the console's list
    chat = next(d for name, d in events if name == "conversation.chat.completed")
    listed = next(m for m in await client.chat_messages(chat) if m["type"] == "answer")
    assert listed["content"] == answer["content"] and listed["sources"] == answer["sources"]
    console = (await client.call("/api/conversation/get_message_list", {
        "conversation_id": chat["conversation_id"], "bot_id": bot, "cursor": "0", "count": 20}))["message_list"]
    console_answer = next(m for m in console if m["type"] == "answer")
    assert console_answer["content"] == answer["content"]
    assert [s["document_id"] for s in console_answer["sources"]] == [s["document_id"] for s in answer["sources"]]


async def test_an_answer_without_marks_gets_them_by_matching_its_sentences(client: AtelierClient, new_bot,
                                                                           stub: OpenAIStub) -> None:
    bot, doc_ids = await _agent(client, new_bot, show_source=False)
    stub.script({"content": "Mauna Loa is the largest active volcano on Earth by volume. The oldest working "
                            "lighthouse is the Tower of Hercules in A Coruna. I hope your trip goes well and "
                            "the weather stays sunny!"})
    events = await client.chat(bot, "Which volcano and lighthouse should I visit?")
    shown = _ids_shown(stub)
    answer = next(m for m in _completed(events) if m["type"] == "answer")
    assert answer["content"] == (
        f"Mauna Loa is the largest active volcano on Earth by volume [{shown['volcanoes']}]. The oldest working "
        f"lighthouse is the Tower of Hercules in A Coruna [{shown['lighthouses']}]. I hope your trip goes well and "
        "the weather stays sunny!")
    assert [s["document_id"] for s in answer["sources"]] == [doc_ids["volcanoes"], doc_ids["lighthouses"]]
    # show_source off: no knowledge message after the answer
    after = _completed(events)[_completed(events).index(answer) + 1:]
    assert "knowledge" not in [m["type"] for m in after]


async def test_an_answer_to_a_question_the_knowledge_does_not_cover_cites_nothing(client: AtelierClient, new_bot,
                                                                                  stub: OpenAIStub) -> None:
    bot, _ = await _agent(client, new_bot, show_source=True)
    stub.script({"content": "I do not know the price of train tickets to Madrid tomorrow."})
    events = await client.chat(bot, "How much is a train ticket to Madrid?")
    completed = _completed(events)
    answer = next(m for m in completed if m["type"] == "answer")
    assert answer["content"] == "I do not know the price of train tickets to Madrid tomorrow."
    assert not answer.get("sources")
    assert [m["type"] for m in completed[completed.index(answer) + 1:]].count("knowledge") == 0


async def test_a_turn_resumed_after_a_client_tool_cites_the_passages_it_was_given_before(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    dataset_id = await client.create_dataset(f"citations-{uuid.uuid4().hex[:8]}")
    doc = await client.create_text_document(dataset_id, "lighthouses", LIGHTHOUSE)
    await client.wait_documents([doc["document_id"]])
    bot = await new_bot(knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0},
                        client_tool_list=[{"name": "get_weather", "description": "The weather in a city"}])
    stub.script({"content": "Let me check the weather.", "tool_calls": [{"name": "get_weather", "arguments": {}}]},
                {"content": "It is sunny, and the Tower of Hercules is the oldest working lighthouse (ref 1)."})
    events = await client.chat(bot, "Weather at the oldest lighthouse?")
    waiting = events[-2][1]
    [call] = waiting["required_action"]["submit_tool_outputs"]["tool_calls"]
    first = next(m for m in _completed(events) if m["type"] == "answer")
    assert first["content"] == "Let me check the weather." and not first.get("sources")  # said before the stop
    query = f"?conversation_id={waiting['conversation_id']}&chat_id={waiting['id']}"
    resumed = [(n, json.loads(d)) async for n, d in client.sse(
        "/v3/chat/submit_tool_outputs" + query, {"tool_outputs": [{"tool_call_id": call["id"], "output": "sunny"}],
                                                 "stream": True}) if d != '"[DONE]"']
    answer = next(m for m in _completed(resumed) if m["type"] == "answer")
    assert answer["content"] == "It is sunny, and the Tower of Hercules is the oldest working lighthouse [1]."
    assert [s["document_id"] for s in answer["sources"]] == [doc["document_id"]]


async def test_the_console_chat_streams_the_answer_with_its_sources(client: AtelierClient, new_bot,
                                                                   stub: OpenAIStub) -> None:
    bot, doc_ids = await _agent(client, new_bot, show_source=False)
    conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]
    stub.script({"content": "Mauna Loa is the largest volcano [ID: 2, 1]."})
    body = {"bot_id": bot, "conversation_id": conversation["id"], "query": "largest volcano?", "draft_mode": True}
    events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", body)]
    shown = _ids_shown(stub)
    answer = next(d["message"] for n, d in events
                  if n == "message" and d["is_finish"] and d["message"]["type"] == "answer")
    assert answer["content"] == "Mauna Loa is the largest volcano [2][1]."
    assert {s["id"]: s["document_id"] for s in answer["sources"]} == {shown[name]: doc_ids[name] for name in doc_ids}
