"""Deep research as the conversation service drives it (StreamExecute), with the model scripted:
searches for sub-questions across two documents, the run record of each search, reasoning kept
apart from the answer, the answer citing both documents, the step and token bounds, the per-chat
flag, and the setting's validation."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.openai_stub import OpenAIStub

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
BORN = "The lighthouse keeper Ada Varga was born in the town of Szeged."
FESTIVAL = "Every summer Szeged hosts an open-air theatre festival on Dome Square."
QUESTION = "Which festival is held in the town where Ada Varga was born?"


def verbose(events: list[Any], msg_type: str) -> list[dict[str, Any]]:
    """The data of the verbose events of one kind."""
    out = []
    for e in events:
        if e.type == "verbose":
            body = json.loads(e.content)
            if body["msg_type"] == msg_type:
                out.append(json.loads(body["data"]))
    return out


async def two_documents(client: AtelierClient) -> tuple[str, str, str]:
    """A dataset with one fact per document: (dataset id, id of the birthplace one, id of the festival one)."""
    dataset_id = await client.create_dataset(f"research-{uuid.uuid4().hex[:8]}")
    born = await client.create_text_document(dataset_id, "keeper-biography", BORN)
    festival = await client.create_text_document(dataset_id, "town-events", FESTIVAL)
    await client.wait_documents([born["document_id"], festival["document_id"]])
    return dataset_id, born["document_id"], festival["document_id"]


def knowledge(dataset_id: str) -> dict[str, Any]:
    # One passage per search: no single query brings both facts.
    return {"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0, "top_k": 1, "search_strategy": 0}


def search(query: str) -> dict[str, Any]:
    return {"name": "recallKnowledge", "arguments": {"query": query}}


async def test_research_searches_twice_and_the_answer_cites_both_documents(
        runner, new_bot, client: AtelierClient, stub: OpenAIStub) -> None:
    dataset_id, born_doc, festival_doc = await two_documents(client)
    bot = await new_bot(knowledge=knowledge(dataset_id), deep_research={"enabled": True, "max_steps": 4})
    stub.script(
        {"reasoning": "Two sub-questions: the birthplace, then its festival.", "content": "First the birthplace.",
         "tool_calls": [search("where was Ada Varga born")]},
        {"content": "She was born in Szeged; now the festival there.", "tool_calls": [search("festival in Szeged summer")]},
        {"content": "I have both facts."},
        {"reasoning": "Combine the two passages.",
         "content": "Ada Varga was born in Szeged [1], which hosts an open-air theatre festival every summer [2].",
         "chunk_size_chars": 8})
    before = len(stub.requests(CHAT))
    events = await runner.run(bot, QUESTION)

    # The run record: two searches, each with the passage it found.
    searches = verbose(events, "research_search")
    assert [s["query"] for s in searches] == ["where was Ada Varga born", "festival in Szeged summer"]
    assert [[p["document_id"] for p in s["passages"]] for s in searches] == [[born_doc], [festival_doc]]
    assert [s["step"] for s in searches] == [1, 2]
    assert sum(e.type == "function_call" for e in events) == 2
    finished = verbose(events, "research_finished")
    assert finished == [{"steps": 3, "searches": 2, "tokens": finished[0]["tokens"], "stopped": "answered",
                         "passages": 2}]
    assert finished[0]["tokens"] > 0
    # No recall before research: the first model call saw no knowledge, and had the search tool.
    calls = stub.requests(CHAT)[before:]
    assert len(calls) == 4
    assert "Ada Varga" not in calls[0]["json"]["messages"][0]["content"]
    assert [t["function"]["name"] for t in calls[0]["json"]["tools"]] == ["recallKnowledge"]
    assert BORN in calls[1]["json"]["messages"][-1]["content"]  # the second step read the first search

    # The answer is written from both passages, each with its id, and without tools.
    final = calls[-1]["json"]
    assert "tools" not in final
    assert "[1] Source: keeper-biography" in final["messages"][0]["content"]
    assert "[2] Source: town-events" in final["messages"][0]["content"]
    assert final["messages"][-1] == {"role": "user", "content": QUESTION}

    # The sources shown with the answer, by the ids its marks use: both documents.
    read = json.loads(next(e.content for e in events if e.type == "knowledge"))
    by_id = {p["id"]: p["document_id"] for p in read}
    answer = runner.answer(events)
    assert answer == "Ada Varga was born in Szeged [1], which hosts an open-air theatre festival every summer [2]."
    cited = {by_id[n] for n in ("1", "2") if f"[{n}]" in answer}
    assert cited == {born_doc, festival_doc}

    # Reasoning streams apart from the answer: the steps' thinking never reaches the answer text.
    reasoning = "".join(e.reasoning_content for e in events if e.type == "answer")
    assert "Two sub-questions" in reasoning and "First the birthplace." in reasoning
    assert "I have both facts." in reasoning and "Combine the two passages." in reasoning
    assert "First the birthplace." not in answer and "I have both facts." not in answer
    first_answer_text = next(i for i, e in enumerate(events) if e.type == "answer" and e.content)
    assert all(e.type != "function_call" for e in events[first_answer_text:])
    assert runner.types(events)[-3:] == ["answer", "citations", "usage"]
    # The answer's marks checked against what research read: both documents are its sources.
    checked = json.loads(next(e.content for e in events if e.type == "citations"))
    assert checked["text"] == answer
    assert {s["document_id"] for s in checked["sources"]} == {str(born_doc), str(festival_doc)}
    usage = events[-1].usage  # the research steps' tokens and the answer's
    assert usage.input_tokens + usage.output_tokens > finished[0]["tokens"] and usage.output_tokens > 0


async def test_step_bound_ends_research_with_an_answer(runner, new_bot, client: AtelierClient,
                                                       stub: OpenAIStub) -> None:
    dataset_id, born_doc, _ = await two_documents(client)
    bot = await new_bot(knowledge=knowledge(dataset_id), deep_research={"enabled": True, "max_steps": 2})
    stub.script({"tool_calls": [search("Ada Varga birthplace")]},
                {"tool_calls": [search("Ada Varga birthplace again")]},
                {"content": "She was born in Szeged [1]."})
    before = len(stub.requests(CHAT))
    events = await runner.run(bot, QUESTION)
    finished = verbose(events, "research_finished")[0]
    assert (finished["steps"], finished["searches"], finished["stopped"]) == (2, 2, "max_steps")
    assert finished["passages"] == 1  # the same passage found twice is read once
    calls = stub.requests(CHAT)[before:]
    assert len(calls) == 3 and "tools" not in calls[-1]["json"]  # the model was made to answer
    assert runner.answer(events) == "She was born in Szeged [1]."
    assert json.loads(next(e.content for e in events if e.type == "knowledge"))[0]["document_id"] == born_doc


async def test_token_bound_ends_research_with_an_answer(runner, new_bot, client: AtelierClient,
                                                        stub: OpenAIStub) -> None:
    dataset_id, _, _ = await two_documents(client)
    bot = await new_bot(knowledge=knowledge(dataset_id),
                        deep_research={"enabled": True, "max_steps": 5, "max_tokens": 1000})
    long_question = QUESTION + " Some context: " + "the keeper kept a long diary. " * 150  # over 1000 tokens
    stub.script({"tool_calls": [search("Ada Varga birthplace")]}, {"content": "Szeged [1]."})
    before = len(stub.requests(CHAT))
    events = await runner.run(bot, long_question)
    finished = verbose(events, "research_finished")[0]
    assert (finished["steps"], finished["stopped"]) == (1, "max_tokens") and finished["tokens"] >= 1000
    assert len(stub.requests(CHAT)) - before == 2
    assert runner.answer(events) == "Szeged [1]."


async def test_the_chat_flag_overrides_the_agent_setting(runner, new_bot, client: AtelierClient,
                                                         stub: OpenAIStub) -> None:
    dataset_id, _, _ = await two_documents(client)
    plain = await new_bot(knowledge=knowledge(dataset_id))
    stub.script({"content": "I checked."}, {"content": "An answer."})
    events = await runner.run(plain, QUESTION, deep_research=True)
    assert verbose(events, "research_finished")[0]["stopped"] == "answered"
    researching = await new_bot(knowledge=knowledge(dataset_id), deep_research={"enabled": True})
    stub.script({"content": "Directly."})
    events = await runner.run(researching, QUESTION, deep_research=False)
    assert verbose(events, "research_finished") == [] and runner.answer(events) == "Directly."
    assert runner.types(events) == ["knowledge", "answer", "citations", "usage"]  # the usual automatic recall


@pytest.mark.parametrize(("setting", "problem"), [
    ({"enabled": True, "max_steps": 0}, "deep_research.max_steps"),
    ({"enabled": True, "max_steps": 11}, "deep_research.max_steps"),
    ({"enabled": True, "max_tokens": 10}, "deep_research.max_tokens"),
])
async def test_research_bounds_are_checked(client: AtelierClient, new_bot, setting: dict[str, Any],
                                           problem: str) -> None:
    bot = await new_bot()
    await expect_error(client.call("/api/playground_api/draftbot/update_draft_bot_info", {
        "bot_info": {"bot_id": bot, "deep_research": setting}, "space_id": client.space_id}), 400, problem)
