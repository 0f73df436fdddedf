"""What the knowledge process keeps of its datasets (retrieval.kept_datasets: BM25 index and
vectors) over a real Milvus Lite collection: wanted by a full-text or dense search, read once the dataset is quiet,
dropped by a change to it, never kept from a read a change overtook, nothing kept while changes
cannot be heard, and no more slices kept than the budget."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from atelier_knowledge.domain.entities import Dataset
from atelier_knowledge.retrieval.kept_datasets import KeptDatasets
from atelier_proto.enums import DatasetStatus, FormatType
from atelier_search import MilvusStore, SliceDoc

DIM = 4


@pytest.fixture
async def store(milvus_uri: str) -> AsyncIterator[MilvusStore]:
    s = MilvusStore(milvus_uri)
    yield s
    await s.aclose()


def dataset(dataset_id: int) -> Dataset:
    now = datetime.now(UTC)
    return Dataset(id=dataset_id, space_id=1, creator_id=1, name=f"d{dataset_id}", description="", icon_uri="",
                   format_type=FormatType.Text, status=DatasetStatus.DatasetReady, embedding_model="local:m@4",
                   embedding_dimension=DIM, fulltext_analyzer=2, index_id=None, created_at=now, updated_at=now,
                   deleted_at=None)


async def collection(store: MilvusStore, texts: list[str]) -> Dataset:
    ds = dataset(random.randint(10**9, 10**10 - 1))
    await store.ensure_collection(ds.id, DIM)
    await store.ensure_index(ds.id)
    await store.upsert(ds.id, [SliceDoc(slice_id=i + 1, document_id=1, dataset_id=ds.id, content=t, vector=[0.5] * DIM)
                               for i, t in enumerate(texts)])
    await store.flush(ds.id)
    return ds


async def built(memory: KeptDatasets, ds: Dataset, timeout_s: float = 5.0):  # noqa: ANN201 - Bm25Index
    async with asyncio.timeout(timeout_s):
        while (index := memory.index(ds)) is None:
            await asyncio.sleep(0.02)
    return index


async def test_wanted_by_a_search_built_then_dropped_by_a_change(store: MilvusStore) -> None:
    ds = await collection(store, ["wing flutter", "shell buckling"])
    memory = KeptDatasets(store, max_slices=100, quiet_s=0.3)
    memory.set_listening(True)
    try:
        assert memory.index(ds) is None  # the store answers this search; the build starts
        index = await built(memory, ds)
        assert [h.slice_id for h in index.search(["flutter"], 10)] == [1]
        (vectors,) = memory.vectors([ds])
        assert set(vectors.of([1, 2, 3])) == {1, 2}

        await store.upsert(ds.id, [SliceDoc(slice_id=3, document_id=1, dataset_id=ds.id, content="flutter margin",
                                            vector=[0.5] * DIM)])
        memory.forget(ds.id)  # as the slice's notification does
        assert memory.vectors([ds]) is None  # the dense search returns them meanwhile
        assert memory.index(ds) is None
        await asyncio.sleep(0.15)
        assert memory.index(ds) is None  # not rebuilt before the dataset was quiet for quiet_s
        index = await built(memory, ds)
        assert {h.slice_id for h in index.search(["flutter"], 10)} == {1, 3}
        assert set(memory.vectors([ds])[0].of([1, 2, 3])) == {1, 2, 3}
        other = await collection(store, ["panel vibration"])
        assert memory.vectors([ds, other]) is None  # not every dataset's vectors kept: none
    finally:
        await memory.aclose()


class ChangedWhileRead:
    """The store, with a change to the dataset heard while the first build reads it."""

    def __init__(self, store: MilvusStore) -> None:
        self.store, self.memory, self.reads = store, None, 0

    async def indexed_slices(self, dataset_id: int, *, limit: int):  # noqa: ANN201
        entries = await self.store.indexed_slices(dataset_id, limit=limit)
        self.reads += 1
        if self.reads == 1:
            self.memory.forget(dataset_id)
        return entries


async def test_a_change_during_a_build_discards_it(store: MilvusStore) -> None:
    ds = await collection(store, ["wing flutter"])
    source = ChangedWhileRead(store)
    memory = source.memory = KeptDatasets(source, max_slices=100, quiet_s=0.0)
    memory.set_listening(True)
    try:
        assert memory.index(ds) is None
        async with asyncio.timeout(5):
            while source.reads < 1 or memory.building(ds.id):
                await asyncio.sleep(0.02)
        assert memory.kept_slices == 0  # what the first build read may be stale: not kept
        assert (await built(memory, ds)).size == 1  # the next search wants a new one
        assert source.reads == 2
    finally:
        await memory.aclose()


async def test_nothing_is_kept_or_built_while_changes_cannot_be_heard(store: MilvusStore) -> None:
    ds = await collection(store, ["wing flutter"])
    memory = KeptDatasets(store, max_slices=100, quiet_s=0.0)
    try:
        assert memory.index(ds) is None
        await asyncio.sleep(0.3)
        assert memory.kept_slices == 0
        memory.set_listening(True)
        await built(memory, ds)
        memory.set_listening(False)  # the listening connection was lost
        assert memory.index(ds) is None
        assert memory.kept_slices == 0
    finally:
        await memory.aclose()


async def test_the_slice_budget_keeps_the_most_recently_searched_and_leaves_larger_datasets_to_the_store(
        store: MilvusStore) -> None:
    first = await collection(store, ["a flutter", "b flutter", "c flutter"])
    second = await collection(store, ["d buckling", "e buckling"])
    large = await collection(store, [f"panel {i} vibration" for i in range(6)])
    memory = KeptDatasets(store, max_slices=5, quiet_s=0.0)
    memory.set_listening(True)
    try:
        await built(memory, first)
        await built(memory, second)
        assert memory.kept_slices == 5
        memory.index(first)  # searched again: the most recent
        third = await collection(store, ["f shells"])
        await built(memory, third)
        assert memory.index(second) is None  # the least recently searched made room
        assert memory.index(first) is not None
        assert memory.kept_slices <= 5

        assert memory.index(large) is None
        await asyncio.sleep(0.5)
        assert memory.index(large) is None  # over the budget on its own: the store keeps answering it
        assert not memory.building(large.id)  # and it is not read again until it changes
    finally:
        await memory.aclose()


async def test_a_dense_search_wants_the_dataset_and_searches_its_vectors_exactly_up_to_a_size(
        store: MilvusStore, monkeypatch: pytest.MonkeyPatch) -> None:
    ds = await collection(store, ["wing flutter", "shell buckling", "panel vibration"])
    memory = KeptDatasets(store, max_slices=100, quiet_s=0.1)
    memory.set_listening(True)
    try:
        assert memory.dense(ds) is None  # the store answers this search; the read starts
        async with asyncio.timeout(5):
            while (vectors := memory.dense(ds)) is None:
                await asyncio.sleep(0.02)
        assert {h.slice_id for h in vectors.search([0.5] * DIM, 10)} == {1, 2, 3}
        monkeypatch.setattr("atelier_knowledge.retrieval.kept_datasets.EXACT_SEARCH_MAX_SLICES", 2)
        assert memory.dense(ds) is None  # too many slices to search by a product over all: the store's index
        assert memory.index(ds) is not None  # still kept for full text
    finally:
        await memory.aclose()
