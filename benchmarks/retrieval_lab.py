"""Offline retrieval lab: the service's channels reproduced in-process on Cranfield, to compare
ranking ideas in seconds without the stack (`make bench-retrieval` is the real measurement).

Documents are chunked by the indexer's own chunker for the local MiniLM (as the service slices
them), analyzed by `atelier_search.analyzers`, scored with Milvus' BM25 (same formula and
parameters) and embedded once with the local model (cached under /tmp/atelier-retrieval-lab).
Documents are ranked by their best slice, as `make bench-retrieval` ranks the service's answers.
Prints nDCG@10, Recall@100 and MRR@10 per variant and the ratio to the reference RRF.

    .venv/bin/python -m benchmarks.retrieval_lab [--milvus]   # --milvus: check the BM25 against Milvus Lite
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from atelier_knowledge.domain import feedback
from benchmarks import cranfield, references
from benchmarks.metrics import evaluate

CACHE = Path(os.environ.get("ATELIER_LAB_CACHE", "/tmp/atelier-retrieval-lab"))
MODEL = "all-MiniLM-L6-v2"
DEPTH = 100  # what the benchmark asks for (top_k 100)
CHANNEL_DEPTH = 200  # Strategy.depth at top_k 100


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ------------------------------------------------------------------ the collection, as the service slices it

def chunk_all(docs: Sequence[cranfield.CranDoc]) -> list[tuple[int, str]]:
    """(Cranfield id, slice text) for every slice the indexer would make with the default strategy."""
    from atelier_common.settings import Settings
    from atelier_indexer.chunking import chunk_document, chunk_sizing, rules_from_strategy
    from atelier_indexer.parsing import parse_document

    sizing = chunk_sizing(f"local:{MODEL}", Settings(embedding_provider="local", embedding_model=MODEL))
    rules = rules_from_strategy(None, sizing.limit)
    out: list[tuple[int, str]] = []
    for doc in docs:
        for chunk in chunk_document(parse_document(doc.content.encode(), "txt"), rules, sizing.counter):
            out.append((doc.id, chunk.content))
    return out


async def _embed(texts: list[str]) -> np.ndarray:
    from atelier_common.ai import create_embedder
    from atelier_common.settings import Settings

    embedder = create_embedder(Settings(embedding_provider="local", embedding_model=MODEL))
    try:
        return np.asarray(await embedder.embed(texts), dtype=np.float32)
    finally:
        await embedder.aclose()


def cached_vectors(name: str, texts: list[str]) -> np.ndarray:
    path = CACHE / f"{name}-{len(texts)}.npy"
    if path.exists():
        return np.load(path)
    log(f"embedding {len(texts)} {name}...")
    vectors = asyncio.run(_embed(texts))
    CACHE.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors


# ------------------------------------------------------------------ BM25 as Milvus scores it

class Bm25:
    """Milvus' BM25 (sparse inverted index, metric BM25): idf = log(1 + (N - df + 0.5) / (df + 0.5)),
    term score = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl)), summed over the query's
    terms weighted by their count in the query. k1 1.5, b 0.75: what Milvus Lite's scores match
    (atelier_search.milvus.BM25_K1), as bm25s' defaults."""

    def __init__(self, analyzed: Sequence[list[str]], k1: float = 1.5, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tf = [Counter(tokens) for tokens in analyzed]
        self.length = np.array([len(t) for t in analyzed], dtype=np.float64)
        self.avgdl = float(self.length.mean()) or 1.0
        self.df: Counter[str] = Counter()
        self.postings: dict[str, list[int]] = {}
        for i, tf in enumerate(self.tf):
            for term in tf:
                self.df[term] += 1
                self.postings.setdefault(term, []).append(i)
        self.n = len(analyzed)

    def idf(self, term: str) -> float:
        df = self.df.get(term, 0)
        return math.log(1 + (self.n - df + 0.5) / (df + 0.5))

    def scores(self, weights: Mapping[str, float]) -> np.ndarray:
        out = np.zeros(self.n)
        for term, weight in weights.items():
            idf = self.idf(term)
            for i in self.postings.get(term, ()):
                tf = self.tf[i][term]
                norm = self.k1 * (1 - self.b + self.b * self.length[i] / self.avgdl)
                out[i] += weight * idf * tf * (self.k1 + 1) / (tf + norm)
        return out


Hits = list[tuple[int, float]]  # (slice index, score), best first


def top(scores: np.ndarray, depth: int) -> Hits:
    order = np.argsort(-scores, kind="stable")[:depth]
    return [(int(i), float(scores[i])) for i in order if scores[i] > 0]


# ------------------------------------------------------------------ evaluation helpers

def to_docs(hits: Sequence[tuple[int, float]], slice_doc: Sequence[int], depth: int = DEPTH) -> list[int]:
    """Documents by their best slice (hits best first), as the benchmark ranks the service's slices."""
    seen: dict[int, None] = {}
    for i, _ in hits[:depth]:
        seen.setdefault(slice_doc[i], None)
    return list(seen)


def rrf_hits(*lists: Sequence[tuple[int, float]], k: int = 60, weights: Sequence[float] | None = None
             ) -> list[tuple[int, float]]:
    fused: dict[int, float] = {}
    for n, hits in enumerate(lists):
        w = 1.0 if weights is None else weights[n]
        for rank, (i, _) in enumerate(hits, start=1):
            fused[i] = fused.get(i, 0.0) + w / (k + rank)
    return sorted(fused.items(), key=lambda kv: -kv[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--milvus", action="store_true", help="check the lab's BM25 against Milvus Lite")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from atelier_search import analyzers

    docs = [d for d in cranfield.documents() if d.content]
    queries = cranfield.queries()
    qrels = cranfield.relevance()
    CACHE.mkdir(parents=True, exist_ok=True)
    chunk_path = CACHE / "chunks.json"
    if chunk_path.exists():
        chunks = [tuple(c) for c in json.loads(chunk_path.read_text())]
    else:
        chunks = chunk_all(docs)
        chunk_path.write_text(json.dumps(chunks))
    slice_doc = [c[0] for c in chunks]
    texts = [c[1] for c in chunks]
    log(f"{len(docs)} documents, {len(chunks)} slices, {len(queries)} queries")
    slice_vectors = cached_vectors("slices", texts)
    query_vectors = cached_vectors("queries", queries)
    doc_vectors = cached_vectors("docs", [d.content for d in docs])

    results: dict[str, dict[str, float]] = {}

    def record(name: str, runs: dict[int, list[int]]) -> None:
        results[name] = evaluate(runs, qrels)

    bm25_ref = references.bm25(docs, queries)
    dense_ref = references.dense(doc_vectors, query_vectors, docs)
    record("ref bm25s", dict(enumerate(bm25_ref, 1)))
    record("ref minilm", dict(enumerate(dense_ref, 1)))
    record("ref rrf", {n: references.rrf(b, s) for n, (b, s) in enumerate(zip(bm25_ref, dense_ref, strict=True), 1)})

    analyzed = [analyzers.tokenize(t) for t in texts]
    index = Bm25(analyzed)
    query_terms = [Counter(analyzers.tokenize(q)) for q in queries]
    dense_scores = query_vectors @ slice_vectors.T
    bm25_hits = [top(index.scores(qt), CHANNEL_DEPTH) for qt in query_terms]
    dense_hits = [top(dense_scores[n], CHANNEL_DEPTH) for n in range(len(queries))]
    record("service bm25", {n: to_docs(h, slice_doc) for n, h in enumerate(bm25_hits, 1)})
    record("service dense", {n: to_docs(h, slice_doc) for n, h in enumerate(dense_hits, 1)})
    record("service rrf", {n: to_docs(rrf_hits(b, d), slice_doc)
                           for n, (b, d) in enumerate(zip(bm25_hits, dense_hits, strict=True), 1)})

    if args.milvus:
        check_milvus(texts, slice_vectors, query_terms, queries, bm25_hits)

    for name, fn in VARIANTS.items():
        record(name, fn(index=index, query_terms=query_terms, queries=queries, bm25_hits=bm25_hits,
                        dense_hits=dense_hits, dense_scores=dense_scores, slice_doc=slice_doc, analyzed=analyzed,
                        query_vectors=query_vectors, slice_vectors=slice_vectors))

    ref = results["ref rrf"]["ndcg@10"]
    for name, scores in results.items():
        print(f"{name:34s} ndcg@10 {scores['ndcg@10']:.4f} ({scores['ndcg@10'] / ref:.3f}x)  "
              f"recall@100 {scores['recall@100']:.4f}  mrr@10 {scores['mrr@10']:.4f}")


def check_milvus(texts: list[str], vectors: np.ndarray, query_terms: list[Counter[str]], queries: list[str],
                 lab_hits: list[list[tuple[int, float]]]) -> None:
    """The same slices in a Milvus Lite collection through the real store: how often its BM25 top 10
    equals the lab's."""
    import tempfile

    from atelier_search.base import SliceDoc
    from atelier_search.milvus import MilvusStore

    async def run() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            store = MilvusStore(uri=f"{tmp}/lab.db")
            await store.ensure_collection(1, vectors.shape[1])
            await store.upsert(1, [SliceDoc(slice_id=i + 1, document_id=1, dataset_id=1, content=t, vector=vectors[i].tolist())
                                   for i, t in enumerate(texts)])
            await store.ensure_index(1)
            await store.flush(1)
            same = 0
            diffs = []
            for n, q in enumerate(queries):
                hits = await store.search_text(1, q, 10)
                got = [h.slice_id - 1 for h in hits]
                want = [i for i, _ in lab_hits[n][:10]]
                same += got == want
                if got != want and len(diffs) < 3:
                    diffs.append((q, [(h.slice_id - 1, round(h.score, 3)) for h in hits[:5]],
                                  [(i, round(s, 3)) for i, s in lab_hits[n][:5]]))
            log(f"milvus vs lab BM25: identical top 10 for {same}/{len(queries)} queries")
            for d in diffs:
                log(f"  {d}")
            await store.aclose()

    asyncio.run(run())


Variant = Callable[..., dict[int, list[int]]]
VARIANTS: dict[str, Variant] = {}


def with_feedback(settings: feedback.FeedbackSettings, *, text: bool = True, dense: bool = True,
                  fuse: bool = True) -> Variant:
    """The service's feedback pass (atelier_knowledge.domain.feedback, the same weighted query
    text Milvus gets): feedback from the first pass's fusion (or the one channel searched)."""
    def run(index: Bm25, query_terms: list[Counter[str]], bm25_hits: list[Hits], dense_hits: list[Hits],
            slice_doc: list[int], query_vectors: np.ndarray, slice_vectors: np.ndarray, **_: object
            ) -> dict[int, list[int]]:
        runs: dict[int, list[int]] = {}
        for n, (terms, b, d) in enumerate(zip(query_terms, bm25_hits, dense_hits, strict=True)):
            first = rrf_hits(b, d) if text and dense else (b if text else d)
            lists = []
            if text:
                passages = [list(index.tf[i].elements()) for i, _ in first[: settings.passages]]
                weights = feedback.rm3(list(terms.elements()), passages, terms=settings.terms,
                                       original_weight=settings.original_weight)
                query = Counter(feedback.weighted_text(weights, resolution=settings.resolution).split())
                lists.append(top(index.scores(query), CHANNEL_DEPTH))
            if dense:
                moved = feedback.rocchio(query_vectors[n], [slice_vectors[i] for i, _ in first[: settings.dense_passages]],
                                         beta=settings.dense_beta)
                lists.append(top(slice_vectors @ np.asarray(moved, dtype=np.float32), CHANNEL_DEPTH))
            runs[n + 1] = to_docs(rrf_hits(*lists) if len(lists) > 1 else lists[0], slice_doc)
        return runs
    return run


def normalised_sum(norm: Callable[[Hits], dict[int, float]]) -> Variant:
    """Score-aware fusion: the mean of each channel's normalised scores (a slice a channel did not
    return gets that channel's lowest)."""
    def run(bm25_hits: list[Hits], dense_hits: list[Hits], slice_doc: list[int], **_: object) -> dict[int, list[int]]:
        runs = {}
        for n, (b, d) in enumerate(zip(bm25_hits, dense_hits, strict=True), 1):
            nb, nd = norm(b), norm(d)
            low_b, low_d = min(nb.values(), default=0.0), min(nd.values(), default=0.0)
            fused = {i: (nb.get(i, low_b) + nd.get(i, low_d)) / 2 for i in set(nb) | set(nd)}
            runs[n] = to_docs(sorted(fused.items(), key=lambda kv: -kv[1]), slice_doc)
        return runs
    return run


def minmax(hits: Hits) -> dict[int, float]:
    hi, lo = (hits[0][1], hits[-1][1]) if hits else (0.0, 0.0)
    return {i: (s - lo) / (hi - lo) if hi > lo else 1.0 for i, s in hits}


def zscore(hits: Hits) -> dict[int, float]:
    values = np.array([s for _, s in hits]) if hits else np.zeros(1)
    sd = float(values.std()) or 1.0
    return {i: (s - float(values.mean())) / sd for i, s in hits}


def document_rrf(bm25_hits: list[Hits], dense_hits: list[Hits], slice_doc: list[int], **_: object
                 ) -> dict[int, list[int]]:
    """Passage-to-document aggregation before fusion: each channel ranks documents by their best
    slice, then the documents are fused (a document's evidence is not split over its slices)."""
    def docs_of(hits: Hits) -> Hits:
        best: dict[int, float] = {}
        for i, score in hits:
            best.setdefault(slice_doc[i], score)
        return list(best.items())

    return {n: [doc for doc, _ in rrf_hits(docs_of(b), docs_of(d))][:DEPTH]
            for n, (b, d) in enumerate(zip(bm25_hits, dense_hits, strict=True), 1)}


def complete_rrf(index: Bm25, query_terms: list[Counter[str]], bm25_hits: list[Hits], dense_hits: list[Hits],
                 dense_scores: np.ndarray, slice_doc: list[int], **_: object) -> dict[int, list[int]]:
    """RRF over complete rankings: every candidate either channel found gets the other channel's
    score too (what a service would fetch with a filtered search), so no candidate misses a rank."""
    runs = {}
    for n, (terms, b, d) in enumerate(zip(query_terms, bm25_hits, dense_hits, strict=True)):
        candidates = sorted({i for i, _ in b} | {i for i, _ in d})
        bm25 = index.scores(terms)
        lists = [sorted(((i, float(scores[i])) for i in candidates), key=lambda h: -h[1])
                 for scores in (bm25, dense_scores[n])]
        runs[n + 1] = to_docs(rrf_hits(*lists), slice_doc)
    return runs


def with_bigrams(weight: float) -> Variant:
    """Hybrid whose full-text channel adds a second BM25 field of adjacent-term pairs (a sequential
    dependence model's ordered pairs) at `weight`."""
    def run(index: Bm25, analyzed: list[list[str]], dense_hits: list[Hits], slice_doc: list[int],
            queries: list[str], **_: object) -> dict[int, list[int]]:
        from atelier_search import analyzers

        def pairs(tokens: list[str]) -> list[str]:
            return [f"{a}_{b}" for a, b in zip(tokens, tokens[1:], strict=False)]

        pair_index = Bm25([pairs(t) for t in analyzed])
        runs = {}
        for n, (query, d) in enumerate(zip(queries, dense_hits, strict=True)):
            tokens = analyzers.tokenize(query)
            scores = index.scores(Counter(tokens)) + weight * pair_index.scores(Counter(pairs(tokens)))
            runs[n + 1] = to_docs(rrf_hits(top(scores, CHANNEL_DEPTH), d), slice_doc)
        return runs
    return run


DEFAULTS = feedback.FeedbackSettings()
VARIANTS["documents: RRF of per-document ranks"] = document_rrf
VARIANTS["fusion: RRF over complete rankings"] = complete_rrf
VARIANTS["full text: + term-pair field (0.2)"] = with_bigrams(0.2)
VARIANTS["fusion: minmax mean"] = normalised_sum(minmax)
VARIANTS["fusion: z-score mean"] = normalised_sum(zscore)
VARIANTS["feedback: full text (RM3)"] = with_feedback(DEFAULTS, dense=False)
VARIANTS["feedback: dense (Rocchio)"] = with_feedback(DEFAULTS, text=False)
VARIANTS["feedback: hybrid (shipped defaults)"] = with_feedback(DEFAULTS)
for label, changed in (("original weight 0.5", {"original_weight": 0.5}), ("20 terms", {"terms": 20}),
                       ("5 dense passages", {"dense_passages": 5}), ("10 dense passages", {"dense_passages": 10}),
                       ("dense beta 0.5", {"dense_beta": 0.5})):
    VARIANTS[f"feedback: hybrid, {label}"] = with_feedback(replace(DEFAULTS, **changed))

if __name__ == "__main__":
    main()
