"""What the knowledge process keeps of a dataset, against a real Milvus Lite server: the BM25 index
(domain.bm25_index), built from the analyzed texts a collection holds, scores as Milvus scores a
collection of one segment, also when the collection was written in several (where Milvus Lite's
own scores move, its statistics being per segment); the kept vectors (domain.kept_vectors) are the
ones the dense search returns, and searching them ranks and scores as the dense search does."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import replace

import numpy as np
import pytest

from atelier_knowledge.domain.bm25_index import Bm25Index
from atelier_knowledge.domain.kept_vectors import KeptVectors
from atelier_search import MilvusStore, SliceDoc
from atelier_search.analyzers import tokenize
from atelier_search.base import IndexedSlice

DIM = 4

# Two groups written apart: "turbine" is common in the first, rare in the second.
FIRST = [
    "The turbine blade cracked after the turbine test.",
    "Turbine inlet temperature rises with load.",
    "A turbine stage has stator and rotor rows.",
    "Cooling air protects the turbine disc.",
    "Compressor surge can stall the turbine.",
    "Boundary layer transition on a flat plate.",
]
SECOND = [
    "The turbine was inspected once.",
    "Heat transfer in laminar boundary layers.",
    "Shock waves form ahead of blunt bodies.",
    "Skin friction of a flat plate at high speed.",
    "Flutter of wings at transonic speed.",
    "Buckling of thin cylindrical shells under pressure.",
]
QUERIES = ["turbine", "turbine boundary layer", "flat plate skin friction", "shock waves on blunt bodies",
           "turbine disc cooling air"]


def corpus() -> list[SliceDoc]:
    rng = random.Random(7)
    return [SliceDoc(slice_id=i + 1, document_id=1 if i < len(FIRST) else 2, dataset_id=0, content=text,
                     vector=[rng.random() for _ in range(DIM)])
            for i, text in enumerate(FIRST + SECOND)]


@pytest.fixture
async def store(milvus_uri: str) -> AsyncIterator[MilvusStore]:
    s = MilvusStore(milvus_uri)
    yield s
    await s.aclose()


async def written(store: MilvusStore, groups: list[list[SliceDoc]]) -> int:
    """A new collection holding `groups`, each written and flushed on its own (a segment each)."""
    dataset = random.randint(10**9, 10**10 - 1)
    await store.ensure_collection(dataset, DIM)
    await store.ensure_index(dataset)
    for group in groups:
        await store.upsert(dataset, group)
        await store.flush(dataset)
    return dataset


async def built(store: MilvusStore, dataset: int) -> Bm25Index:
    entries = await store.indexed_slices(dataset, limit=1000)
    assert entries is not None
    return Bm25Index.build(entries)


def ranked(hits) -> list[tuple[int, float]]:  # noqa: ANN001 - SearchHit or ChannelHit
    return [(h.slice_id, round(h.score, 4)) for h in hits]


async def test_the_index_scores_as_milvus_scores_one_segment(store: MilvusStore) -> None:
    docs = corpus()
    dataset = await written(store, [docs])
    index = await built(store, dataset)
    assert index.size == len(docs)
    for query in QUERIES:
        assert ranked(index.search(tokenize(query), 10)) == ranked(await store.search_text(dataset, query, 10)), query


async def test_written_in_two_segments_the_index_keeps_the_whole_collections_statistics(store: MilvusStore) -> None:
    docs = corpus()
    one = await written(store, [docs])
    two = await written(store, [docs[:len(FIRST)], docs[len(FIRST):]])
    index = await built(store, two)
    moved = 0
    for query in QUERIES:
        whole = ranked(await store.search_text(one, query, 10))
        assert ranked(index.search(tokenize(query), 10)) == whole, query
        moved += ranked(await store.search_text(two, query, 10)) != whole
    # Milvus Lite's per-segment statistics: "turbine" weighs more in the second segment, where it is
    # rare, so the slice that mentions it once outranks ones that mention it twice.
    assert moved > 0
    assert index.search(["turbin"], 1)[0].slice_id == 1


async def test_document_filter_depth_repeated_and_unknown_terms(store: MilvusStore) -> None:
    index = await built(store, await written(store, [corpus()]))
    assert {h.slice_id for h in index.search(["turbin"], 10, document_ids=[2])} == {7}
    assert index.search(["turbin"], 10, document_ids=[]) == []
    assert len(index.search(["turbin"], 3)) == 3
    assert index.search(["nosuchterm"], 10) == []
    assert index.search([], 10) == []
    # A repeated term weighs twice: "plate" twice moves the flat-plate slices above the boundary-layer one.
    once = index.search(["boundari", "plate"], 10)
    twice = index.search(["boundari", "plate", "plate"], 10)
    assert [h.score for h in twice][0] > [h.score for h in once][0]
    assert {h.slice_id for h in twice[:2]} == {6, 10}


async def test_indexed_slices_stops_over_the_limit_and_reads_nothing_of_a_missing_collection(
        store: MilvusStore) -> None:
    dataset = await written(store, [corpus()])
    assert await store.indexed_slices(dataset, limit=len(corpus()) - 1) is None
    entries = await store.indexed_slices(dataset, limit=len(corpus()))
    assert entries is not None
    assert {e.slice_id: e.terms for e in entries}[7] == "turbin inspect onc"
    assert {e.document_id for e in entries} == {1, 2}
    assert await store.indexed_slices(random.randint(10**9, 10**10 - 1), limit=10) == []
    empty = Bm25Index.build([])
    assert empty.size == 0
    assert empty.search(["turbin"], 10) == []


async def kept_vectors(store: MilvusStore) -> tuple[int, list[IndexedSlice], KeptVectors]:
    """The corpus written in two segments: its collection, what it holds, its kept vectors."""
    dataset = await written(store, [corpus()[:4], corpus()[4:]])
    entries = await store.indexed_slices(dataset, limit=1000)
    assert entries is not None
    kept = KeptVectors.build(entries)
    assert kept is not None and kept.size == len(entries)
    return dataset, entries, kept


async def test_the_kept_vectors_are_the_ones_the_dense_search_returns(store: MilvusStore) -> None:
    docs = corpus()
    dataset, entries, kept = await kept_vectors(store)
    hits = await store.search_dense(dataset, [0.3, 0.1, 0.9, 0.2], len(docs), with_vectors=True)
    assert len(hits) == len(docs)
    by_id = kept.of([h.slice_id for h in hits] + [10**12])  # an id not kept is left out
    assert set(by_id) == {h.slice_id for h in hits}
    for hit in hits:  # kept at unit length: the stored vector's direction
        stored = np.asarray(hit.vector)
        assert by_id[hit.slice_id].tolist() == pytest.approx((stored / np.linalg.norm(stored)).tolist(), abs=1e-6)
    assert KeptVectors.build([*entries, replace(entries[0], slice_id=10**12, vector=None)]) is None
    assert KeptVectors.build([*entries, replace(entries[0], slice_id=10**12, vector=[1.0] * (DIM + 1))]) is None


async def test_the_kept_vectors_search_ranks_and_scores_as_the_dense_search(store: MilvusStore) -> None:
    docs = corpus()
    dataset, _, kept = await kept_vectors(store)
    rng = random.Random(11)
    for _ in range(5):
        query = [rng.uniform(-1, 1) for _ in range(DIM)]
        for depth, document_ids in ((len(docs), None), (3, None), (4, [2]), (5, [1, 2]), (5, [99])):
            milvus = await store.search_dense(dataset, query, depth, document_ids=document_ids)
            ours = kept.search(query, depth, document_ids)
            assert [h.slice_id for h in ours] == [h.slice_id for h in milvus], (query, depth, document_ids)
            assert [h.score for h in ours] == pytest.approx([h.score for h in milvus], abs=1e-5)
    hits = kept.search([0.3, 0.1, 0.9, 0.2], 2, with_vectors=True)
    assert [h.vector.tolist() for h in hits] == [kept.of([h.slice_id])[h.slice_id].tolist() for h in hits]
    assert kept.search([0.0] * DIM, 5) == [] and kept.search([1.0] * (DIM + 1), 5) == [] and kept.search([1.0] * DIM, 0) == []
