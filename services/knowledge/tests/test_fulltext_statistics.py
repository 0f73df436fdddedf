"""Full-text search through the stack ranks with the whole dataset's BM25 statistics, however the
search store cut the dataset into segments (retrieval.kept_datasets), and what is written, edited
or deleted reaches the next full-text and semantic searches at once and after the dataset is kept
again (its index and vectors read back)."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from atelier_devstack.api_client import AtelierClient, eventually

pytestmark = pytest.mark.e2e

# "gearbox" is common in the first group and rare in the second, written a flush later: Milvus Lite,
# weighing each term by its own segment's statistics, ranks the lone mention first.
FIRST = [
    "The gearbox seal leaked after the gearbox run-in.",
    "Gearbox oil temperature rises with torque.",
    "A gearbox stage pairs a pinion and a wheel.",
    "Splash lubrication protects the gearbox bearings.",
    "Misalignment can overload the gearbox.",
]
SECOND = [
    "The gearbox was inspected once.",
    "Heat transfer in laminar boundary layers.",
    "Shock waves form ahead of blunt bodies.",
]
FLUSHED_S = 3.0  # the indexer flushes what it wrote every 2 s


async def fulltext(client: AtelierClient, dataset_id: str, query: str, search_type: int = 20) -> list[str]:
    reply = await client.call("/api/knowledge/retrieve", {
        "space_id": client.space_id, "dataset_ids": [dataset_id], "query": query,
        "strategy": {"search_type": search_type, "top_k": 10, "min_score": 0}})
    return [s["content"] for s in reply["slices"]]


async def semantic_first(client: AtelierClient, dataset_id: str, query: str) -> str:
    return (await fulltext(client, dataset_id, query, search_type=0))[0]


async def documents(client: AtelierClient, dataset_id: str, texts: list[str]) -> list[str]:
    ids = [(await client.create_text_document(dataset_id, f"d{i}", text))["document_id"] for i, text in enumerate(texts)]
    await client.wait_documents(ids)
    return ids


async def test_ranking_uses_the_whole_datasets_statistics_and_follows_every_change(client: AtelierClient) -> None:
    dataset_id = await client.create_dataset(f"stats-{uuid.uuid4().hex[:8]}")
    await documents(client, dataset_id, FIRST)
    await asyncio.sleep(FLUSHED_S)
    await documents(client, dataset_id, SECOND)
    await asyncio.sleep(FLUSHED_S)

    # The first searches may be the store's; once the index is built (the dataset quiet 2 s), the
    # slice that says "gearbox" twice in a short text ranks first, as over one segment.
    async def whole_statistics() -> bool:
        return (await fulltext(client, dataset_id, "gearbox"))[0] == FIRST[0]
    await eventually(whole_statistics, 15, "the twice-mentioning slice first")

    # A new document is found at once (the change dropped the index: the store answers) and stays found.
    (added,) = await documents(client, dataset_id, ["Gearbox gearbox gearbox: the overhaul manual."])
    assert "Gearbox gearbox gearbox: the overhaul manual." in await fulltext(client, dataset_id, "overhaul")
    await asyncio.sleep(FLUSHED_S)  # kept again, the new slice's vector with it
    assert await semantic_first(client, dataset_id, "overhaul manual") == "Gearbox gearbox gearbox: the overhaul manual."
    slices = await client.slices(added)
    await client.call("/api/knowledge/slice/update", {"slice_id": slices[0]["slice_id"], "space_id": client.space_id,
                                                      "raw_text": "The zebracorn overhaul manual."})

    async def edited() -> bool:
        return await fulltext(client, dataset_id, "zebracorn") == ["The zebracorn overhaul manual."]
    await eventually(edited, 15, "the edited slice found by its new text")
    # The semantic search compares the edited slice's new vector (the store's, then the kept one).
    assert await semantic_first(client, dataset_id, "zebracorn") == "The zebracorn overhaul manual."
    await asyncio.sleep(FLUSHED_S)  # the index rebuilt from the edited collection
    assert await fulltext(client, dataset_id, "zebracorn") == ["The zebracorn overhaul manual."]
    assert await semantic_first(client, dataset_id, "zebracorn") == "The zebracorn overhaul manual."
    assert await fulltext(client, dataset_id, "gearbox gearbox") != [] and \
        "Gearbox gearbox gearbox: the overhaul manual." not in await fulltext(client, dataset_id, "gearbox")
    assert (await fulltext(client, dataset_id, "gearbox"))[0] == FIRST[0]

    await client.call("/api/knowledge/document/delete", {"document_ids": [added], "space_id": client.space_id})

    async def deleted() -> bool:
        return await fulltext(client, dataset_id, "zebracorn") == []
    await eventually(deleted, 15, "the deleted document's slice no longer found")
    await asyncio.sleep(FLUSHED_S)
    assert await fulltext(client, dataset_id, "zebracorn") == []
    assert (await fulltext(client, dataset_id, "gearbox"))[0] == FIRST[0]
