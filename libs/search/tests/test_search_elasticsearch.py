"""ElasticsearchStore against a real Elasticsearch: ATELIER_TEST_ELASTICSEARCH_URL when it answers,
else the Docker-backed `real_elasticsearch` fixture; skipped with the reason when neither is available."""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator

import pytest

from atelier_search import FullTextStore, SliceDoc
from atelier_search.elasticsearch import ElasticsearchStore


def _answers(url: str) -> str | None:
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=3) as resp:  # noqa: S310 - test-only URL from env
            return None if resp.status < 500 else f"HTTP {resp.status}"
    except Exception as err:  # noqa: BLE001
        return f"{type(err).__name__}: {err}"


@pytest.fixture(scope="session")
def es_url(request: pytest.FixtureRequest) -> str:
    url = os.environ.get("ATELIER_TEST_ELASTICSEARCH_URL", "")
    if url:
        reason = _answers(url)
        if reason:
            pytest.skip(f"no Elasticsearch answers at ATELIER_TEST_ELASTICSEARCH_URL={url} ({reason})")
        return url
    # No URL given: a container via testcontainers (skips with the reason when Docker is unavailable).
    return request.getfixturevalue("real_elasticsearch")


@pytest.fixture
async def store(es_url: str) -> AsyncIterator[ElasticsearchStore]:
    s = ElasticsearchStore(es_url)
    yield s
    await s.aclose()


def new_dataset() -> int:
    return random.randint(10**9, 10**10 - 1)


def doc(slice_id: int, document_id: int, content: str) -> SliceDoc:
    return SliceDoc(slice_id=slice_id, document_id=document_id, dataset_id=0, content=content)


CORPUS = [
    doc(1, 100, "The engine of the car overheated on the highway."),
    doc(2, 100, "Cats sleep most of the day in a sunny spot."),
    doc(3, 200, "Search engines rank web pages with many signals."),
    doc(4, 200, "我们在实验室研究机器学习的新方法。"),
    doc(5, 300, "Machine learning models need training data."),
]


async def filled(store: ElasticsearchStore) -> int:
    ds = new_dataset()
    await store.ensure_index(ds)
    await store.ensure_index(ds)  # idempotent
    await store.upsert(ds, CORPUS)
    return ds


async def test_contract(store: ElasticsearchStore) -> None:
    assert isinstance(store, FullTextStore)
    assert store.name == "elasticsearch"


async def test_concurrent_ensure_from_two_clients(es_url: str) -> None:
    import asyncio

    a, b = ElasticsearchStore(es_url), ElasticsearchStore(es_url)
    ds = new_dataset()
    try:
        await asyncio.gather(a.ensure_index(ds), b.ensure_index(ds))
        assert await a.count(ds) == 0
    finally:
        await a.drop_dataset(ds)
        await a.aclose()
        await b.aclose()


async def test_upsert_count_reupsert(store: ElasticsearchStore) -> None:
    ds = await filled(store)
    assert await store.count(ds) == 5
    assert await store.count(ds, document_id=200) == 2
    await store.upsert(ds, [doc(1, 100, "The engine was replaced."), CORPUS[1]])
    assert await store.count(ds) == 5
    assert [h.slice_id for h in await store.search_text(ds, "replaced", 5)] == [1]
    await store.drop_dataset(ds)


async def test_english_stemming_ranking_and_filter(store: ElasticsearchStore) -> None:
    ds = await filled(store)
    hits = await store.search_text(ds, "engines", 5)
    assert {h.slice_id for h in hits} == {1, 3}
    assert [h.rank for h in hits] == [1, 2] and all(h.score > 0 for h in hits)
    ranked = await store.search_text(ds, "which search engine ranks pages", 5)
    assert ranked[0].slice_id == 3
    assert [h.slice_id for h in await store.search_text(ds, "engines", 5, document_ids=[100])] == [1]
    assert await store.search_text(ds, "engines", 5, document_ids=[300]) == []
    await store.drop_dataset(ds)


async def test_chinese(store: ElasticsearchStore) -> None:
    ds = await filled(store)
    hits = await store.search_text(ds, "机器学习", 5)
    assert hits and hits[0].slice_id == 4
    assert 5 not in {h.slice_id for h in hits}
    await store.drop_dataset(ds)


async def test_deletes_and_drop(store: ElasticsearchStore) -> None:
    ds = await filled(store)
    await store.delete_slices(ds, [1, 2])
    assert await store.count(ds) == 3
    await store.delete_documents(ds, [200, 300])
    assert await store.count(ds) == 0
    await store.drop_dataset(ds)
    await store.drop_dataset(ds)  # absent: no error
    assert await store.count(ds) == 0
    assert await store.search_text(ds, "engines", 5) == []


async def test_long_unicode_content(store: ElasticsearchStore) -> None:
    ds = new_dataset()
    await store.upsert(ds, [doc(1, 1, "机器学习😀é" * 20000)])
    assert await store.count(ds) == 1
    await store.drop_dataset(ds)
