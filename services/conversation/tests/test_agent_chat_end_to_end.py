"""The issue's whole path through the gateway: an agent with a knowledge base and a memory variable
is published and chatted with over /v3/chat; the stream shows the recalled knowledge, the model
setting the variable, and the answer; the variable is then the user's."""

from __future__ import annotations

import json

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub

pytestmark = pytest.mark.e2e


async def test_published_agent_recalls_knowledge_and_remembers_a_variable(client: AtelierClient, new_bot,
                                                                           stub: OpenAIStub) -> None:
    dataset_id = await client.create_dataset("e2e-lighthouses")
    doc = await client.create_text_document(dataset_id, "lighthouse-facts",
                                            "The Tower of Hercules in A Coruna is the oldest working lighthouse.")
    assert (await client.wait_documents([doc["document_id"]]))[doc["document_id"]]["status"] == 1
    bot = await new_bot(
        prompt_info={"prompt": "You are a travel guide for {{name}}."},
        knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0, "top_k": 2},
        variable_list=[{"key": "name", "default_value": "traveller", "description": "the user's first name"}],
    )
    stub.script(
        {"tool_calls": [{"name": "setKeywordMemory", "arguments": {"data": [{"keyword": "name", "value": "Inés"}]}}]},
        {"content": "Hola Inés! The oldest working lighthouse is the Tower of Hercules.", "tokens_per_s": 200},
    )
    events = await client.chat(bot, "I'm Inés. Which is the oldest working lighthouse?", user_id="4242")

    completed = [d for name, d in events if name == "conversation.message.completed"]
    types = [m["type"] for m in completed]
    assert types[:3] == ["knowledge", "function_call", "tool_response"] and "answer" in types
    recalled = json.loads(completed[0]["content"])
    assert recalled[0]["document_id"] == doc["document_id"] and "Tower of Hercules" in recalled[0]["content"]
    assert json.loads(completed[1]["content"])["name"] == "setKeywordMemory"
    answer = next(m for m in completed if m["type"] == "answer")
    deltas = "".join(d["content"] for name, d in events if name == "conversation.message.delta")
    assert deltas == "Hola Inés! The oldest working lighthouse is the Tower of Hercules."
    # the stored answer cites the passage its sentence came from (the model wrote no mark)
    assert answer["content"] == "Hola Inés! The oldest working lighthouse is the Tower of Hercules [1]."
    assert [s["document_id"] for s in answer["sources"]] == [doc["document_id"]]
    assert events[-2][0] == "conversation.chat.completed" and events[-1][0] == "done"

    # The model saw the knowledge and the persona; the variable now belongs to this end user.
    system = stub.requests("/v1/chat/completions")[0]["json"]["messages"][0]["content"]
    assert "Tower of Hercules" in system and "lighthouse-facts" in system
    memories = (await client.call("/api/memory/variable/get", {"bot_id": bot, "user_id": "4242"}))["memories"]
    assert {m["keyword"]: m["value"] for m in memories} == {"name": "Inés"}
    # The next chat renders the persona with the remembered name.
    await client.chat(bot, "thanks", user_id="4242", conversation_id=events[0][1]["conversation_id"])
    assert "travel guide for Inés" in stub.requests("/v1/chat/completions")[-1]["json"]["messages"][0]["content"]
