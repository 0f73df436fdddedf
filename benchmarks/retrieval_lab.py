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
from pathlib import Path

import numpy as np

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
    terms weighted by their count in the query."""

    def __init__(self, analyzed: Sequence[list[str]], k1: float = 1.2, b: float = 0.75) -> None:
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


def top(scores: np.ndarray, depth: int) -> list[tuple[int, float]]:
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
    record("ref rrf", {n: references.rrf(b, s) for n, (b, s) in enumerate(zip(bm25_ref, dense_ref), 1)})

    analyzed = [analyzers.tokenize(t) for t in texts]
    index = Bm25(analyzed)
    query_terms = [Counter(analyzers.tokenize(q)) for q in queries]
    dense_scores = query_vectors @ slice_vectors.T
    bm25_hits = [top(index.scores(qt), CHANNEL_DEPTH) for qt in query_terms]
    dense_hits = [top(dense_scores[n], CHANNEL_DEPTH) for n in range(len(queries))]
    record("service bm25", {n: to_docs(h, slice_doc) for n, h in enumerate(bm25_hits, 1)})
    record("service dense", {n: to_docs(h, slice_doc) for n, h in enumerate(dense_hits, 1)})
    record("service rrf", {n: to_docs(rrf_hits(b, d), slice_doc)
                           for n, (b, d) in enumerate(zip(bm25_hits, dense_hits), 1)})

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


def rm3_weights(index: Bm25, query: Counter[str], hits: Sequence[tuple[int, float]], *, docs: int = 10,
                terms: int = 10, original: float = 0.5, max_df: float = 0.1) -> dict[str, float]:
    relevance: Counter[str] = Counter()
    for i, score in hits[:docs]:
        length = sum(index.tf[i].values()) or 1
        for term, tf in index.tf[i].items():
            if index.df[term] / index.n > max_df:
                continue
            relevance[term] += score * tf / length
    expansion = dict(relevance.most_common(terms))
    total = sum(expansion.values()) or 1.0
    qtotal = sum(query.values()) or 1.0
    out = {t: original * c / qtotal for t, c in query.items()}
    for t, w in expansion.items():
        out[t] = out.get(t, 0.0) + (1 - original) * w / total
    return out


def variant(name: str) -> Callable[[Variant], Variant]:
    def register(fn: Variant) -> Variant:
        VARIANTS[name] = fn
        return fn
    return register


def _rm3_hits(index, query_terms, bm25_hits, **kw):
    return [top(index.scores(rm3_weights(index, q, h, **kw)), CHANNEL_DEPTH) for q, h in zip(query_terms, bm25_hits)]


for _d, _t, _o in ((10, 10, 0.5),):
    def _v(index, query_terms, bm25_hits, slice_doc, dense_hits, _d=_d, _t=_t, _o=_o, **_):
        hits = _rm3_hits(index, query_terms, bm25_hits, docs=_d, terms=_t, original=_o)
        return {n: to_docs(h, slice_doc) for n, h in enumerate(hits, 1)}
    def _h(index, query_terms, bm25_hits, slice_doc, dense_hits, _d=_d, _t=_t, _o=_o, **_):
        hits = _rm3_hits(index, query_terms, bm25_hits, docs=_d, terms=_t, original=_o)
        return {n: to_docs(rrf_hits(b, d), slice_doc) for n, (b, d) in enumerate(zip(hits, dense_hits), 1)}
    VARIANTS[f"rm3 {_d}d {_t}t {_o}"] = _v
    VARIANTS[f"rrf(rm3 {_d}d {_t}t {_o}, dense)"] = _h


def _minmax(hits):
    if not hits:
        return {}
    hi, lo = hits[0][1], hits[-1][1]
    return {i: (s - lo) / (hi - lo) if hi > lo else 1.0 for i, s in hits}


def _zscore(hits):
    if not hits:
        return {}
    v = np.array([s for _, s in hits])
    mu, sd = v.mean(), v.std() or 1.0
    return {i: (s - mu) / sd for i, s in hits}


def combine(a, b, norm, wa=0.5):
    na, nb = norm(a), norm(b)
    floor_a = min(na.values(), default=0.0)
    floor_b = min(nb.values(), default=0.0)
    keys = set(na) | set(nb)
    fused = {k: wa * na.get(k, floor_a) + (1 - wa) * nb.get(k, floor_b) for k in keys}
    return sorted(fused.items(), key=lambda kv: -kv[1])


for _norm_name, _norm in (("minmax", _minmax), ("zscore", _zscore)):
    for _rm3 in (False, True):
        def _c(index, query_terms, bm25_hits, slice_doc, dense_hits, _norm=_norm, _rm3=_rm3, **_):
            b_hits = _rm3_hits(index, query_terms, bm25_hits) if _rm3 else bm25_hits
            return {n: to_docs(combine(b, d, _norm), slice_doc) for n, (b, d) in enumerate(zip(b_hits, dense_hits), 1)}
        VARIANTS[f"{_norm_name}({'rm3' if _rm3 else 'bm25'}, dense)"] = _c


def _rocchio(query_vectors, slice_vectors, feedback, k, beta):
    out = []
    for n, hits in enumerate(feedback):
        ids = [i for i, _ in hits[:k]]
        q = query_vectors[n] + beta * slice_vectors[ids].mean(axis=0) if ids else query_vectors[n]
        q = q / np.linalg.norm(q)
        out.append(top(slice_vectors @ q, CHANNEL_DEPTH))
    return out


def _rm3_from(index, query_terms, feedback, uniform, **kw):
    out = []
    for q, h in zip(query_terms, feedback):
        fb = [(i, 1.0) for i, _ in h] if uniform else h
        out.append(top(index.scores(rm3_weights(index, q, fb, **kw)), CHANNEL_DEPTH))
    return out


def _hybrid_prf(k_dense, beta, uniform, terms=10, original=0.5, dense_prf=True, text_prf=True):
    def run(index, query_terms, bm25_hits, slice_doc, dense_hits, query_vectors, slice_vectors, **_):
        first = [rrf_hits(b, d) for b, d in zip(bm25_hits, dense_hits)]
        b2 = _rm3_from(index, query_terms, first, uniform, terms=terms, original=original) if text_prf else bm25_hits
        d2 = _rocchio(query_vectors, slice_vectors, first, k_dense, beta) if dense_prf else dense_hits
        return {n: to_docs(rrf_hits(b, d), slice_doc) for n, (b, d) in enumerate(zip(b2, d2), 1)}
    return run


def _dense_prf_only(k_dense, beta):
    def run(index, query_terms, bm25_hits, slice_doc, dense_hits, query_vectors, slice_vectors, **_):
        d2 = _rocchio(query_vectors, slice_vectors, dense_hits, k_dense, beta)
        return {n: to_docs(h, slice_doc) for n, h in enumerate(d2, 1)}
    return run


for _k in (3,):
    for _beta in (1.0,):
        VARIANTS[f"dense rocchio k{_k} b{_beta}"] = _dense_prf_only(_k, _beta)
        VARIANTS[f"hprf rocchio k{_k} b{_beta} + rm3 uni"] = _hybrid_prf(_k, _beta, True)
VARIANTS["hprf rm3 only uni"] = _hybrid_prf(5, 1.0, True, dense_prf=False)
VARIANTS["hprf rm3 only rrfw"] = _hybrid_prf(5, 1.0, False, dense_prf=False)
VARIANTS["hprf rocchio only k5 b1"] = _hybrid_prf(5, 1.0, True, text_prf=False)


def _doc_hits(hits, slice_doc):
    """A channel's slices -> its documents, each at its best slice's place (ids: a representative slice)."""
    seen = {}
    for i, s in hits:
        seen.setdefault(slice_doc[i], (i, s))
    return list(seen.values())


def _docrrf(k_dense=3, beta=1.0, prf=True, rm3_first_pass=False, k1=None):
    def run(index, query_terms, bm25_hits, slice_doc, dense_hits, query_vectors, slice_vectors, **_):
        if not prf:
            return {n: to_docs(rrf_hits(_doc_hits(b, slice_doc), _doc_hits(d, slice_doc)), slice_doc)
                    for n, (b, d) in enumerate(zip(bm25_hits, dense_hits), 1)}
        first = [rrf_hits(_doc_hits(b, slice_doc), _doc_hits(d, slice_doc)) for b, d in zip(bm25_hits, dense_hits)]
        b2 = _rm3_from(index, query_terms, first, True)
        d2 = _rocchio(query_vectors, slice_vectors, first, k_dense, beta)
        return {n: to_docs(rrf_hits(_doc_hits(b, slice_doc), _doc_hits(d, slice_doc)), slice_doc)
                for n, (b, d) in enumerate(zip(b2, d2), 1)}
    return run


VARIANTS["docrrf"] = _docrrf(prf=False)
VARIANTS["docrrf hprf k3 b1"] = _docrrf()


def _hprf4(k_dense=3, beta=1.0, terms=10, original=0.5, four=True):
    def run(index, query_terms, bm25_hits, slice_doc, dense_hits, query_vectors, slice_vectors, **_):
        first = [rrf_hits(b, d) for b, d in zip(bm25_hits, dense_hits)]
        b2 = _rm3_from(index, query_terms, first, True, terms=terms, original=original)
        d2 = _rocchio(query_vectors, slice_vectors, first, k_dense, beta)
        if four:
            return {n: to_docs(rrf_hits(b, d, b1, d1), slice_doc)
                    for n, (b, d, b1, d1) in enumerate(zip(b2, d2, bm25_hits, dense_hits), 1)}
        return {n: to_docs(rrf_hits(b, d), slice_doc) for n, (b, d) in enumerate(zip(b2, d2), 1)}
    return run


VARIANTS["hprf4 k3 b1"] = _hprf4()
VARIANTS["hprf k3 b1 t20"] = _hprf4(terms=20, four=False)
VARIANTS["hprf k3 b1 t10 o0.7"] = _hprf4(original=0.7, four=False)
VARIANTS["hprf k3 b0.75 "] = _hprf4(beta=0.75, four=False)
VARIANTS["hprf k2 b1 "] = _hprf4(k_dense=2, four=False)
VARIANTS["hprf k4 b1 "] = _hprf4(k_dense=4, four=False)


def _quantized(weights, resolution=50):
    out = {}
    for t, w in weights.items():
        r = round(w * resolution)
        if r:
            out[t] = r
    return out


def _hprf_final(max_df, quantize, original=0.7):
    def run(index, query_terms, bm25_hits, slice_doc, dense_hits, query_vectors, slice_vectors, **_):
        first = [rrf_hits(b, d) for b, d in zip(bm25_hits, dense_hits)]
        b2 = []
        for q, h in zip(query_terms, first):
            w = rm3_weights(index, q, [(i, 1.0) for i, _ in h], original=original, max_df=max_df)
            b2.append(top(index.scores(_quantized(w) if quantize else w), CHANNEL_DEPTH))
        d2 = _rocchio(query_vectors, slice_vectors, first, 3, 1.0)
        return {n: to_docs(rrf_hits(b, d), slice_doc) for n, (b, d) in enumerate(zip(b2, d2), 1)}
    return run


VARIANTS["final df0.1"] = _hprf_final(0.1, False)
VARIANTS["final nodf"] = _hprf_final(1.0, False)
VARIANTS["final nodf q50"] = _hprf_final(1.0, True)
VARIANTS["final df0.1 q50"] = _hprf_final(0.1, True)
VARIANTS["final nodf o0.5"] = _hprf_final(1.0, False, 0.5)


if __name__ == "__main__":
    main()
