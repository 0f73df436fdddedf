"""Types and protocols shared by the search stores (vector + full text)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class SliceDoc:
    slice_id: int
    document_id: int
    dataset_id: int
    content: str  # what is embedded and full-text indexed
    vector: Sequence[float] | None = None


@dataclass(frozen=True)
class SearchHit:
    slice_id: int
    document_id: int
    score: float  # higher is better, always
    rank: int  # 1-based within this search
    vector: Sequence[float] | None = None  # the stored vector, when the search was asked for it


@dataclass(frozen=True)
class IndexedSlice:
    """A slice as the store indexed it: the analyzer's terms, space separated, and its dense vector."""

    slice_id: int
    document_id: int
    terms: str
    vector: Sequence[float] | None = None


def collection_name(dataset_id: int) -> str:
    """Name of a dataset's Milvus collection / Elasticsearch index."""
    return f"kb_{int(dataset_id)}"


def truncate_utf8(text: str, max_bytes: int) -> str:
    """`text` cut to at most `max_bytes` UTF-8 bytes, never inside a multi-byte character."""
    encoded = text.encode("utf-8")
    if len(encoded) <= max_bytes:
        return text
    return encoded[:max_bytes].decode("utf-8", errors="ignore")


@runtime_checkable
class VectorStore(Protocol):
    async def ensure_collection(self, dataset_id: int, dimension: int) -> None: ...

    async def upsert(self, dataset_id: int, docs: Sequence[SliceDoc]) -> None: ...

    async def delete_slices(self, dataset_id: int, slice_ids: Sequence[int]) -> None: ...

    async def delete_documents(self, dataset_id: int, document_ids: Sequence[int]) -> None: ...

    async def drop_dataset(self, dataset_id: int) -> None: ...

    async def search_dense(
        self,
        dataset_id: int,
        vector: Sequence[float],
        top_k: int,
        *,
        document_ids: Sequence[int] | None = None,
        with_vectors: bool = False,
    ) -> list[SearchHit]: ...

    async def slice_vectors(self, dataset_id: int, slice_ids: Sequence[int]) -> dict[int, list[float]]: ...

    async def count(self, dataset_id: int, *, document_id: int | None = None) -> int: ...

    async def flush(self, dataset_id: int) -> None: ...

    async def aclose(self) -> None: ...


@runtime_checkable
class FullTextStore(Protocol):
    name: str  # "milvus-bm25" | "elasticsearch"

    async def ensure_index(self, dataset_id: int) -> None: ...

    async def upsert(self, dataset_id: int, docs: Sequence[SliceDoc]) -> None: ...

    async def delete_slices(self, dataset_id: int, slice_ids: Sequence[int]) -> None: ...

    async def delete_documents(self, dataset_id: int, document_ids: Sequence[int]) -> None: ...

    async def drop_dataset(self, dataset_id: int) -> None: ...

    async def search_text(
        self,
        dataset_id: int,
        query: str,
        top_k: int,
        *,
        document_ids: Sequence[int] | None = None,
        analyzed: bool = False,
    ) -> list[SearchHit]: ...

    async def count(self, dataset_id: int, *, document_id: int | None = None) -> int: ...

    async def aclose(self) -> None: ...


@runtime_checkable
class IndexedSliceSource(Protocol):
    """A store that can hand back every slice it indexed (Milvus: `bm25_text` and `dense`), so a
    process can keep a dataset's BM25 statistics and vectors itself."""

    async def indexed_slices(self, dataset_id: int, *, limit: int) -> list[IndexedSlice] | None: ...
