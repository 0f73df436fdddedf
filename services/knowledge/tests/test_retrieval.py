"""Retrieval as users meet it through the gateway (/api/knowledge/retrieve) on documents the real
indexer ingested: each channel, fusion, min_score and top_k, rewrite, rerank, degraded channels,
the query-embedding cache, document filters, Chinese full text and the errors."""

from __future__ import annotations

import json
import uuid
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import pytest
import redis.asyncio

from atelier_devstack.api_client import ApiError, AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e

SEMANTIC, HYBRID, FULLTEXT = 0, 1, 20
DOCS = {
    "turbines": "Turbine blades operate under extreme thermal stress and need internal cooling channels.",
    "wings": "Swept wings delay the onset of compressibility drag at high subsonic Mach numbers.",
    "landing": "Landing gear absorbs the touchdown energy through oleo-pneumatic struts.",
    "hydraulics": "Hydraulic actuators move the control surfaces; the pumps are driven by the engines.",
}


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="module")
async def corpus(knowledge_stack: KnowledgeStack) -> dict[str, Any]:
    """One text dataset with the four documents, indexed."""
    async with knowledge_stack.client() as client:
        dataset_id = await client.create_dataset(name("retrieval"))
        ids = {}
        for title, text in DOCS.items():
            info = await client.create_text_document(dataset_id, title, text)
            ids[title] = info["document_id"]
        finals = await client.wait_documents(list(ids.values()))
        assert all(f["status"] == 1 for f in finals.values()), finals
        return {"dataset_id": dataset_id, "documents": ids}


async def retrieve(client: AtelierClient, dataset_ids: list[str], query: str, **strategy: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"space_id": client.space_id, "dataset_ids": dataset_ids, "query": query,
                            "strategy": {"min_score": 0, **strategy}}
    for key in ("chat_history", "document_ids"):
        if key in strategy:
            body[key] = body["strategy"].pop(key)
    return await client.call("/api/knowledge/retrieve", body)


def stat(reply: dict[str, Any], channel: str) -> dict[str, Any]:
    return next(s for s in reply["channel_stats"] if s["channel"] == channel)


@pytest.mark.parametrize(("search_type", "channels"), [(SEMANTIC, ["vector"]), (FULLTEXT, ["fulltext"]),
                                                        (HYBRID, ["vector", "fulltext"])])
async def test_each_search_type_finds_the_matching_document_first(
        client: AtelierClient, corpus: dict[str, Any], search_type: int, channels: list[str]) -> None:
    reply = await retrieve(client, [corpus["dataset_id"]], "cooling of turbine blades", search_type=search_type,
                           top_k=3)
    top = reply["slices"][0]
    assert top["document_id"] == corpus["documents"]["turbines"]
    assert top["document_name"] == "turbines" and "Turbine blades" in top["content"]
    assert top["dataset_id"] == corpus["dataset_id"] and top["dataset_name"].startswith("retrieval-")
    opened = await client.http.get(top["document_url"])  # what a cited source links to: the document itself
    assert opened.status_code == 200 and "Turbine blades" in opened.text
    assert set(top["channels"]) <= set(channels) and top["channels"]
    assert all(r["rank"] >= 1 for r in top["ranks"])
    assert [s["channel"] for s in reply["channel_stats"]] == channels  # no feedback pass unless asked
    assert all("error" not in s for s in reply["channel_stats"])
    scores = [s["score"] for s in reply["slices"]]
    assert scores == sorted(scores, reverse=True) and all(0 <= s <= 1 for s in scores)


async def test_hybrid_fuses_both_channels_with_their_ranks(client: AtelierClient, corpus: dict[str, Any]) -> None:
    reply = await retrieve(client, [corpus["dataset_id"]], "hydraulic pumps driven by engines", search_type=HYBRID,
                           top_k=4)
    top = reply["slices"][0]
    assert top["document_id"] == corpus["documents"]["hydraulics"]
    assert top["channels"] == ["vector", "fulltext"]
    assert {r["channel"]: r["rank"] for r in top["ranks"]} == {"vector": 1, "fulltext": 1}
    # First in every channel (1.0), averaged with its nearest neighbours' scores (the other
    # passages, each found lower by one channel or both): between a half and one, and the best.
    assert 0.5 < top["score"] < 1.0
    assert top["score"] == max(s["score"] for s in reply["slices"])


async def test_feedback_finds_a_passage_on_the_subject_without_the_query_words(client: AtelierClient) -> None:
    """Pseudo-relevance feedback: full text first finds only the turbine passage; its words
    (blades, cooling, channels) find the second passage, which never says "turbine"."""
    dataset_id = await client.create_dataset(name("feedback"))
    texts = {
        "turbine": "Turbine blades are cooled by air flowing through internal channels cast into each blade.",
        "casting": "Internal cooling channels cast into a blade carry compressor air along its span.",
        "struts": "Landing gear struts absorb the touchdown energy.",
    }
    ids = {key: (await client.create_text_document(dataset_id, key, text))["document_id"]
           for key, text in texts.items()}
    finals = await client.wait_documents(list(ids.values()))
    assert all(f["status"] == 1 for f in finals.values()), finals
    without = await retrieve(client, [dataset_id], "turbine", search_type=FULLTEXT, top_k=3)
    assert [s["document_id"] for s in without["slices"]] == [ids["turbine"]]
    reply = await retrieve(client, [dataset_id], "turbine", search_type=FULLTEXT, top_k=3, use_feedback=True)
    found = [s["document_id"] for s in reply["slices"]]
    assert found == [ids["turbine"], ids["casting"]]  # casting shares no word with the query; struts none with either
    assert all("error" not in s for s in reply["channel_stats"]), reply["channel_stats"]
    assert stat(reply, "feedback")["took_ms"] >= 0


async def test_top_k_and_min_score_cut_the_list(client: AtelierClient, corpus: dict[str, Any]) -> None:
    query = "landing gear struts absorb touchdown energy"
    assert len((await retrieve(client, [corpus["dataset_id"]], query, top_k=1))["slices"]) == 1
    everything = (await retrieve(client, [corpus["dataset_id"]], query, top_k=10))["slices"]
    assert len(everything) == 4
    assert everything[0]["document_id"] == corpus["documents"]["landing"]
    between = (everything[0]["score"] + everything[1]["score"]) / 2  # only the first scores above it
    strict = (await retrieve(client, [corpus["dataset_id"]], query, top_k=10, min_score=between))["slices"]
    assert [s["document_id"] for s in strict] == [corpus["documents"]["landing"]]


async def test_a_disabled_documents_slices_still_indexed_are_skipped_and_the_next_fill_top_k(
        client: AtelierClient, knowledge_stack: KnowledgeStack) -> None:
    """Only the answer's slices are read from the database: one whose document was disabled since
    indexing (its vector and text still in the search index) must give its place to the next."""
    dataset_id = await client.create_dataset(name("disabled"))
    texts = {"first": "Turbine blades need internal cooling channels against thermal stress.",
             "second": "Cooling air flows through channels inside hot turbine blades.",
             "third": "Turbine discs carry the blades; cooling reaches them through the disc."}
    ids = [(await client.create_text_document(dataset_id, title, text))["document_id"] for title, text in texts.items()]
    await client.wait_documents(ids)
    query = "cooling channels in turbine blades"
    before = [s["document_id"] for s in (await retrieve(client, [dataset_id], query, top_k=3))["slices"]]
    assert sorted(before) == sorted(ids)

    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:  # the status alone, as a disable not yet reached the index leaves it
        await conn.execute("UPDATE knowledge.documents SET status = 2 WHERE id = $1", int(before[0]))
    finally:
        await conn.close()
    after = [s["document_id"] for s in (await retrieve(client, [dataset_id], query, top_k=2))["slices"]]
    assert after == before[1:]
    assert [s["document_id"] for s in (await retrieve(client, [dataset_id], query, top_k=1))["slices"]] == before[1:2]


async def test_document_filter_keeps_other_documents_out(client: AtelierClient, corpus: dict[str, Any]) -> None:
    only = [corpus["documents"]["wings"], corpus["documents"]["landing"]]
    reply = await retrieve(client, [corpus["dataset_id"]], "turbine blades cooling", top_k=10, document_ids=only)
    assert reply["slices"] and {s["document_id"] for s in reply["slices"]} <= set(only)


async def test_a_failing_channel_degrades_the_answer(client: AtelierClient, corpus: dict[str, Any],
                                                     openai_stub: OpenAIStub) -> None:
    openai_stub.fail_embeddings(500, times=1000)
    reply = await retrieve(client, [corpus["dataset_id"]], f"swept wings drag {uuid.uuid4().hex[:6]}", top_k=2)
    assert "error" in stat(reply, "vector") and stat(reply, "vector")["hits"] == 0
    assert reply["slices"][0]["document_id"] == corpus["documents"]["wings"]
    assert reply["slices"][0]["channels"] == ["fulltext"]


async def test_query_embeddings_are_cached(client: AtelierClient, corpus: dict[str, Any],
                                           openai_stub: OpenAIStub) -> None:
    query = f"oleo struts {uuid.uuid4().hex[:6]}"
    await retrieve(client, [corpus["dataset_id"]], query, search_type=SEMANTIC)
    first = len(openai_stub.requests("/v1/embeddings"))
    await retrieve(client, [corpus["dataset_id"]], query, search_type=SEMANTIC)
    assert first == 1 and len(openai_stub.requests("/v1/embeddings")) == 1


async def test_a_repeated_query_is_not_embedded_again_when_redis_lost_its_vector(
        client: AtelierClient, corpus: dict[str, Any], knowledge_stack: KnowledgeStack, openai_stub: OpenAIStub) -> None:
    query = f"touchdown energy {uuid.uuid4().hex[:6]}"
    first = await retrieve(client, [corpus["dataset_id"]], query, search_type=SEMANTIC)
    embedded = len(openai_stub.requests("/v1/embeddings"))
    store = redis.asyncio.Redis.from_url(knowledge_stack.env["ATELIER_REDIS_URL"])
    try:  # evicted, or a Redis restarted without its data: the service still has the vector
        await store.delete(*[key async for key in store.scan_iter(match="atelier:qemb:*")])
    finally:
        await store.aclose()
    reply = await retrieve(client, [corpus["dataset_id"]], query, search_type=SEMANTIC)
    assert len(openai_stub.requests("/v1/embeddings")) == embedded
    # The same vector, so the same answer (which document ranks first depends on the query's random
    # suffix under the stub's embedder, so it is not pinned here).
    assert reply["slices"] and [s["slice_id"] for s in reply["slices"]] == [s["slice_id"] for s in first["slices"]]


async def test_rewrite_uses_the_history_and_falls_back_on_errors(
        client: AtelierClient, corpus: dict[str, Any], openai_stub: OpenAIStub) -> None:
    history = [{"role": "user", "content": "Tell me about landing gear."},
               {"role": "assistant", "content": "It absorbs touchdown energy."}]
    openai_stub.script({"content": "How do landing gear struts absorb energy?"})
    reply = await retrieve(client, [corpus["dataset_id"]], "and how does it work?", use_rewrite=True,
                           chat_history=history, top_k=1)
    assert reply["rewritten_query"] == "How do landing gear struts absorb energy?"
    assert reply["slices"][0]["document_id"] == corpus["documents"]["landing"]
    [prompt] = openai_stub.requests("/v1/chat/completions")
    assert "Tell me about landing gear." in prompt["json"]["messages"][-1]["content"]

    openai_stub.script({"error": {"status": 400, "message": "bad request"}})
    reply = await retrieve(client, [corpus["dataset_id"]], "turbine cooling", use_rewrite=True,
                           chat_history=history, top_k=1)
    assert reply.get("rewritten_query", "") == "" and "original" in stat(reply, "rewrite")["error"]
    assert reply["slices"][0]["document_id"] == corpus["documents"]["turbines"]

    # Without history there is nothing to resolve: no LLM call.
    before = len(openai_stub.requests("/v1/chat/completions"))
    await retrieve(client, [corpus["dataset_id"]], "turbine cooling", use_rewrite=True)
    assert len(openai_stub.requests("/v1/chat/completions")) == before


async def test_rerank_orders_by_the_rerankers_relevance(client: AtelierClient, corpus: dict[str, Any],
                                                        openai_stub: OpenAIStub) -> None:
    reply = await retrieve(client, [corpus["dataset_id"]], "control surfaces hydraulic actuators", use_rerank=True,
                           top_k=4)
    assert stat(reply, "rerank")["hits"] == 4 and "error" not in stat(reply, "rerank")
    [call] = openai_stub.requests("/v1/rerank")
    assert call["json"]["query"] == "control surfaces hydraulic actuators" and len(call["json"]["documents"]) == 4
    assert reply["slices"][0]["document_id"] == corpus["documents"]["hydraulics"]
    scores = [s["score"] for s in reply["slices"]]
    assert scores == sorted(scores, reverse=True)


async def test_chinese_full_text(client: AtelierClient) -> None:
    dataset_id = await client.create_dataset(name("zh"))
    texts = {"engine": "发动机叶片在高温下工作，需要冷却通道。", "wing": "后掠翼可以推迟激波阻力的出现。"}
    ids = {k: (await client.create_text_document(dataset_id, k, v))["document_id"] for k, v in texts.items()}
    await client.wait_documents(list(ids.values()))
    reply = await retrieve(client, [dataset_id], "冷却通道", search_type=FULLTEXT, top_k=1)
    assert reply["slices"][0]["document_id"] == ids["engine"]


async def test_image_results_carry_the_image_url(client: AtelierClient) -> None:
    from atelier_devstack import sample_files

    dataset_id = await client.create_dataset(name("img"), format_type=2)
    info = await client.upload(dataset_id, "red.png", sample_files.png())
    await client.wait_documents([info["document_id"]])
    reply = await retrieve(client, [dataset_id], "an image", top_k=1)
    image_url = urlsplit(reply["slices"][0]["image_url"])
    assert image_url.scheme == "http" and image_url.path.endswith("red.png")  # a signed gateway URL
    assert reply["slices"][0]["format_type"] == 2
    assert reply["slices"][0]["document_url"] == reply["slices"][0]["image_url"]


async def test_bad_requests_name_the_problem(client: AtelierClient, corpus: dict[str, Any],
                                             knowledge_stack: KnowledgeStack) -> None:
    dataset = [corpus["dataset_id"]]
    cases = [
        ({"query": "  "}, 400, "query"),
        ({"strategy": {"top_k": 0}}, 400, "strategy.top_k"),
        ({"strategy": {"top_k": 101}}, 400, "strategy.top_k"),
        ({"strategy": {"min_score": 1.5}}, 400, "strategy.min_score"),
        ({"dataset_ids": ["123456789"]}, 404, "dataset 123456789"),
        ({"dataset_ids": [*dataset, "123456789"]}, 404, "dataset 123456789"),  # one unknown among known ones
    ]
    for override, status, fragment in cases:
        body = {"space_id": client.space_id, "dataset_ids": dataset, "query": "wings", **override}
        with pytest.raises(ApiError) as err:
            await client.call("/api/knowledge/retrieve", body)
        assert err.value.status == status and fragment in err.value.msg, (override, err.value.body)

    # A dataset of a space the caller is not a member of.
    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:
        foreign = await conn.fetchval(
            "INSERT INTO knowledge.datasets (id, space_id, name, format_type, creator_id, embedding_model)"
            " VALUES ($1, 987654, $2, 0, 1, 'openai:stub-embedding@64') RETURNING id",
            int(uuid.uuid4().int % 10**15), name("foreign"))
    finally:
        await conn.close()
    with pytest.raises(ApiError) as err:
        await client.call("/api/knowledge/retrieve", {"space_id": client.space_id, "dataset_ids": [str(foreign)],
                                                      "query": "wings"})
    assert err.value.status == 404 and f"dataset {foreign} not found" in err.value.body["msg"]


async def test_nl2sql_answers_from_a_table_and_refuses_anything_else(
        client: AtelierClient, knowledge_stack: KnowledgeStack, openai_stub: OpenAIStub) -> None:
    from atelier_devstack import sample_files

    dataset_id = await client.create_dataset(name("parts"), format_type=1)
    rows = [["item", "price"], ["bolt", "3"], ["nut", "1"], ["gear", "40"], ["shaft", "25"]]
    info = await client.upload(dataset_id, "parts.csv", sample_files.csv_bytes(rows))
    await client.wait_documents([info["document_id"]])
    detail = await client.call("/api/knowledge/detail", {"dataset_ids": [dataset_id], "space_id": client.space_id})
    table = detail["dataset_details"][dataset_id]["name"].replace("-", "_")  # the virtual table name

    openai_stub.script({"content": '{"sql": "SELECT item, price FROM ' + table
                                   + ' WHERE price > 20 AND item <> \'bolt\' ORDER BY price DESC", "err_code": 0,'
                                   ' "err_msg": ""}'})
    reply = await retrieve(client, [dataset_id], "which parts cost more than 20?", search_type=SEMANTIC,
                           use_nl2sql=True, top_k=5)
    [result] = reply["table_results"]
    assert result["columns"] == ["item", "price"] and result["rows"] == [{"values": ["gear", "40"]},
                                                                         {"values": ["shaft", "25"]}]
    assert "price > 20" in result["sql"] and "error" not in result
    [prompt] = openai_stub.requests("/v1/chat/completions")
    assert f"CREATE TABLE {table}" in prompt["json"]["messages"][0]["content"]
    # The rows found come back as their slices too, ranked by the nl2sql channel.
    nl2sql_hits = [s for s in reply["slices"] if "nl2sql" in s["channels"]]
    assert sorted(json.loads(s["content"])["item"] for s in nl2sql_hits) == ["gear", "shaft"]

    for bad, reason in [(f"UPDATE {table} SET price = 0", "only a SELECT"), (f"DROP TABLE {table}", "only a SELECT"),
                        (f"SELECT item FROM {table}; DELETE FROM {table}", "exactly one statement"),
                        ("SELECT * FROM knowledge.documents", "schema-qualified"),
                        ("SELECT pg_sleep(5)", "pg_sleep")]:
        openai_stub.script({"content": '{"sql": "' + bad + '", "err_code": 0, "err_msg": ""}'})
        reply = await retrieve(client, [dataset_id], "break it", search_type=SEMANTIC, use_nl2sql=True)
        assert reason in reply["table_results"][0]["error"], (bad, reply["table_results"])
        assert "error" in stat(reply, "nl2sql")
    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:
        prices = await conn.fetch(f"SELECT * FROM knowledge_tables.t_{dataset_id}")
    finally:
        await conn.close()
    assert len(prices) == 4, "the refused statements changed nothing"


async def test_nl2sql_queries_run_read_only_under_a_timeout(knowledge_stack: KnowledgeStack) -> None:
    from atelier_knowledge.retrieval.nl2sql import Nl2SqlError, run_select

    pool = await asyncpg.create_pool(knowledge_stack.env["ATELIER_DATABASE_URL"], min_size=1, max_size=1)
    try:
        with pytest.raises(Nl2SqlError, match="longer than 200 ms"):
            await run_select(pool, "SELECT pg_sleep(2)", timeout_ms=200, row_limit=10)
        with pytest.raises(Nl2SqlError, match="read-only"):
            await run_select(pool, "CREATE TABLE knowledge_tables.sneaky (x int)", timeout_ms=1000, row_limit=10)
        role = await pool.fetchval("SELECT rolname FROM pg_roles WHERE rolname = 'atelier_kb_reader'")
        assert role == "atelier_kb_reader"
    finally:
        await pool.close()


async def test_datasets_with_different_embedders_get_the_query_embedded_once_per_model(
        client: AtelierClient, knowledge_stack: KnowledgeStack, openai_stub: OpenAIStub) -> None:
    first = await client.create_dataset(name("m64"))
    second = await client.create_dataset(name("m32"))
    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:  # as if the platform's embedder had been reconfigured between the two datasets
        await conn.execute("UPDATE knowledge.datasets SET embedding_model = 'openai:stub-embedding@32',"
                           " embedding_dimension = 32 WHERE id = $1",
                           int(second))
    finally:
        await conn.close()
    a = await client.create_text_document(first, "gearbox", "The gearbox reduces turbine shaft speed.")
    b = await client.create_text_document(second, "propeller", "The propeller converts shaft power into thrust.")
    finals = await client.wait_documents([a["document_id"], b["document_id"]])
    assert all(f["status"] == 1 for f in finals.values()), finals
    openai_stub.reset()

    reply = await retrieve(client, [first, second], f"shaft power {uuid.uuid4().hex[:6]}", search_type=SEMANTIC,
                           top_k=5)
    assert {s["document_id"] for s in reply["slices"]} == {a["document_id"], b["document_id"]}
    sent = sorted(r["json"].get("dimensions") for r in openai_stub.requests("/v1/embeddings"))
    assert sent == [32, 64]
