"""Search stores behind one interface: dense vectors in Milvus, full text in Milvus BM25 or Elasticsearch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atelier_search.analyzers import detect_language
from atelier_search.base import (
    FullTextStore,
    IndexedSlice,
    IndexedSliceSource,
    SearchHit,
    SliceDoc,
    VectorStore,
    collection_name,
)
from atelier_search.milvus import CollectionMissingError, MilvusStore

__all__ = [
    "IndexedSlice",
    "IndexedSliceSource",
    "CollectionMissingError",
    "FullTextStore",
    "MilvusStore",
    "SearchHit",
    "SearchStores",
    "SliceDoc",
    "VectorStore",
    "collection_name",
    "create_search_stores",
    "detect_language",
]


@dataclass
class SearchStores:
    vector: VectorStore
    fulltext: FullTextStore  # the Milvus store itself (BM25) when elasticsearch_url is empty

    def distinct(self) -> list[Any]:
        """Each store once (the Milvus store is both when there is no Elasticsearch): what writes
        and deletes go to."""
        return [self.vector] if self.fulltext is self.vector else [self.vector, self.fulltext]

    async def aclose(self) -> None:
        for store in self.distinct():
            await store.aclose()


def create_search_stores(settings: Any) -> SearchStores:
    milvus = MilvusStore(
        settings.milvus_uri,
        token=getattr(settings, "milvus_token", "") or "",
        hnsw_m=settings.milvus_hnsw_m,
        hnsw_ef_construction=settings.milvus_hnsw_ef_construction,
    )
    if settings.elasticsearch_url:
        from atelier_search.elasticsearch import ElasticsearchStore

        return SearchStores(vector=milvus, fulltext=ElasticsearchStore(settings.elasticsearch_url))
    return SearchStores(vector=milvus, fulltext=milvus)
