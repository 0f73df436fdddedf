"""BM25 over one dataset's analyzed slice texts with the whole dataset's statistics (bm25s).

Milvus Lite keeps BM25 statistics (document frequencies, average length) per segment, so a term's
weight depends on how its compaction happened to cut the collection, and scores every posting in
Python. This index is built from the very terms the collection indexed (its `bm25_text`), scores
with numpy, and gives the scores Milvus gives on one segment: Lucene's idf, k1 and b as the
collection's BM25 function, times (k1 + 1) as Milvus multiplies (bm25s' Lucene variant leaves it
out), so its hits fuse with a Milvus search's on one scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import bm25s
import numpy as np

from atelier_knowledge.domain.fusion import ChannelHit
from atelier_search.base import IndexedSlice
from atelier_search.milvus import BM25_B, BM25_K1


@dataclass(frozen=True)
class Bm25Index:
    slice_ids: np.ndarray  # int64, one per indexed entry, in the retriever's order
    document_ids: np.ndarray  # int64, the entries' documents
    retriever: bm25s.BM25

    @classmethod
    def build(cls, entries: Sequence[IndexedSlice]) -> Bm25Index:
        retriever = bm25s.BM25(k1=BM25_K1, b=BM25_B, method="lucene")
        if entries:
            retriever.index([e.terms.split() for e in entries], show_progress=False)
        return cls(np.array([e.slice_id for e in entries], dtype=np.int64),
                   np.array([e.document_id for e in entries], dtype=np.int64), retriever)

    @property
    def size(self) -> int:
        return len(self.slice_ids)

    def search(self, terms: Sequence[str], depth: int, document_ids: Sequence[int] | None = None) -> list[ChannelHit]:
        """The `depth` best entries for these query terms (a repeated term weighs as many times),
        best first; entries outside `document_ids` (when given) and entries matching no term left out."""
        if not self.size or depth <= 0 or not terms:
            return []
        known = [t for t in terms if t in self.retriever.vocab_dict]
        if not known:
            return []
        mask = None
        if document_ids is not None:
            mask = np.isin(self.document_ids, np.asarray(document_ids, dtype=np.int64)).astype(np.float32)
        scores = self.retriever.get_scores(known, weight_mask=mask) * (BM25_K1 + 1.0)
        matched = np.flatnonzero(scores > 0)
        if len(matched) > depth:
            matched = matched[np.argpartition(-scores[matched], depth - 1)[:depth]]
        # Best first; equal scores in index order, as Milvus orders them.
        order = matched[np.lexsort((matched, -scores[matched]))]
        return [ChannelHit(int(self.slice_ids[i]), float(scores[i])) for i in order]
