"""The reference rankings the retrieval benchmark compares against, computed with the libraries
directly in the same run: bm25s (stemming, English stopwords), sentence-transformers cosine, and
the RRF of the two."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from benchmarks import cranfield

DEPTH = 100


def bm25(docs: Sequence[cranfield.CranDoc], queries: Sequence[str]) -> list[list[int]]:
    import bm25s
    import Stemmer

    stemmer = Stemmer.Stemmer("english")
    retriever = bm25s.BM25()
    retriever.index(bm25s.tokenize([d.content for d in docs], stopwords="en", stemmer=stemmer, show_progress=False),
                    show_progress=False)
    tokens = bm25s.tokenize(list(queries), stopwords="en", stemmer=stemmer, show_progress=False)
    found, _ = retriever.retrieve(tokens, k=min(DEPTH, len(docs)), show_progress=False)
    return [[docs[int(i)].id for i in row] for row in found]


def dense(doc_vectors: np.ndarray, query_vectors: np.ndarray, docs: Sequence[cranfield.CranDoc]) -> list[list[int]]:
    """Cosine on normalised vectors: a dot product."""
    scores = query_vectors @ doc_vectors.T
    order = np.argsort(-scores, axis=1)[:, :DEPTH]
    return [[docs[int(i)].id for i in row] for row in order]


def rrf(*runs: Sequence[int], k: int = 60) -> list[int]:
    fused: dict[int, float] = {}
    for run in runs:
        for rank, doc in enumerate(run, start=1):
            fused[doc] = fused.get(doc, 0.0) + 1.0 / (k + rank)
    return sorted(fused, key=lambda d: -fused[d])[:DEPTH]
