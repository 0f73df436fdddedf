"""A dataset's stored dense vectors, kept by slice id: what neighbour smoothing compares, without
the dense search returning them (Milvus Lite builds every returned vector element by element, and
the client decodes each one into Python floats: about half of a hybrid retrieve's own CPU)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from atelier_search.base import IndexedSlice


@dataclass(frozen=True)
class KeptVectors:
    rows: dict[int, int]  # slice id -> row of `matrix`
    matrix: np.ndarray  # float32, one stored vector per row, as stored (smoothing normalises)

    @classmethod
    def build(cls, entries: Sequence[IndexedSlice]) -> KeptVectors | None:
        """None when an entry has no vector or the dimensions differ (nothing to compare them with)."""
        if any(e.vector is None for e in entries) or len({len(e.vector) for e in entries}) > 1:  # type: ignore[arg-type]
            return None
        matrix = np.asarray([e.vector for e in entries], dtype=np.float32)
        return cls({e.slice_id: row for row, e in enumerate(entries)}, matrix)

    @property
    def dimension(self) -> int:
        return self.matrix.shape[1] if self.matrix.ndim == 2 else 0

    def of(self, slice_ids: Iterable[int]) -> dict[int, np.ndarray]:
        """The kept vectors of these slices (those kept)."""
        return {i: self.matrix[row] for i in slice_ids if (row := self.rows.get(i)) is not None}
