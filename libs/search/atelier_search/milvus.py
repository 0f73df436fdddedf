"""Milvus store: dense vectors (HNSW, COSINE) and BM25 full text in one collection per dataset.

Collection `kb_<dataset_id>`:
  id          INT64 primary key (the slice id, auto_id off) -> upserts are idempotent
  document_id INT64 (a plain field, filtered on; not a partition key: see below)
  content     VARCHAR(65535) raw slice text (UTF-8 safely truncated by bytes)
  bm25_text   VARCHAR(65535, enable_analyzer) the slice text analyzed client-side by
              `analyzers.analyze` (lowercase, no one-character words, English stop words,
              Snowball stemming, CJK bigrams)
  dense       FLOAT_VECTOR(dim), index HNSW / COSINE
  sparse      SPARSE_FLOAT_VECTOR, output of a BM25 Function over `bm25_text`,
              index SPARSE_INVERTED_INDEX / BM25

Why `bm25_text` and not the BM25 function over `content` directly: Milvus Lite 3.2 has neither
the "english" analyzer (stemming) nor multi-language analyzers, jieba only when the package is
installed, and its standard tokenizer keeps a whole Chinese run as one token. Analyzing on the
client gives stemming + stop words + Chinese matching on Lite and on a full Milvus alike.

Why no partition key on document_id: Milvus Lite keeps BM25 statistics (document count, term
frequencies, average length) per partition, and a partition key spreads a dataset over 16 of them,
so the same passage scored differently by the partition its document hashed to (12.0 vs 8.7 for one
text; Cranfield full-text nDCG@10 0.354 vs 0.374). Collections created before keep their key.

pymilvus' AsyncMilvusClient cannot create indexes against Milvus Lite (it waits for the index via
AllocTimestamp, which Lite does not implement), so the sync MilvusClient runs in worker threads for
everything but searches. Searches, retrieval's hot path, go through an AsyncMilvusClient on the
caller's event loop: concurrent searches neither queue for one of the default executor's few
threads nor pay the hand-over to it and back (about 0.7 ms of CPU per search).

Concurrent searches of one collection with the same parameters (field, limit, filter, ef) go as
one search with several queries (`coalesce.Coalescer`): one goes at once when none of its kind is in
flight, those arriving meanwhile go together when it returns. Milvus Lite's per-request work (gRPC,
the per-search pass over every row of every segment) is then paid once per batch, not per query.
Each query gets the hits it gets alone: on Milvus Lite 3.2 bit-identical once the rows are indexed
(HNSW and BM25 score each query on its own); rows not yet flushed are brute-forced with one matrix
product per batch, whose distances can differ from a lone query's in the last bit (<1e-7).

Full-text-only use: a collection needs the vector dimension, so `ensure_collection` must have been
called (by any process) before `ensure_index` / `upsert`; `ensure_index` raises otherwise.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pymilvus import AsyncMilvusClient, DataType, Function, FunctionType, MilvusClient
from pymilvus.exceptions import MilvusException

from atelier_search import analyzers
from atelier_search.base import IndexedSlice, SearchHit, SliceDoc, collection_name, truncate_utf8
from atelier_search.coalesce import Coalescer, Counts
from atelier_search.tracing import traced

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_VARCHAR_BYTES = 65535
UPSERT_BATCH = 1000
QUERY_BATCH = 1000  # entities per page of a query_iterator (re-analysis, indexed slices)
DENSE_FIELD = "dense"
SPARSE_FIELD = "sparse"
# The reference BM25's parameters (bm25s' defaults; Robertson's usual k1 1.2-2.0, b 0.75); Milvus
# defaults to k1 1.2. Fixed when a collection's index is built: older collections keep theirs.
BM25_K1 = 1.5
BM25_B = 0.75
CALL_TIMEOUT_S = 30.0
CONCURRENT_CREATE_WAIT_S = 10.0  # how long a collection another client is creating may take to appear
COLLECTION_NOT_FOUND = 100  # Milvus error code: the collection was dropped (or never existed)
MAX_QUERIES_PER_SEARCH = 16  # queries one coalesced search carries at most
SEARCH_OUTPUT = ["document_id"]
SEARCH_OUTPUT_WITH_VECTORS = ["document_id", "dense"]


class CollectionMissingError(LookupError):
    """The dataset has no collection yet (ensure_collection was never called)."""


def _is_missing(err: MilvusException) -> bool:
    return err.code == COLLECTION_NOT_FOUND or "does not exist" in str(err.message)


def _id_list(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(int(v)) for v in values) + "]"


def _doc_filter(document_ids: Sequence[int] | None) -> str:
    return "" if document_ids is None else f"document_id in {_id_list(document_ids)}"


@dataclass(frozen=True)
class SearchKind:
    """What searches must share to go as one request: everything but the query."""

    dataset_id: int
    anns_field: str
    metric: str
    limit: int
    filter: str
    ef: int | None = None  # HNSW's search breadth (dense searches)
    with_vectors: bool = False  # hits carry their stored dense vector

    @property
    def output_fields(self) -> list[str]:
        return SEARCH_OUTPUT_WITH_VECTORS if self.with_vectors else SEARCH_OUTPUT

    def search_params(self) -> dict[str, Any]:
        if self.ef is None:
            return {"metric_type": self.metric}
        return {"metric_type": self.metric, "params": {"ef": self.ef}}


@dataclass(frozen=True)
class _Searcher:
    """The asyncio client of one event loop (its gRPC channel is bound to the loop that made it)
    and the coalescer of that loop's searches."""

    loop: asyncio.AbstractEventLoop
    client: AsyncMilvusClient
    coalescer: Coalescer[SearchKind, Any, list[SearchHit]]


def _pages(client: MilvusClient, name: str, output_fields: list[str], *, where: str = "") -> Iterator[list[dict[str, Any]]]:
    """A collection's entities (those `where` matches), a page at a time; the iterator closed
    however the caller stops."""
    iterator = client.query_iterator(name, batch_size=QUERY_BATCH, filter=where, output_fields=output_fields)
    try:
        while batch := iterator.next():
            yield batch
    finally:
        iterator.close()


def _hits(hits: Any, *, absolute: bool) -> list[SearchHit]:
    """One query's hits, best first."""
    out: list[SearchHit] = []
    for rank, hit in enumerate(hits, start=1):
        entity = hit.get("entity") or {}
        score = float(hit["distance"])
        out.append(SearchHit(slice_id=int(hit["id"]), document_id=int(entity.get("document_id", 0)),
                             score=abs(score) if absolute else score, rank=rank, vector=entity.get(DENSE_FIELD)))
    return out


class MilvusStore:
    """VectorStore and FullTextStore (name "milvus-bm25") on Milvus / Milvus Lite."""

    name = "milvus-bm25"

    def __init__(
        self,
        uri: str,
        *,
        token: str = "",
        hnsw_m: int = 16,
        hnsw_ef_construction: int = 200,
        upsert_batch: int = UPSERT_BATCH,
    ) -> None:
        self._uri = uri
        self._token = token
        self._hnsw_m = hnsw_m
        self._hnsw_ef_construction = hnsw_ef_construction
        self._upsert_batch = upsert_batch
        self._client: MilvusClient | None = None
        self._client_lock = threading.Lock()
        self._searcher: _Searcher | None = None
        self._ready: dict[int, int] = {}  # dataset id -> dense dimension, collection indexed + loaded
        self._locks: dict[int, asyncio.Lock] = {}
        self._closed = False

    # ------------------------------------------------------------------ plumbing

    def _client_options(self) -> dict[str, Any]:
        # pymilvus pings idle channels every 10 s; servers with gRPC's default policy (Milvus Lite)
        # answer that with GOAWAY "too many pings" and the next call fails. Ping only while calls
        # are in flight, and rarely. `dedicated`: pymilvus otherwise shares one channel per address
        # across clients, with the options of whichever came first. timeout: connecting and each
        # call wait up to 30 s (pymilvus gives up on a busy server's connection after 5 s by default).
        kwargs: dict[str, Any] = {"uri": self._uri, "timeout": CALL_TIMEOUT_S, "dedicated": True, "grpc_options": {
            "grpc.keepalive_time_ms": 300_000, "grpc.keepalive_permit_without_calls": 0}}
        if self._token:
            kwargs["token"] = self._token
        return kwargs

    def _get_client(self) -> MilvusClient:
        with self._client_lock:
            if self._closed:
                raise RuntimeError("MilvusStore is closed")
            if self._client is None:
                self._client = MilvusClient(**self._client_options())
            return self._client

    def _get_searcher(self) -> _Searcher:
        """The running loop's searcher."""
        if self._closed:
            raise RuntimeError("MilvusStore is closed")
        loop = asyncio.get_running_loop()
        if self._searcher is None or self._searcher.loop is not loop:
            self._searcher = _Searcher(loop, AsyncMilvusClient(**self._client_options()),
                                       Coalescer(self._send_search, max_batch=MAX_QUERIES_PER_SEARCH))
        return self._searcher

    @property
    def search_counts(self) -> Counts:
        """Search requests sent to Milvus and the queries they carried (this loop's searcher)."""
        return self._searcher.coalescer.counts if self._searcher is not None else Counts()

    async def _search(self, kind: SearchKind, query: Any) -> list[SearchHit]:
        """One query's hits, in one search request with the queries of its kind that came meanwhile."""
        return await self._get_searcher().coalescer.submit(kind, query)

    async def _send_search(self, kind: SearchKind, queries: list[Any]) -> list[list[SearchHit]]:
        """One search of the dataset's collection, hits per query; no hits when another process
        dropped it since (a deleted dataset), forgetting it as `_on_collection` does."""
        try:
            result = await self._get_searcher().client.search(
                collection_name(kind.dataset_id), data=queries, anns_field=kind.anns_field, limit=kind.limit,
                filter=kind.filter, search_params=kind.search_params(), output_fields=kind.output_fields,
                timeout=CALL_TIMEOUT_S)
        except MilvusException as err:
            if not _is_missing(err):
                raise
            self._ready.pop(kind.dataset_id, None)
            return [[] for _ in queries]
        if not result:  # nothing to search in (no query's list at all)
            return [[] for _ in queries]
        absolute = kind.anns_field == SPARSE_FIELD  # Milvus Lite returns BM25 scores negated
        return [_hits(hits, absolute=absolute) for hits in result]

    async def _call(self, fn: Callable[[MilvusClient], T]) -> T:
        return await asyncio.to_thread(lambda: fn(self._get_client()))

    async def _on_collection(self, dataset_id: int, fn: Callable[[MilvusClient], T], *, missing: T) -> T:
        """`fn` on a collection this process saw ready; `missing` when another process dropped it since
        (a deleted dataset), forgetting it so a later ensure_collection creates it afresh."""
        try:
            return await self._call(fn)
        except MilvusException as err:
            if not _is_missing(err):
                raise
            self._ready.pop(dataset_id, None)
            return missing

    def _lock(self, dataset_id: int) -> asyncio.Lock:
        lock = self._locks.get(dataset_id)
        if lock is None:
            lock = self._locks[dataset_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ collection lifecycle

    def _schema(self, dimension: int) -> Any:
        schema = MilvusClient.create_schema(auto_id=False, enable_dynamic_field=False)
        schema.add_field("id", DataType.INT64, is_primary=True, auto_id=False)
        schema.add_field("document_id", DataType.INT64)
        schema.add_field("content", DataType.VARCHAR, max_length=MAX_VARCHAR_BYTES)
        schema.add_field(
            "bm25_text",
            DataType.VARCHAR,
            max_length=MAX_VARCHAR_BYTES,
            enable_analyzer=True,
            analyzer_params={"tokenizer": "standard"},
        )
        schema.add_field(DENSE_FIELD, DataType.FLOAT_VECTOR, dim=dimension)
        schema.add_field(SPARSE_FIELD, DataType.SPARSE_FLOAT_VECTOR)
        schema.add_function(
            Function(
                name="bm25_text_to_sparse",
                function_type=FunctionType.BM25,
                input_field_names=["bm25_text"],
                output_field_names=[SPARSE_FIELD],
            )
        )
        return schema

    def _index_params(self, client: MilvusClient, fields: set[str]) -> Any:
        params = client.prepare_index_params()
        if DENSE_FIELD in fields:
            params.add_index(
                field_name=DENSE_FIELD,
                index_name=DENSE_FIELD,
                index_type="HNSW",
                metric_type="COSINE",
                params={"M": self._hnsw_m, "efConstruction": self._hnsw_ef_construction},
            )
        if SPARSE_FIELD in fields:
            params.add_index(
                field_name=SPARSE_FIELD,
                index_name=SPARSE_FIELD,
                index_type="SPARSE_INVERTED_INDEX",
                metric_type="BM25",
                params={"bm25_k1": BM25_K1, "bm25_b": BM25_B},
            )
        return params

    @staticmethod
    def _existing_dim(client: MilvusClient, name: str) -> int:
        info = client.describe_collection(name)
        for field in info.get("fields", []):
            if field.get("name") == DENSE_FIELD:
                return int(field.get("params", {}).get("dim"))
        raise ValueError(f"collection {name} exists but has no {DENSE_FIELD!r} vector field")

    def _prepare_existing(self, client: MilvusClient, name: str) -> int:
        """Indexes + load for a collection that exists (maybe created by another process just now)."""
        dim = self._existing_dim(client, name)
        present = {str(i) for i in client.list_indexes(name)}
        for field in {DENSE_FIELD, SPARSE_FIELD} - present:
            try:
                client.create_index(name, self._index_params(client, {field}))
            except MilvusException as err:
                if "exist" not in str(err).lower():
                    raise
        client.load_collection(name)
        return dim

    def _ensure_sync(self, dataset_id: int, dimension: int) -> int:
        client = self._get_client()
        name = collection_name(dataset_id)
        if not client.has_collection(name):
            try:
                client.create_collection(name, schema=self._schema(dimension))
            except MilvusException as err:
                if "exist" not in str(err).lower():
                    raise
                log.debug("collection %s created concurrently by another client", name)
                # Milvus Lite refuses the second create while the first is still being written
                # ("File exists") and only lists the collection once that one has finished.
                deadline = time.monotonic() + CONCURRENT_CREATE_WAIT_S
                while not client.has_collection(name) and time.monotonic() < deadline:
                    time.sleep(0.05)
        return self._prepare_existing(client, name)

    @traced("milvus", "ensure_collection")
    async def ensure_collection(self, dataset_id: int, dimension: int) -> None:
        """Create `kb_<dataset_id>` (indexes, loaded) on first use; idempotent, concurrency-safe."""
        if dimension <= 0:
            raise ValueError(f"vector dimension must be positive, got {dimension}")
        known = self._ready.get(dataset_id)
        if known is None:
            async with self._lock(dataset_id):
                known = self._ready.get(dataset_id)
                if known is None:
                    known = await asyncio.to_thread(self._ensure_sync, dataset_id, dimension)
                    self._ready[dataset_id] = known
        if known != dimension:
            raise ValueError(
                f"collection {collection_name(dataset_id)} has vector dimension {known}, "
                f"but dimension {dimension} was requested"
            )

    async def _ready_dim(self, dataset_id: int) -> int | None:
        """Dimension of a ready (indexed + loaded) collection, None when it does not exist."""
        known = self._ready.get(dataset_id)
        if known is not None:
            return known
        async with self._lock(dataset_id):
            known = self._ready.get(dataset_id)
            if known is not None:
                return known

            def prepare(client: MilvusClient) -> int | None:
                name = collection_name(dataset_id)
                if not client.has_collection(name):
                    return None
                try:
                    return self._prepare_existing(client, name)
                except MilvusException as err:
                    if not _is_missing(err):
                        raise
                    return None  # dropped between the check and the load (a dataset being deleted)

            known = await self._call(prepare)
            if known is not None:
                self._ready[dataset_id] = known
            return known

    async def ensure_index(self, dataset_id: int) -> None:
        """FullTextStore: the collection must exist already (ensure_collection knows the dimension)."""
        if await self._ready_dim(dataset_id) is None:
            raise CollectionMissingError(
                f"collection {collection_name(dataset_id)} does not exist: the Milvus BM25 store shares "
                "the vector collection, call ensure_collection(dataset_id, dimension) first"
            )

    @traced("milvus", "drop_dataset")
    async def drop_dataset(self, dataset_id: int) -> None:
        async with self._lock(dataset_id):
            self._ready.pop(dataset_id, None)
            await self._call(lambda c: c.drop_collection(collection_name(dataset_id)))

    @traced("milvus", "flush")
    async def flush(self, dataset_id: int) -> None:
        if await self._ready_dim(dataset_id) is not None:
            await self._on_collection(dataset_id, lambda c: c.flush(collection_name(dataset_id)), missing=None)

    # ------------------------------------------------------------------ writes

    @traced("milvus", "upsert")
    async def upsert(self, dataset_id: int, docs: Sequence[SliceDoc]) -> None:
        """Insert or replace slices by slice id. Every doc needs a vector of the collection's dimension."""
        if not docs:
            return
        dim = await self._ready_dim(dataset_id)
        if dim is None:
            raise CollectionMissingError(
                f"collection {collection_name(dataset_id)} does not exist: call ensure_collection first"
            )
        rows: list[dict[str, Any]] = []
        for doc in docs:
            if doc.vector is None:
                raise ValueError(f"slice {doc.slice_id} has no vector, but {collection_name(dataset_id)} needs one")
            if len(doc.vector) != dim:
                raise ValueError(
                    f"slice {doc.slice_id} has a vector of dimension {len(doc.vector)}, "
                    f"collection {collection_name(dataset_id)} has dimension {dim}"
                )
            rows.append(
                {
                    "id": int(doc.slice_id),
                    "document_id": int(doc.document_id),
                    "content": truncate_utf8(doc.content, MAX_VARCHAR_BYTES),
                    "bm25_text": analyzers.analyze(doc.content, max_bytes=MAX_VARCHAR_BYTES),
                    DENSE_FIELD: [float(x) for x in doc.vector],
                }
            )
        name = collection_name(dataset_id)
        for start in range(0, len(rows), self._upsert_batch):
            batch = rows[start : start + self._upsert_batch]
            written = await self._on_collection(dataset_id, lambda c, batch=batch: c.upsert(name, batch), missing=None)
            if written is None:
                raise CollectionMissingError(f"collection {name} was dropped while slices were written to it")

    @traced("milvus", "reanalyze_document")
    async def reanalyze_document(self, dataset_id: int, document_id: int) -> int:
        """Rewrite the analyzed text of a document's entities from their stored content with the
        current analyzer (same ids, vectors and content); the number of entities rewritten."""
        if await self._ready_dim(dataset_id) is None:
            return 0
        name = collection_name(dataset_id)

        def read(client: MilvusClient) -> list[dict[str, Any]]:
            return [row for batch in _pages(client, name, ["id", "document_id", "content", DENSE_FIELD],
                                            where=f"document_id == {int(document_id)}") for row in batch]

        rows = await self._on_collection(dataset_id, read, missing=[])
        for row in rows:
            row["bm25_text"] = analyzers.analyze(row["content"], max_bytes=MAX_VARCHAR_BYTES)
            row[DENSE_FIELD] = [float(x) for x in row[DENSE_FIELD]]
        for start in range(0, len(rows), self._upsert_batch):
            batch = [{k: r[k] for k in ("id", "document_id", "content", "bm25_text", DENSE_FIELD)}
                     for r in rows[start : start + self._upsert_batch]]
            await self._on_collection(dataset_id, lambda c, batch=batch: c.upsert(name, batch), missing=None)
        return len(rows)

    @traced("milvus", "delete_slices")
    async def delete_slices(self, dataset_id: int, slice_ids: Sequence[int]) -> None:
        if not slice_ids or await self._ready_dim(dataset_id) is None:
            return
        ids = [int(i) for i in slice_ids]
        await self._on_collection(dataset_id, lambda c: c.delete(collection_name(dataset_id), ids=ids), missing=None)

    @traced("milvus", "delete_documents")
    async def delete_documents(self, dataset_id: int, document_ids: Sequence[int]) -> None:
        if not document_ids or await self._ready_dim(dataset_id) is None:
            return
        expr = _doc_filter(document_ids)
        await self._on_collection(dataset_id, lambda c: c.delete(collection_name(dataset_id), filter=expr),
                                  missing=None)

    # ------------------------------------------------------------------ reads

    async def count(self, dataset_id: int, *, document_id: int | None = None) -> int:
        """Live entities (Strong consistency); 0 when the collection does not exist."""
        if await self._ready_dim(dataset_id) is None:
            return 0
        expr = "" if document_id is None else f"document_id == {int(document_id)}"
        rows = await self._on_collection(
            dataset_id,
            lambda c: c.query(
                collection_name(dataset_id), filter=expr, output_fields=["count(*)"], consistency_level="Strong"
            ),
            missing=[],
        )
        return int(rows[0]["count(*)"]) if rows else 0

    @traced("milvus", "search_dense")
    async def search_dense(
        self,
        dataset_id: int,
        vector: Sequence[float],
        top_k: int,
        *,
        document_ids: Sequence[int] | None = None,
        with_vectors: bool = False,
    ) -> list[SearchHit]:
        """Nearest slices by cosine similarity (score = cosine, higher is better); `with_vectors`:
        each hit carries its stored vector."""
        if top_k <= 0 or (document_ids is not None and not document_ids):
            return []
        dim = await self._ready_dim(dataset_id)
        if dim is None:
            return []
        if len(vector) != dim:
            raise ValueError(f"query vector has dimension {len(vector)}, collection has dimension {dim}")
        kind = SearchKind(dataset_id, DENSE_FIELD, "COSINE", top_k, _doc_filter(document_ids), ef=max(64, 2 * top_k),
                          with_vectors=with_vectors)
        return await self._search(kind, [float(x) for x in vector])

    @traced("milvus", "search_text")
    async def search_text(
        self,
        dataset_id: int,
        query: str,
        top_k: int,
        *,
        document_ids: Sequence[int] | None = None,
        analyzed: bool = False,
    ) -> list[SearchHit]:
        """BM25 over the analyzed text; score made positive (Milvus Lite returns it negated).
        `analyzed`: the query is already analyzer output (terms, repeated to weigh them), as
        pseudo-relevance feedback builds it; analyzing it again could re-stem a stem."""
        if top_k <= 0 or (document_ids is not None and not document_ids):
            return []
        text = " ".join(query.split()) if analyzed else analyzers.analyze(query)
        if not text or await self._ready_dim(dataset_id) is None:
            return []
        return await self._search(SearchKind(dataset_id, SPARSE_FIELD, "BM25", top_k, _doc_filter(document_ids)), text)

    @traced("milvus", "indexed_slices")
    async def indexed_slices(self, dataset_id: int, *, limit: int) -> list[IndexedSlice] | None:
        """Every entry's analyzed text (`bm25_text`, what the BM25 function indexed) and dense vector;
        None when the collection holds more than `limit` entries (read no further); [] when it does
        not exist."""
        if await self._ready_dim(dataset_id) is None:
            return []
        name = collection_name(dataset_id)

        def read(client: MilvusClient) -> list[IndexedSlice] | None:
            entries: list[IndexedSlice] = []
            for batch in _pages(client, name, ["id", "document_id", "bm25_text", DENSE_FIELD]):
                entries.extend(IndexedSlice(int(r["id"]), int(r["document_id"]), r["bm25_text"], r[DENSE_FIELD])
                               for r in batch)
                if len(entries) > limit:
                    return None
            return entries

        return await self._on_collection(dataset_id, read, missing=[])

    @traced("milvus", "slice_vectors")
    async def slice_vectors(self, dataset_id: int, slice_ids: Sequence[int]) -> dict[int, list[float]]:
        """The stored dense vectors of these slices (those still in the collection)."""
        if not slice_ids:
            return {}
        rows = await self._on_collection(
            dataset_id,
            lambda c: c.get(collection_name(dataset_id), ids=[int(i) for i in slice_ids], output_fields=[DENSE_FIELD]),
            missing=[],
        )
        return {int(r["id"]): [float(x) for x in r[DENSE_FIELD]] for r in rows}

    async def aclose(self) -> None:
        with self._client_lock:
            client, self._client, self._closed = self._client, None, True
        searcher, self._searcher = self._searcher, None
        if client is not None:
            await asyncio.to_thread(client.close)
        if searcher is not None and searcher.loop is asyncio.get_running_loop():
            await searcher.client.close()  # one of a loop that has ended went with its channel
