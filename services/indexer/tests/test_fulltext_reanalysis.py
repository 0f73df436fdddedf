"""Full-text data written under an older analyzer keeps working: the indexer rewrites the analyzed
text of such datasets from the stored content when it starts (same vectors, nothing re-embedded)."""

from __future__ import annotations

import asyncio
import uuid

import asyncpg
import pytest
from pymilvus import MilvusClient

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_search import collection_name
from atelier_search.analyzers import ANALYZER_VERSION

pytestmark = pytest.mark.e2e

FULLTEXT = 20


def rewrite_analyzed_text(uri: str, dataset_id: int, text: str) -> list[list[float]]:
    """What an older analyzer left behind, made unmistakable: every entity's analyzed text replaced."""
    client = MilvusClient(uri=uri, dedicated=True)
    try:
        name = collection_name(dataset_id)
        rows = client.query(name, filter="id > 0", output_fields=["id", "document_id", "content", "dense"],
                            consistency_level="Strong")
        client.upsert(name, [{**r, "dense": [float(x) for x in r["dense"]], "bm25_text": text} for r in rows])
        client.flush(name)
        return [list(map(float, r["dense"])) for r in sorted(rows, key=lambda r: r["id"])]
    finally:
        client.close()


def vectors(uri: str, dataset_id: int) -> list[list[float]]:
    client = MilvusClient(uri=uri, dedicated=True)
    try:
        rows = client.query(collection_name(dataset_id), filter="id > 0", output_fields=["id", "dense"],
                            consistency_level="Strong")
        return [list(map(float, r["dense"])) for r in sorted(rows, key=lambda r: r["id"])]
    finally:
        client.close()


async def test_an_older_analyzers_data_is_reanalyzed_when_the_indexer_starts(
        client: AtelierClient, knowledge_stack: KnowledgeStack) -> None:
    dataset_id = await client.create_dataset(f"reanalyze-{uuid.uuid4().hex[:8]}")
    doc = await client.create_text_document(dataset_id, "gear", "Retractable landing gears fold into the fuselage.")
    assert (await client.wait_documents([doc["document_id"]]))[doc["document_id"]]["status"] == 1
    uri = knowledge_stack.env["ATELIER_MILVUS_URI"]
    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:
        assert await conn.fetchval("SELECT fulltext_analyzer FROM knowledge.datasets WHERE id = $1",
                                   int(dataset_id)) == ANALYZER_VERSION  # new datasets start current
        before = rewrite_analyzed_text(uri, int(dataset_id), "legaci token")
        await conn.execute("UPDATE knowledge.datasets SET fulltext_analyzer = 1 WHERE id = $1", int(dataset_id))
        body = {"space_id": client.space_id, "dataset_ids": [dataset_id], "query": "retractable landing gear",
                "strategy": {"search_type": FULLTEXT, "min_score": 0}}
        assert (await client.call("/api/knowledge/retrieve", body))["slices"] == []

        knowledge_stack.restart("indexer")
        for _ in range(100):
            version = await conn.fetchval("SELECT fulltext_analyzer FROM knowledge.datasets WHERE id = $1",
                                          int(dataset_id))
            if version == ANALYZER_VERSION:
                break
            await asyncio.sleep(0.2)
        assert version == ANALYZER_VERSION
    finally:
        await conn.close()
    found = (await client.call("/api/knowledge/retrieve", body))["slices"]
    assert [s["document_id"] for s in found] == [doc["document_id"]]
    after = vectors(uri, int(dataset_id))  # nothing was re-embedded
    assert len(after) == len(before) and all(a == pytest.approx(b) for a, b in zip(after, before, strict=True))
