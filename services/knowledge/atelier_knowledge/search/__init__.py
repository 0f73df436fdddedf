"""Search stores behind one interface: dense vectors in Milvus, full text in Milvus BM25 or Elasticsearch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atelier_knowledge.search.analyzers import detect_language
from atelier_knowledge.search.base import FullTextStore, SearchHit, SliceDoc, VectorStore, collection_name
from atelier_knowledge.search.milvus import CollectionMissingError, MilvusStore

__all__ = [
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

    async def aclose(self) -> None:
        """Close each distinct store once."""
        seen: list[Any] = []
        for store in (self.vector, self.fulltext):
            if any(store is s for s in seen):
                continue
            seen.append(store)
            await store.aclose()


def create_search_stores(settings: Any) -> SearchStores:
    milvus = MilvusStore(
        settings.milvus_uri,
        token=getattr(settings, "milvus_token", "") or "",
        hnsw_m=settings.milvus_hnsw_m,
        hnsw_ef_construction=settings.milvus_hnsw_ef_construction,
    )
    if settings.elasticsearch_url:
        from atelier_knowledge.search.elasticsearch import ElasticsearchStore

        return SearchStores(vector=milvus, fulltext=ElasticsearchStore(settings.elasticsearch_url))
    return SearchStores(vector=milvus, fulltext=milvus)
