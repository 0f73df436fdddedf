"""A dataset's stored dense vectors, kept by slice id: what neighbour smoothing compares, and an
exact dense search over them.

Why keep them: Milvus Lite builds every returned vector element by element and the client decodes
each into Python floats (about half of a hybrid retrieve's own CPU when the dense search returned
them for smoothing); and a dense search of a kept dataset costs a matrix-vector product here
(~0.06 ms per 1,000 MiniLM slices) against ~2-3 ms of CPU for a request to Milvus Lite (its
server, the client's encoding and decoding), with exact cosines instead of HNSW's approximation.
Rows are unit length: cosine is a dot product, the score Milvus' COSINE metric gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from atelier_knowledge.domain.fusion import ChannelHit
from atelier_search.base import IndexedSlice


@dataclass(frozen=True)
class KeptVectors:
    rows: dict[int, int]  # slice id -> row of `unit`
    slice_ids: np.ndarray  # int64, the slice of each row
    document_ids: np.ndarray  # int64, the document of each row
    unit: np.ndarray  # float32, each stored vector scaled to unit length (zero vectors stay zero)

    @classmethod
    def build(cls, entries: Sequence[IndexedSlice]) -> KeptVectors | None:
        """None when an entry has no vector or the dimensions differ (nothing to compare them with)."""
        if any(e.vector is None for e in entries) or len({len(e.vector) for e in entries}) > 1:  # type: ignore[arg-type]
            return None
        unit = np.asarray([e.vector for e in entries], dtype=np.float32)
        if unit.ndim == 2:
            norms = np.linalg.norm(unit, axis=1, keepdims=True)
            unit /= np.where(norms > 0, norms, 1.0)
        return cls({e.slice_id: row for row, e in enumerate(entries)},
                   np.array([e.slice_id for e in entries], dtype=np.int64),
                   np.array([e.document_id for e in entries], dtype=np.int64), unit)

    @property
    def size(self) -> int:
        return len(self.slice_ids)

    def of(self, slice_ids: Iterable[int]) -> dict[int, np.ndarray]:
        """The kept (unit) vectors of these slices (those kept)."""
        return {i: self.unit[row] for i in slice_ids if (row := self.rows.get(i)) is not None}

    def search(self, query: Sequence[float], depth: int, document_ids: Sequence[int] | None = None, *,
               with_vectors: bool = False) -> list[ChannelHit]:
        """The `depth` slices of highest cosine similarity to `query`, best first (equal scores in row
        order); slices outside `document_ids` (when given) left out. Empty for a query of another
        dimension or of zero length. `with_vectors`: each hit carries its (unit) vector."""
        q = np.asarray(query, dtype=np.float32)
        norm = float(np.linalg.norm(q))
        if not self.size or depth <= 0 or q.shape != (self.unit.shape[1],) or norm == 0.0:
            return []
        scores = self.unit @ (q / norm)
        candidates = np.arange(self.size)
        if document_ids is not None:
            candidates = np.flatnonzero(np.isin(self.document_ids, np.asarray(document_ids, dtype=np.int64)))
        if len(candidates) > depth:
            candidates = candidates[np.argpartition(-scores[candidates], depth - 1)[:depth]]
        order = candidates[np.lexsort((candidates, -scores[candidates]))]
        return [ChannelHit(int(self.slice_ids[i]), float(scores[i]), self.unit[i] if with_vectors else None)
                for i in order]
