"""MilvusStore against a real Milvus Lite server (session fixture `milvus_uri`): dense + BM25."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

from atelier_common.settings import Settings
from atelier_search import (
    CollectionMissingError,
    FullTextStore,
    MilvusStore,
    SearchStores,
    SliceDoc,
    VectorStore,
    create_search_stores,
)
from atelier_search.analyzers import analyze, detect_language, stem, tokenize
from atelier_search.base import truncate_utf8
from atelier_search.milvus import MAX_VARCHAR_BYTES

DIM = 4


def new_dataset() -> int:
    return random.randint(10**9, 10**10 - 1)


def doc(slice_id: int, document_id: int, content: str, vector: list[float], dataset_id: int = 0) -> SliceDoc:
    return SliceDoc(slice_id=slice_id, document_id=document_id, dataset_id=dataset_id, content=content, vector=vector)


@pytest.fixture
async def store(milvus_uri: str) -> AsyncIterator[MilvusStore]:
    s = MilvusStore(milvus_uri)
    yield s
    await s.aclose()


async def filled(store: MilvusStore, docs: list[SliceDoc]) -> int:
    ds = new_dataset()
    await store.ensure_collection(ds, DIM)
    await store.upsert(ds, docs)
    await store.flush(ds)
    return ds


CORPUS = [
    doc(1, 100, "The engine of the car overheated on the highway.", [1, 0, 0, 0]),
    doc(2, 100, "Cats sleep most of the day in a sunny spot.", [0, 1, 0, 0]),
    doc(3, 200, "Search engines rank web pages with many signals.", [0, 0, 1, 0]),
    doc(4, 200, "我们在实验室研究机器学习的新方法。", [0, 0, 0, 1]),
    doc(5, 300, "Machine learning models need training data.", [0.7, 0.7, 0, 0]),
]


# ---------------------------------------------------------------------------- analyzers (pure)


def test_analyzer_stems_drops_stop_words_and_bigrams_chinese() -> None:
    assert stem("engines") == stem("engine") == "engin"
    assert stem("running") == "run"
    # Snowball, not Porter (which gives "gener"): the stems bm25s with PyStemmer indexes.
    assert stem("generalizations") == "general"
    assert tokenize("The Engines are RUNNING") == ["engin", "run"]
    # One-character words carry no meaning for BM25 (bm25s splits on \w\w+); CJK unigrams stay.
    assert tokenize("a b 1 x-ray at 5 km") == ["ray", "km"]
    assert tokenize("机器学习") == ["机器", "器学", "学习"]
    assert tokenize("猫") == ["猫"]
    assert detect_language("我们研究机器学习的方法") == "zh"
    assert detect_language("Hello world, this is English") == "en"
    assert detect_language("") == "en"
    assert len(analyze("机器学习" * 10000, max_bytes=100).encode()) <= 100


def test_analyzer_matches_the_reference_bm25_tokenizer_on_latin_text() -> None:
    """bm25s' English analysis (lowercase, `\\w\\w+`, its "en" stop words, PyStemmer Snowball), written
    out here: our tokens are exactly its tokens."""
    import re

    import Stemmer

    stemmer = Stemmer.Stemmer("english")
    reference_stop = set("a an and are as at be but by for if in into is it no not of on or such that the their "
                         "then there these they this to was will with".split())
    text = ("An experimental study of a wing-body combination at Mach 1.5: the boundary-layer transition was "
            "observed in 3 runs; generalizations of the theory hold for swept wings, flows and 2-D bodies.")
    reference = [stemmer.stemWord(w) for w in re.findall(r"(?u)\b\w\w+\b", text.lower()) if w not in reference_stop]
    assert tokenize(text) == reference


def test_truncate_utf8_never_splits_a_character() -> None:
    text = "é" * 10 + "漢字"
    for limit in range(0, 30):
        cut = truncate_utf8(text, limit)
        assert len(cut.encode()) <= limit and text.startswith(cut)


# ---------------------------------------------------------------------------- collection lifecycle


async def test_ensure_collection_idempotent_and_concurrent(milvus_uri: str, store: MilvusStore) -> None:
    ds = new_dataset()
    await store.ensure_collection(ds, DIM)
    await store.ensure_collection(ds, DIM)
    assert await store.count(ds) == 0

    ds2 = new_dataset()
    a, b = MilvusStore(milvus_uri), MilvusStore(milvus_uri)
    try:
        await asyncio.gather(a.ensure_collection(ds2, DIM), b.ensure_collection(ds2, DIM))
        await a.upsert(ds2, [doc(1, 1, "alpha", [1, 0, 0, 0])])
        await b.flush(ds2)
        assert await b.count(ds2) == 1
        assert [h.slice_id for h in await b.search_dense(ds2, [1, 0, 0, 0], 3)] == [1]
    finally:
        await a.aclose()
        await b.aclose()
        await store.drop_dataset(ds2)
    await store.drop_dataset(ds)


async def test_dimension_mismatch_is_a_clear_error(milvus_uri: str, store: MilvusStore) -> None:
    ds = new_dataset()
    await store.ensure_collection(ds, DIM)
    with pytest.raises(ValueError, match=r"dimension 4.*dimension 8"):
        await store.ensure_collection(ds, 8)
    other = MilvusStore(milvus_uri)  # a fresh process-like instance learns the dim from Milvus
    try:
        with pytest.raises(ValueError, match=r"dimension 4.*dimension 8"):
            await other.ensure_collection(ds, 8)
        with pytest.raises(ValueError, match="dimension"):
            await other.upsert(ds, [doc(1, 1, "x", [1.0] * 8)])
    finally:
        await other.aclose()
    with pytest.raises(ValueError, match="no vector"):
        await store.upsert(ds, [SliceDoc(slice_id=1, document_id=1, dataset_id=ds, content="x")])
    await store.drop_dataset(ds)


async def test_absent_collection(store: MilvusStore) -> None:
    ds = new_dataset()
    assert await store.count(ds) == 0
    assert await store.search_dense(ds, [1, 0, 0, 0], 5) == []
    assert await store.search_text(ds, "engine", 5) == []
    await store.drop_dataset(ds)  # no error
    await store.delete_slices(ds, [1])
    await store.delete_documents(ds, [1])
    with pytest.raises(CollectionMissingError, match="ensure_collection"):
        await store.ensure_index(ds)
    with pytest.raises(CollectionMissingError):
        await store.upsert(ds, [doc(1, 1, "x", [1, 0, 0, 0])])


# ---------------------------------------------------------------------------- writes


async def test_upsert_count_and_reupsert_never_duplicates(store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    assert await store.count(ds) == 5
    assert await store.count(ds, document_id=200) == 2
    await store.upsert(ds, [doc(1, 100, "The engine was replaced.", [1, 0, 0, 0]), CORPUS[1]])
    await store.flush(ds)
    assert await store.count(ds) == 5
    hits = await store.search_text(ds, "replaced", 5)
    assert [h.slice_id for h in hits] == [1]
    await store.drop_dataset(ds)


async def test_batched_upsert(milvus_uri: str) -> None:
    s = MilvusStore(milvus_uri, upsert_batch=7)
    try:
        docs = [doc(i, i % 3, f"row {i}", [1, float(i), 0, 0]) for i in range(1, 31)]
        ds = await filled(s, docs)
        assert await s.count(ds) == 30
        await s.upsert(ds, docs)
        await s.flush(ds)
        assert await s.count(ds) == 30
        await s.drop_dataset(ds)
    finally:
        await s.aclose()


async def test_delete_slices_documents_and_drop(store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    await store.delete_slices(ds, [1, 2])
    await store.flush(ds)
    assert await store.count(ds) == 3
    assert await store.count(ds, document_id=100) == 0
    await store.delete_documents(ds, [200, 300])
    await store.flush(ds)
    assert await store.count(ds) == 0
    assert await store.search_text(ds, "engines", 5) == []
    await store.upsert(ds, CORPUS)
    await store.flush(ds)
    assert await store.count(ds) == 5
    await store.drop_dataset(ds)
    assert await store.count(ds) == 0
    await store.drop_dataset(ds)


async def test_long_unicode_content_is_truncated(store: MilvusStore) -> None:
    long_text = "机器学习😀é" * 20000  # ~ 360 KB of multi-byte UTF-8
    ds = await filled(store, [doc(1, 1, long_text, [1, 0, 0, 0]), doc(2, 1, "x" * 70000, [0, 1, 0, 0])])
    assert await store.count(ds) == 2
    hits = await store.search_text(ds, "机器学习", 5)
    assert [h.slice_id for h in hits] == [1]
    await store.drop_dataset(ds)
    assert len(truncate_utf8(long_text, MAX_VARCHAR_BYTES).encode()) <= MAX_VARCHAR_BYTES


# ---------------------------------------------------------------------------- search


async def test_dense_search_nearest_first_and_document_filter(store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    hits = await store.search_dense(ds, [0.9, 0.1, 0, 0], 3)
    assert [h.slice_id for h in hits] == [1, 5, 2]
    assert [h.rank for h in hits] == [1, 2, 3]
    assert hits[0].score > hits[1].score > hits[2].score
    assert hits[0].score == pytest.approx(0.9 / (0.82**0.5), abs=1e-4)  # cosine as returned
    assert hits[0].document_id == 100

    filtered = await store.search_dense(ds, [0.9, 0.1, 0, 0], 5, document_ids=[200, 300])
    assert [h.slice_id for h in filtered][0] == 5
    assert {h.document_id for h in filtered} <= {200, 300}
    assert await store.search_dense(ds, [1, 0, 0, 0], 5, document_ids=[]) == []
    await store.drop_dataset(ds)


async def test_dense_search_with_vectors_returns_each_hits_stored_vector(store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    expected = {d.slice_id: d.vector for d in CORPUS}
    plain = await store.search_dense(ds, [0.9, 0.1, 0, 0], 3)
    hits = await store.search_dense(ds, [0.9, 0.1, 0, 0], 3, with_vectors=True)
    assert [(h.slice_id, h.score) for h in hits] == [(h.slice_id, h.score) for h in plain]  # the same search
    assert all(h.vector is None for h in plain)
    for hit in hits:
        assert list(hit.vector) == pytest.approx(expected[hit.slice_id])
    await store.drop_dataset(ds)


async def test_bm25_english_stemming_and_ranking(store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    await store.ensure_index(ds)
    hits = await store.search_text(ds, "engines", 5)
    assert {h.slice_id for h in hits} == {1, 3}  # "engine" matched by the stemmed query
    assert all(h.score > 0 for h in hits)
    assert [h.rank for h in hits] == [1, 2]
    assert hits[0].score >= hits[1].score

    ranked = await store.search_text(ds, "which search engine ranks pages", 5)
    assert ranked[0].slice_id == 3
    assert ranked[0].score > ranked[1].score

    assert await store.search_text(ds, "the of and", 5) == []  # only stop words
    only_100 = await store.search_text(ds, "engines", 5, document_ids=[100])
    assert [h.slice_id for h in only_100] == [1]
    assert await store.search_text(ds, "engines", 5, document_ids=[300]) == []
    await store.drop_dataset(ds)


async def test_bm25_scores_one_text_alike_in_every_document(store: MilvusStore) -> None:
    """BM25 statistics (document count, term frequencies, average length) are the whole dataset's:
    the same passage scores the same in any document. (Milvus Lite keeps them per partition, so
    a partition key spreading documents over 16 partitions made scores depend on the hashing.)"""
    rng = random.Random(5)
    words = "wing flow shock boundary layer heat pressure mach nozzle plate cone jet".split()
    filler = [doc(i, 1000 + i, " ".join(rng.choice(words) for _ in range(rng.randint(5, 60))), [1, 0, 0, 0])
              for i in range(200)]
    same = [doc(500 + i, 5000 + i, "transonic buffet on a supercritical airfoil", [0, 1, 0, 0]) for i in range(12)]
    ds = await filled(store, filler + same)
    hits = await store.search_text(ds, "supercritical airfoil buffet", 50)
    assert {h.slice_id for h in hits} == {d.slice_id for d in same}
    assert max(h.score for h in hits) == pytest.approx(min(h.score for h in hits), rel=1e-4)
    await store.drop_dataset(ds)


async def test_analyzed_query_weighs_terms_by_repetition(store: MilvusStore) -> None:
    """An already analyzed query (pseudo-relevance feedback's) is not analyzed again, and a
    repeated term counts once per occurrence: the weights feedback gives its terms."""
    ds = await filled(store, CORPUS)
    once = {h.slice_id: h.score for h in await store.search_text(ds, "engin", 5, analyzed=True)}
    twice = {h.slice_id: h.score for h in await store.search_text(ds, "engin engin", 5, analyzed=True)}
    assert set(once) == {1, 3}
    assert all(twice[i] == pytest.approx(2 * once[i], rel=1e-4) for i in once)
    assert await store.search_text(ds, "engines", 5, analyzed=True) == []  # not stemmed: no such term
    await store.drop_dataset(ds)


async def test_slice_vectors_returns_the_stored_vectors(store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    vectors = await store.slice_vectors(ds, [1, 2, 999])
    assert set(vectors) == {1, 2}
    expected = {d.slice_id: d.vector for d in CORPUS}
    assert vectors[1] == pytest.approx(expected[1])
    assert vectors[2] == pytest.approx(expected[2])
    assert await store.slice_vectors(ds, []) == {}
    assert await store.slice_vectors(new_dataset(), [1]) == {}
    await store.drop_dataset(ds)


async def test_concurrent_searches_share_requests_and_each_gets_its_own_answer(store: MilvusStore) -> None:
    """Searches of one kind arriving while one is in flight go as one multi-query request; each
    caller gets exactly what it would have got alone (hits, scores, ranks, document ids)."""
    rng = random.Random(11)
    words = "wing flow shock boundary layer heat pressure mach nozzle plate cone jet".split()
    corpus = [doc(i, 100 + i % 7, " ".join(rng.choice(words) for _ in range(rng.randint(3, 20))),
                  [rng.uniform(-1, 1) for _ in range(DIM)]) for i in range(1, 121)]
    ds = await filled(store, corpus)
    vectors = [[rng.uniform(-1, 1) for _ in range(DIM)] for _ in range(12)]
    texts = [" ".join(rng.sample(words, 3)) for _ in range(12)]
    alone_dense = [await store.search_dense(ds, v, 10) for v in vectors]
    alone_text = [await store.search_text(ds, t, 10) for t in texts]
    alone_filtered = [await store.search_dense(ds, v, 10, document_ids=[101, 103]) for v in vectors[:4]]
    before = store.search_counts.requests, store.search_counts.items
    assert before == (28, 28)  # one request per search when they come one at a time

    dense, text, filtered = await asyncio.gather(
        asyncio.gather(*(store.search_dense(ds, v, 10) for v in vectors)),
        asyncio.gather(*(store.search_text(ds, t, 10) for t in texts)),
        asyncio.gather(*(store.search_dense(ds, v, 10, document_ids=[101, 103]) for v in vectors[:4])))
    assert dense == alone_dense and text == alone_text and filtered == alone_filtered
    assert all(len(hits) == 10 for hits in dense) and any(text) and all(filtered)
    requests = store.search_counts.requests - before[0]
    assert store.search_counts.items - before[1] == 28
    # Per kind (dense, text, filtered dense): the first at once, the rest together when it returns.
    assert requests == 6
    await store.drop_dataset(ds)


async def test_concurrent_searches_of_a_dropped_collection_find_nothing(milvus_uri: str, store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    assert await store.search_dense(ds, [1, 0, 0, 0], 3)
    other = MilvusStore(milvus_uri)  # another process deletes the dataset
    try:
        await other.drop_dataset(ds)
    finally:
        await other.aclose()
    found = await asyncio.gather(*(store.search_dense(ds, [1, 0, 0, i / 10], 3) for i in range(5)),
                                 *(store.search_text(ds, "engine", 3) for _ in range(5)))
    assert found == [[]] * 10


async def test_bm25_chinese(store: MilvusStore) -> None:
    ds = await filled(store, CORPUS)
    hits = await store.search_text(ds, "机器学习", 5)
    assert [h.slice_id for h in hits] == [4]  # not the English "Machine learning" slice
    assert hits[0].score > 0
    assert [h.slice_id for h in await store.search_text(ds, "machine learning", 5)] == [5]
    await store.drop_dataset(ds)


async def test_create_search_stores_uses_milvus_bm25_without_elasticsearch(milvus_uri: str) -> None:
    settings = Settings(milvus_uri=milvus_uri, elasticsearch_url="")
    stores = create_search_stores(settings)
    assert isinstance(stores, SearchStores)
    assert stores.fulltext is stores.vector
    assert stores.fulltext.name == "milvus-bm25"
    assert isinstance(stores.vector, VectorStore) and isinstance(stores.fulltext, FullTextStore)
    ds = new_dataset()
    await stores.vector.ensure_collection(ds, DIM)
    assert await stores.fulltext.count(ds) == 0
    await stores.vector.drop_dataset(ds)
    await stores.aclose()  # closes the shared store once

    es = create_search_stores(Settings(milvus_uri=milvus_uri, elasticsearch_url="http://127.0.0.1:9"))
    assert es.fulltext.name == "elasticsearch" and es.fulltext is not es.vector
    await es.aclose()
