"""A first run with no embedding API configured, as a newcomer meets it: datasets embed with the
local all-MiniLM-L6-v2 (the real model), chunks fit what it reads, the first query after start
answers with the default settings, and 16 concurrent retrieves keep within the channel timeout."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from atelier_common.ai import model_tokenizer
from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e

SEMANTIC, HYBRID = 0, 1
DOCS = {
    "turbines": "Turbine blades operate under extreme thermal stress and need internal cooling channels.",
    "wings": "Swept wings delay the onset of compressibility drag at high subsonic Mach numbers.",
    "landing": "Landing gear absorbs the touchdown energy through oleo-pneumatic struts.",
    "hydraulics": "Hydraulic actuators move the control surfaces; the pumps are driven by the engines.",
}
QUESTIONS = {  # asked in other words than the passages use
    "turbines": "how are turbine blades kept cool",
    "wings": "why are wings swept back",
    "landing": "what absorbs energy when the plane touches down",
    "hydraulics": "how are control surfaces moved",
}
LONG_TEXT = " ".join(f"Section {i}: weather radar measures the reflectivity of precipitation cells, and the "
                     "echo strength tells the crew where turbulence and hail are likely." for i in range(60))


@pytest.fixture(scope="module")
async def corpus(offline_knowledge_stack: KnowledgeStack) -> dict[str, Any]:
    async with offline_knowledge_stack.client() as client:
        dataset_id = await client.create_dataset(f"offline-{uuid.uuid4().hex[:8]}")
        ids = {}
        for title, text in {**DOCS, "long": LONG_TEXT}.items():
            ids[title] = (await client.create_text_document(dataset_id, title, text))["document_id"]
        finals = await client.wait_documents(list(ids.values()), timeout_s=120)
        assert all(f["status"] == 1 for f in finals.values()), finals
        return {"dataset_id": dataset_id, "documents": ids}


async def retrieve(client: AtelierClient, dataset_id: str, query: str, **strategy: Any) -> dict[str, Any]:
    return await client.call("/api/knowledge/retrieve", {"space_id": client.space_id, "dataset_ids": [dataset_id],
                                                         "query": query, "strategy": strategy})


async def test_a_dataset_created_with_no_api_configured_embeds_with_local_minilm(
        offline_knowledge_stack: KnowledgeStack, corpus: dict[str, Any]) -> None:
    async with offline_knowledge_stack.client() as client:
        detail = await client.call("/api/knowledge/detail",
                                   {"space_id": client.space_id, "dataset_ids": [corpus["dataset_id"]]})
        dataset = detail["dataset_details"][corpus["dataset_id"]]
        assert dataset["embedding_model"] == "local:all-MiniLM-L6-v2"
        assert dataset["max_chunk_tokens"] == 254  # word pieces, counted by MiniLM's own tokenizer
        # The long document is cut into chunks MiniLM reads whole (800-token chunks would lose their
        # tails), each filled close to what it reads.
        chunks = await client.slices(corpus["documents"]["long"])
        tokenizer = model_tokenizer("local:all-MiniLM-L6-v2")
        assert tokenizer is not None and len(chunks) > 3
        sizes = [len(tokenizer.encode(c["content"], add_special_tokens=False).ids) for c in chunks]
        assert max(sizes) <= 254 and min(sizes[:-1]) > 200, sizes


async def test_the_first_semantic_query_with_default_settings_returns_the_passage(
        offline_knowledge_stack: KnowledgeStack, corpus: dict[str, Any]) -> None:
    """No min_score, no search type given: the defaults keep MiniLM's relevant results, and the
    model was loaded at start-up so the query does not wait for it."""
    async with offline_knowledge_stack.client() as client:
        for title, question in QUESTIONS.items():
            for search_type in (SEMANTIC, HYBRID):
                reply = await retrieve(client, corpus["dataset_id"], question, search_type=search_type)
                assert all("error" not in s for s in reply["channel_stats"]), reply["channel_stats"]
                assert reply["slices"], (title, search_type, reply)
                assert reply["slices"][0]["document_id"] == corpus["documents"][title], (title, search_type)
        unrelated = await retrieve(client, corpus["dataset_id"], "chocolate cake recipe", search_type=SEMANTIC)
        assert unrelated["slices"] == []  # the semantic default (0.25) leaves passages on other subjects out


async def test_a_custom_chunk_size_above_what_minilm_reads_is_refused(
        offline_knowledge_stack: KnowledgeStack, corpus: dict[str, Any]) -> None:
    async with offline_knowledge_stack.client() as client:
        await expect_error(
            client.create_text_document(corpus["dataset_id"], "big-chunks", "Some text.",
                                        chunk_strategy={"chunk_type": 1, "separator": "\n", "max_tokens": 800}),
            400, "max_tokens 800", "local:all-MiniLM-L6-v2", "254 word pieces", "at most 254")


async def test_sixteen_concurrent_retrieves_answer_within_the_channel_timeout(
        offline_knowledge_stack: KnowledgeStack, corpus: dict[str, Any]) -> None:
    """Each query is new (no cache): their embeddings are batched instead of queueing one by one."""
    async with offline_knowledge_stack.client() as client:
        titles = list(QUESTIONS) * 4
        replies = await asyncio.gather(*(
            retrieve(client, corpus["dataset_id"], f"{QUESTIONS[t]} {uuid.uuid4().hex[:6]}", search_type=HYBRID)
            for t in titles))
    for title, reply in zip(titles, replies, strict=True):
        assert all("error" not in s for s in reply["channel_stats"]), reply["channel_stats"]
        assert reply["slices"][0]["document_id"] == corpus["documents"][title]
