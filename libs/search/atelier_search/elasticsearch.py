"""Elasticsearch full-text store: one index `kb_<dataset_id>` per dataset.

`content` uses the best Chinese-capable analyzer the cluster has (checked once via _cat/plugins):
analysis-ik -> ik_max_word (search: ik_smart); analysis-smartcn -> smartcn; otherwise the built-in
"cjk" analyzer (standard tokenizer + CJK bigrams + lowercase + English stop words), which unlike
plain "standard" keeps Chinese phrase matching precise. `content.en` re-analyzes the text with
the built-in "english" analyzer (stemming, stop words); searches multi_match over both.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from elasticsearch import AsyncElasticsearch, NotFoundError
from elasticsearch.helpers import async_bulk

from atelier_search.base import SearchHit, SliceDoc, collection_name
from atelier_search.tracing import traced


class ElasticsearchStore:
    """FullTextStore (name "elasticsearch")."""

    name = "elasticsearch"

    def __init__(self, url: str, *, client: AsyncElasticsearch | None = None) -> None:
        self._client = client or AsyncElasticsearch(url)
        self._analyzers: tuple[str, str] | None = None
        self._ready: set[int] = set()
        self._lock = asyncio.Lock()

    async def _content_analyzers(self) -> tuple[str, str]:
        """(index analyzer, search analyzer) for `content`."""
        if self._analyzers is None:
            try:
                plugins = await self._client.cat.plugins(format="json")
                names = {str(p.get("component", "")) for p in plugins.body}
            except Exception:  # noqa: BLE001 - a cluster that hides _cat gets the built-in analyzer
                names = set()
            if "analysis-ik" in names:
                self._analyzers = ("ik_max_word", "ik_smart")
            elif "analysis-smartcn" in names:
                self._analyzers = ("smartcn", "smartcn")
            else:
                self._analyzers = ("cjk", "cjk")
        return self._analyzers

    @traced("elasticsearch", "ensure_index")
    async def ensure_index(self, dataset_id: int) -> None:
        if dataset_id in self._ready:
            return
        async with self._lock:
            if dataset_id in self._ready:
                return
            index = collection_name(dataset_id)
            if not (await self._client.indices.exists(index=index)).body:
                analyzer, search_analyzer = await self._content_analyzers()
                mappings = {
                    "dynamic": "strict",
                    "properties": {
                        "slice_id": {"type": "long"},
                        "document_id": {"type": "long"},
                        "dataset_id": {"type": "long"},
                        "content": {
                            "type": "text",
                            "analyzer": analyzer,
                            "search_analyzer": search_analyzer,
                            "fields": {"en": {"type": "text", "analyzer": "english"}},
                        },
                    },
                }
                try:
                    await self._client.indices.create(
                        index=index,
                        mappings=mappings,
                        settings={"number_of_shards": 1, "number_of_replicas": 0},
                    )
                except Exception as err:  # noqa: BLE001
                    if "resource_already_exists_exception" not in str(err):
                        raise
            self._ready.add(dataset_id)

    @traced("elasticsearch", "upsert")
    async def upsert(self, dataset_id: int, docs: Sequence[SliceDoc]) -> None:
        if not docs:
            return
        await self.ensure_index(dataset_id)
        index = collection_name(dataset_id)
        actions = [
            {
                "_op_type": "index",
                "_index": index,
                "_id": str(int(doc.slice_id)),
                "_source": {
                    "slice_id": int(doc.slice_id),
                    "document_id": int(doc.document_id),
                    "dataset_id": int(dataset_id),
                    "content": doc.content,
                },
            }
            for doc in docs
        ]
        await async_bulk(self._client, actions, chunk_size=1000, raise_on_error=True)
        await self._client.indices.refresh(index=index)

    @traced("elasticsearch", "delete_slices")
    async def delete_slices(self, dataset_id: int, slice_ids: Sequence[int]) -> None:
        if not slice_ids:
            return
        await self._delete_by_query(dataset_id, {"ids": {"values": [str(int(i)) for i in slice_ids]}})

    @traced("elasticsearch", "delete_documents")
    async def delete_documents(self, dataset_id: int, document_ids: Sequence[int]) -> None:
        if not document_ids:
            return
        await self._delete_by_query(dataset_id, {"terms": {"document_id": [int(i) for i in document_ids]}})

    async def _delete_by_query(self, dataset_id: int, query: dict[str, Any]) -> None:
        try:
            await self._client.delete_by_query(
                index=collection_name(dataset_id), query=query, refresh=True, conflicts="proceed"
            )
        except NotFoundError:
            pass

    @traced("elasticsearch", "drop_dataset")
    async def drop_dataset(self, dataset_id: int) -> None:
        self._ready.discard(dataset_id)
        try:
            await self._client.indices.delete(index=collection_name(dataset_id))
        except NotFoundError:
            pass

    @traced("elasticsearch", "search_text")
    async def search_text(
        self,
        dataset_id: int,
        query: str,
        top_k: int,
        *,
        document_ids: Sequence[int] | None = None,
        analyzed: bool = False,  # noqa: ARG002 - Elasticsearch analyzes every query itself
    ) -> list[SearchHit]:
        if top_k <= 0 or not query.strip() or (document_ids is not None and not document_ids):
            return []
        body: dict[str, Any] = {
            "must": [{"multi_match": {"query": query, "fields": ["content", "content.en"], "type": "most_fields"}}]
        }
        if document_ids is not None:
            body["filter"] = [{"terms": {"document_id": [int(i) for i in document_ids]}}]
        try:
            resp = await self._client.search(
                index=collection_name(dataset_id), query={"bool": body}, size=top_k, source=["document_id"]
            )
        except NotFoundError:
            return []
        return [
            SearchHit(
                slice_id=int(hit["_id"]),
                document_id=int(hit["_source"]["document_id"]),
                score=float(hit["_score"] or 0.0),
                rank=rank,
            )
            for rank, hit in enumerate(resp["hits"]["hits"], start=1)
        ]

    async def count(self, dataset_id: int, *, document_id: int | None = None) -> int:
        kwargs: dict[str, Any] = {"index": collection_name(dataset_id)}
        if document_id is not None:
            kwargs["query"] = {"term": {"document_id": int(document_id)}}
        try:
            resp = await self._client.count(**kwargs)
        except NotFoundError:
            return 0
        return int(resp["count"])

    async def aclose(self) -> None:
        await self._client.close()
