"""Offline retrieval lab: the service's channels reproduced in-process on Cranfield, to compare
ranking ideas in seconds without the stack (`make bench-retrieval` is the real measurement).

Documents are chunked by the indexer's own chunker for the local MiniLM (as the service slices
them), analyzed by `atelier_search.analyzers`, scored with Milvus' BM25 (same formula and
parameters) and embedded once with the local model (cached under /tmp/atelier-retrieval-lab).
Documents are ranked by their best slice, as `make bench-retrieval` ranks the service's answers.
Prints nDCG@10, Recall@100 and MRR@10 per variant and the ratio to the reference RRF, overall and
on the odd and even query numbers apart (a setting worth shipping wins on both halves). Variants
are functions or `Recipe`s (BM25 parameters and variants, stop words, fusion, document ranking,
feedback sources and settings).

    .venv/bin/python -m benchmarks.retrieval_lab [--milvus] [--flushes 1,7,35] [--only NAME,...]
    # --milvus: check the BM25 against Milvus Lite; --flushes: Milvus Lite's full text after writing
    # the slices in that many flushes; --only: the variants whose name contains one
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import math
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from atelier_knowledge.domain import feedback, neighbours
from atelier_knowledge.domain.fusion import Fused
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
    (atelier_search.milvus.BM25_K1), as bm25s' defaults. `variant` "bm25+" / "bm25l" (Lv & Zhai
    2011, lower-bounded term frequency, `delta`) only exist here: Milvus scores plain BM25.
    Scored as one sparse matrix of term weights (slices x terms) times the query's weights."""

    def __init__(self, analyzed: Sequence[list[str]], k1: float = 1.5, b: float = 0.75, *,
                 variant: str = "bm25", delta: float = 0.0) -> None:
        from scipy import sparse

        self.k1, self.b = k1, b
        self.tf = [Counter(tokens) for tokens in analyzed]
        self.n = len(analyzed)
        self.vocabulary: dict[str, int] = {}
        rows: list[int] = []
        cols: list[int] = []
        counts: list[float] = []
        for i, tf in enumerate(self.tf):
            for term, count in tf.items():
                rows.append(i)
                cols.append(self.vocabulary.setdefault(term, len(self.vocabulary)))
                counts.append(count)
        row, col, tf_ = np.array(rows), np.array(cols, dtype=np.int64), np.array(counts, dtype=np.float64)
        length = np.array([len(t) for t in analyzed], dtype=np.float64)
        avgdl = float(length.mean()) or 1.0
        df = np.bincount(col, minlength=len(self.vocabulary)).astype(np.float64)
        self._idf = np.log(1 + (self.n - df + 0.5) / (df + 0.5))
        norm = 1 - b + b * length[row] / avgdl
        if variant == "bm25":
            weight = tf_ * (k1 + 1) / (tf_ + k1 * norm)
        elif variant == "bm25+":
            weight = tf_ * (k1 + 1) / (tf_ + k1 * norm) + delta
        elif variant == "bm25l":
            c = tf_ / norm
            weight = (k1 + 1) * (c + delta) / (k1 + c + delta)
        else:
            raise ValueError(variant)
        self.matrix = sparse.csr_matrix((weight * self._idf[col], (row, col)), shape=(self.n, len(self.vocabulary)))

    def idf(self, term: str) -> float:
        j = self.vocabulary.get(term)
        return float(self._idf[j]) if j is not None else math.log(1 + (self.n + 0.5) / 0.5)

    def scores(self, weights: Mapping[str, float]) -> np.ndarray:
        query = np.zeros(len(self.vocabulary))
        for term, weight in weights.items():
            j = self.vocabulary.get(term)
            if j is not None:
                query[j] += weight
        return self.matrix @ query


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


def halves(qrels: Mapping[int, Mapping[int, int]]) -> dict[str, dict[int, Mapping[int, int]]]:
    """All queries, and the odd and even query numbers apart: a setting must win on both halves."""
    return {"all": dict(qrels), "odd": {q: g for q, g in qrels.items() if q % 2},
            "even": {q: g for q, g in qrels.items() if not q % 2}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--milvus", action="store_true", help="check the lab's BM25 against Milvus Lite")
    parser.add_argument("--only", default="", help="only the variants whose name contains one of these (comma-separated)")
    parser.add_argument("--flushes", default="", help="Milvus Lite's full text after writing the slices in these many "
                                                      "flushes (comma-separated, e.g. 1,7,35)")
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
    splits = halves(qrels)

    results: dict[str, dict[str, dict[str, float]]] = {}

    def record(name: str, runs: dict[int, list[int]]) -> None:
        results[name] = {half: evaluate({q: r for q, r in runs.items() if q in judged}, judged)
                         for half, judged in splits.items()}

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
    if args.flushes:
        milvus_flushes(texts, slice_vectors, slice_doc, queries, qrels, [int(c) for c in args.flushes.split(",")])

    lab = Lab(texts=texts, slice_doc=slice_doc, queries=queries, analyzed=analyzed, query_vectors=query_vectors,
              slice_vectors=slice_vectors, dense_hits=dense_hits)
    wanted = [w for w in args.only.split(",") if w]
    for name, fn in VARIANTS.items():
        if wanted and not any(w in name for w in wanted):
            continue
        started = time.perf_counter()
        if isinstance(fn, Recipe):
            record(name, lab.run(fn))
        else:
            record(name, fn(index=index, query_terms=query_terms, queries=queries, bm25_hits=bm25_hits,
                            dense_hits=dense_hits, dense_scores=dense_scores, slice_doc=slice_doc, analyzed=analyzed,
                            query_vectors=query_vectors, slice_vectors=slice_vectors))
        log(f"  {name}: {time.perf_counter() - started:.1f} s")

    ref = results["ref rrf"]
    print(f"{'variant':44s} {'nDCG@10 all':>18s} {'odd half':>9s} {'even half':>9s} {'R@100':>7s} {'MRR@10':>7s}")
    for name, by_half in results.items():
        scores = by_half["all"]
        print(f"{name:44s} {scores['ndcg@10']:.4f} ({scores['ndcg@10'] / ref['all']['ndcg@10']:.3f}x) "
              f"{by_half['odd']['ndcg@10'] / ref['odd']['ndcg@10']:8.3f}x "
              f"{by_half['even']['ndcg@10'] / ref['even']['ndcg@10']:8.3f}x "
              f"{scores['recall@100']:7.4f} {scores['mrr@10']:7.4f}")


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


def milvus_flushes(texts: list[str], vectors: np.ndarray, slice_doc: list[int], queries: list[str],
                   qrels: Mapping[int, Mapping[int, int]], counts: Sequence[int]) -> None:
    """Milvus Lite's full text after the same slices were written in `count` flushes (as the indexer's
    flusher writes what arrives every 2 s): Lite scores BM25 per segment, and how its compaction
    merged the flushed files decides the segments."""
    import tempfile

    from atelier_search.base import SliceDoc
    from atelier_search.milvus import MilvusStore

    docs = [SliceDoc(slice_id=i + 1, document_id=slice_doc[i], dataset_id=1, content=t, vector=vectors[i].tolist())
            for i, t in enumerate(texts)]

    async def run() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            store = MilvusStore(uri=f"{tmp}/lab.db")
            for dataset, count in enumerate(counts, start=1):
                await store.ensure_collection(dataset, vectors.shape[1])
                await store.ensure_index(dataset)
                bounds = np.linspace(0, len(docs), count + 1).astype(int)
                for start, end in zip(bounds[:-1], bounds[1:], strict=True):
                    await store.upsert(dataset, docs[start:end])
                    await store.flush(dataset)
                runs = {}
                for n, query in enumerate(queries, 1):
                    runs[n] = to_docs([(h.slice_id - 1, h.score) for h in await store.search_text(dataset, query, DEPTH)],
                                      slice_doc)
                log(f"milvus full text written in {count} flushes: nDCG@10 {evaluate(runs, qrels)['ndcg@10']:.4f}")
            await store.aclose()

    asyncio.run(run())


# ------------------------------------------------------------------ recipes: one hybrid pipeline, its knobs named

@functools.cache
def stop_words(name: str) -> frozenset[str]:
    """glasgow: the Glasgow IR group's English stop list (van Rijsbergen's, 318 words, as
    scikit-learn ships it); nltk: NLTK's English list (179 words: Snowball's, with contractions),
    bm25s' "en_plus"."""
    if name == "glasgow":
        from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

        return frozenset(ENGLISH_STOP_WORDS)
    from bm25s.stopwords import STOPWORDS_EN_PLUS

    return frozenset(STOPWORDS_EN_PLUS)


@dataclass(frozen=True)
class Recipe:
    """A retrieval pipeline: BM25 (parameters, variant, stop words) and dense channels, their
    fusion, optional pseudo-relevance feedback, documents ranked from the fused slices."""

    channels: tuple[str, ...] = ("text", "dense")
    k1: float = 1.5
    b: float = 0.75
    variant: str = "bm25"
    delta: float = 0.0
    query_stop: bool = False  # the Glasgow stop list on the query's words (the index keeps Lucene's)
    index_stop: bool = False  # ... and on the slices' words too
    fusion: str = "rrf"  # rrf | tmm (convex sum of theoretical-min-max scores) | combmnz | combsum
    rrf_k: int = 60
    feedback: feedback.FeedbackSettings | None = None
    feedback_source: str = "fused"  # fused: both channels learn from the first fusion; own: each from its list
    keep_first: bool = False  # fuse the first pass's lists with the second's
    rm3_weighted: bool = False  # RM3 passages weighted by their first-pass fused score (not uniform)
    documents: str = "max"  # max: a document at its best slice; sum: its slices' fused scores summed
    dense_doc: float = 0.0  # weight of a document-level dense score (mean of its slices' vectors)
    expansion_stop: bool = False  # RM3 never picks a (stemmed) stop word as an expansion term
    stop_list: str = "glasgow"  # the list query_stop, index_stop, rm3_stop and expansion_stop use
    rm3_stop: bool = False  # feedback only: RM3's query model and its passages analyzed with the stop list
    #                         (the first pass keeps the index's analysis)
    distinct_documents: bool = False  # feedback passages: one (the best) per document
    neighbours: neighbours.NeighbourSettings | None = None  # the service's neighbour smoothing, after fusion
    depth: int = CHANNEL_DEPTH  # candidates per channel (the service's Strategy.depth: 50 at top_k 10)


@functools.cache
def stemmed_stop_words(name: str) -> frozenset[str]:
    from atelier_search import analyzers

    return frozenset(analyzers.stem(w) for w in stop_words(name))


def _analyze(text: str, stop: frozenset[str] | None) -> list[str]:
    from atelier_search import analyzers

    if stop is None:
        return analyzers.tokenize(text)
    return analyzers.tokenize(" ".join(w for w in re.findall(r"\w+", text.lower()) if w not in stop))


@dataclass
class Lab:
    texts: list[str]
    slice_doc: list[int]
    queries: list[str]
    analyzed: list[list[str]]
    query_vectors: np.ndarray
    slice_vectors: np.ndarray
    dense_hits: list[Hits]
    _indexes: dict[tuple, Bm25] = field(default_factory=dict)
    _analyzed_stop: list[list[str]] | None = None
    _doc_vectors: dict[int, np.ndarray] | None = None

    def analyzed_slices(self, recipe: Recipe) -> list[list[str]]:
        if not recipe.index_stop:
            return self.analyzed
        if self._analyzed_stop is None:
            self._analyzed_stop = [_analyze(t, stop_words(recipe.stop_list)) for t in self.texts]
        return self._analyzed_stop

    def index(self, recipe: Recipe) -> Bm25:
        key = (recipe.k1, recipe.b, recipe.variant, recipe.delta, recipe.index_stop)
        if key not in self._indexes:
            self._indexes[key] = Bm25(self.analyzed_slices(recipe), recipe.k1, recipe.b, variant=recipe.variant,
                                      delta=recipe.delta)
        return self._indexes[key]

    def fuse(self, recipe: Recipe, lists: Sequence[tuple[str, Hits]]) -> Hits:
        if len(lists) == 1:
            return list(lists[0][1])
        if recipe.fusion == "rrf":
            return rrf_hits(*(h for _, h in lists), k=recipe.rrf_k)
        fused: dict[int, float] = {}
        found: Counter[int] = Counter()
        for kind, hits in lists:
            if not hits:
                continue
            best = hits[0][1]
            if recipe.fusion == "tmm":  # Bruch et al. 2023: BM25 from 0, cosine from -1, up to the best
                low = 0.0 if kind == "text" else -1.0
            else:
                low = hits[-1][1]
            for i, score in hits:
                fused[i] = fused.get(i, 0.0) + ((score - low) / (best - low) if best > low else 1.0)
                found[i] += 1
        if recipe.fusion == "combmnz":
            fused = {i: s * found[i] for i, s in fused.items()}
        return sorted(fused.items(), key=lambda kv: -kv[1])

    def to_documents(self, recipe: Recipe, hits: Hits, n: int) -> list[int]:
        if recipe.documents == "max" and not recipe.dense_doc:
            return to_docs(hits, self.slice_doc)
        scores: dict[int, float] = {}
        for i, score in hits[:DEPTH]:
            doc = self.slice_doc[i]
            if recipe.documents == "sum":
                scores[doc] = scores.get(doc, 0.0) + score
            else:
                scores.setdefault(doc, score)
        if recipe.dense_doc:
            best = max(scores.values())
            for doc in scores:
                scores[doc] = scores[doc] / best + recipe.dense_doc * self.doc_cosine(n, doc)
        return sorted(scores, key=lambda d: -scores[d])

    def doc_cosine(self, n: int, doc: int) -> float:
        if self._doc_vectors is None:
            by_doc: dict[int, list[int]] = {}
            for i, d in enumerate(self.slice_doc):
                by_doc.setdefault(d, []).append(i)
            mean = {d: self.slice_vectors[ids].mean(axis=0) for d, ids in by_doc.items()}
            self._doc_vectors = {d: v / (np.linalg.norm(v) or 1.0) for d, v in mean.items()}
        return float(self.query_vectors[n] @ self._doc_vectors[doc])

    def run(self, recipe: Recipe) -> dict[int, list[int]]:
        index = self.index(recipe)
        stop = stop_words(recipe.stop_list) if recipe.query_stop or recipe.index_stop else None
        runs: dict[int, list[int]] = {}
        for n, query in enumerate(self.queries):
            terms = _analyze(query, stop)
            lists: list[tuple[str, Hits]] = []
            if "text" in recipe.channels:
                lists.append(("text", top(index.scores(Counter(terms)), recipe.depth)))
            if "dense" in recipe.channels:
                lists.append(("dense", self.dense_hits[n][: recipe.depth]))
            fused = self.fuse(recipe, lists)
            dense = dict(lists).get("dense", [])
            if recipe.feedback is not None:
                second = self.second_pass(recipe, index, n, terms, dict(lists), fused)
                fused = self.fuse(recipe, second + (lists if recipe.keep_first else []))
                dense = dict(second).get("dense", dense)
            if recipe.neighbours is not None:
                fused = smoothed(fused, dense, self.slice_vectors, recipe.neighbours)
            runs[n + 1] = self.to_documents(recipe, fused, n)
        return runs

    def feedback_passages(self, recipe: Recipe, source: Hits, count: int) -> Hits:
        if not recipe.distinct_documents:
            return source[:count]
        seen: set[int] = set()
        out: Hits = []
        for i, score in source:
            if self.slice_doc[i] not in seen:
                seen.add(self.slice_doc[i])
                out.append((i, score))
                if len(out) == count:
                    break
        return out

    def second_pass(self, recipe: Recipe, index: Bm25, n: int, terms: list[str], lists: dict[str, Hits],
                    fused: Hits) -> list[tuple[str, Hits]]:
        settings = recipe.feedback
        assert settings is not None
        out: list[tuple[str, Hits]] = []
        for kind, hits in lists.items():
            source = fused if recipe.feedback_source == "fused" else hits
            if kind == "text":
                chosen = self.feedback_passages(recipe, source, settings.passages)
                passages = [self.analyzed_slices(recipe)[i] for i, _ in chosen]
                if recipe.expansion_stop:
                    stemmed = stemmed_stop_words(recipe.stop_list)
                    passages = [[t for t in tokens if t not in stemmed] for tokens in passages]
                if recipe.rm3_stop:
                    stop = stop_words(recipe.stop_list)
                    passages = [_analyze(self.texts[i], stop) for i, _ in chosen]
                    terms = _analyze(self.queries[n], stop) or terms
                if recipe.rm3_weighted:
                    weights = rm3_weighted(terms, passages, [s for _, s in chosen], terms=settings.terms,
                                           original_weight=settings.original_weight)
                else:
                    weights = feedback.rm3(terms, passages, terms=settings.terms,
                                           original_weight=settings.original_weight)
                query = Counter(feedback.weighted_text(weights, resolution=settings.resolution).split())
                out.append(("text", top(index.scores(query), recipe.depth)))
            else:
                moved = feedback.rocchio(self.query_vectors[n],
                                         [self.slice_vectors[i] for i, _ in
                                          self.feedback_passages(recipe, source, settings.dense_passages)],
                                         beta=settings.dense_beta)
                out.append(("dense", top(self.slice_vectors @ np.asarray(moved, dtype=np.float32), recipe.depth)))
        return out


def smoothed(fused: Hits, dense: Hits, slice_vectors: np.ndarray, settings: neighbours.NeighbourSettings) -> Hits:
    """The service's neighbour smoothing: the dense channel's hits bring their vectors."""
    out = neighbours.smooth([Fused(i, score) for i, score in fused], {i: slice_vectors[i] for i, _ in dense}, settings)
    return [(f.slice_id, f.score) for f in out]


def rm3_weighted(query: Sequence[str], passages: Sequence[Sequence[str]], scores: Sequence[float], *, terms: int,
                 original_weight: float) -> dict[str, float]:
    """RM3 as Lavrenko's relevance model weighs it: each passage's term distribution by its
    first-pass score (normalised to sum 1), instead of uniformly."""
    total = sum(scores) or 1.0
    relevance: Counter[str] = Counter()
    for tokens, score in zip(passages, scores, strict=True):
        if tokens:
            counts = Counter(tokens)
            for term, c in counts.items():
                relevance[term] += score / total * c / len(tokens)
    expansion = dict(sorted(relevance.items(), key=lambda kv: (-kv[1], kv[0]))[:terms])
    norm = sum(expansion.values())
    original = Counter(query)
    weights = {t: original_weight * c / len(query) for t, c in original.items()} if query else {}
    for term, p in expansion.items():
        weights[term] = weights.get(term, 0.0) + (1 - original_weight) * p / norm
    return weights


Variant = Callable[..., dict[int, list[int]]]
VARIANTS: dict[str, Variant | Recipe] = {}


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
ANSERINI = {"k1": 0.9, "b": 0.4}  # Anserini's BM25 defaults
ROBERTSON = {"k1": 1.2, "b": 0.75}  # Robertson's / Lucene's / Milvus' own defaults
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

# This round: BM25 parameters and variants, query analysis, fusion, documents, feedback sources.
VARIANTS["recipe: hybrid (= service rrf)"] = Recipe()
VARIANTS["full text: k1 0.9 b 0.4 (Anserini)"] = Recipe(channels=("text",), **ANSERINI)
VARIANTS["full text: k1 1.2 b 0.75 (Robertson)"] = Recipe(channels=("text",), **ROBERTSON)
VARIANTS["full text: BM25+ delta 1"] = Recipe(channels=("text",), variant="bm25+", delta=1.0)
VARIANTS["full text: BM25L delta 0.5"] = Recipe(channels=("text",), variant="bm25l", delta=0.5)
VARIANTS["full text: query stop words (Glasgow)"] = Recipe(channels=("text",), query_stop=True)
VARIANTS["full text: index+query stop words (Glasgow)"] = Recipe(channels=("text",), index_stop=True)
VARIANTS["hybrid: k1 0.9 b 0.4 (Anserini)"] = Recipe(**ANSERINI)
VARIANTS["hybrid: k1 1.2 b 0.75 (Robertson)"] = Recipe(**ROBERTSON)
VARIANTS["hybrid: BM25+ delta 1"] = Recipe(variant="bm25+", delta=1.0)
VARIANTS["hybrid: BM25L delta 0.5"] = Recipe(variant="bm25l", delta=0.5)
VARIANTS["hybrid: query stop words (Glasgow)"] = Recipe(query_stop=True)
VARIANTS["hybrid: index+query stop words (Glasgow)"] = Recipe(index_stop=True)
VARIANTS["fusion: RRF k 10"] = Recipe(rrf_k=10)
VARIANTS["fusion: RRF k 30"] = Recipe(rrf_k=30)
VARIANTS["fusion: RRF k 100"] = Recipe(rrf_k=100)
VARIANTS["fusion: convex theoretical min-max (TM2C2 0.5)"] = Recipe(fusion="tmm")
VARIANTS["fusion: CombMNZ (min-max)"] = Recipe(fusion="combmnz")
VARIANTS["fusion: CombSUM (min-max)"] = Recipe(fusion="combsum")
VARIANTS["documents: sum of slices' fused scores"] = Recipe(documents="sum")
VARIANTS["documents: + document cosine (mean of slices) 0.5"] = Recipe(dense_doc=0.5)
VARIANTS["feedback: recipe shipped (= shipped defaults)"] = Recipe(feedback=DEFAULTS)
VARIANTS["feedback: each channel from its own list"] = Recipe(feedback=DEFAULTS, feedback_source="own")
VARIANTS["feedback: + first pass fused in"] = Recipe(feedback=DEFAULTS, keep_first=True)
VARIANTS["feedback: RM3 passages by fused score"] = Recipe(feedback=DEFAULTS, rm3_weighted=True)
VARIANTS["feedback: Anserini RM3 (10/10/0.5)"] = Recipe(feedback=replace(DEFAULTS, original_weight=0.5))
VARIANTS["feedback: k1 0.9 b 0.4"] = Recipe(feedback=DEFAULTS, **ANSERINI)
VARIANTS["feedback: k1 1.2 b 0.75"] = Recipe(feedback=DEFAULTS, **ROBERTSON)
VARIANTS["feedback: query stop words"] = Recipe(feedback=DEFAULTS, query_stop=True)
VARIANTS["feedback: distinct documents"] = Recipe(feedback=DEFAULTS, distinct_documents=True)
for resolution in (100, 200):
    VARIANTS[f"feedback: resolution {resolution} (shipped)"] = Recipe(feedback=replace(DEFAULTS, resolution=resolution))
    VARIANTS[f"feedback: resolution {resolution}, q+e stop (glasgow)"] = Recipe(
        feedback=replace(DEFAULTS, resolution=resolution), query_stop=True, expansion_stop=True)
VARIANTS["feedback: expansion without stop words"] = Recipe(feedback=DEFAULTS, expansion_stop=True)
VARIANTS["feedback: query+expansion stop words"] = Recipe(feedback=DEFAULTS, query_stop=True, expansion_stop=True)
NLTK = {"stop_list": "nltk"}
VARIANTS["full text: query stop words (NLTK)"] = Recipe(channels=("text",), query_stop=True, **NLTK)
VARIANTS["hybrid: query stop words (NLTK)"] = Recipe(query_stop=True, **NLTK)
VARIANTS["feedback: query stop words (NLTK)"] = Recipe(feedback=DEFAULTS, query_stop=True, **NLTK)
VARIANTS["feedback: expansion stop words (NLTK)"] = Recipe(feedback=DEFAULTS, expansion_stop=True, **NLTK)
BOTH = {"query_stop": True, "expansion_stop": True}
VARIANTS["feedback: query+expansion stop words (NLTK)"] = Recipe(feedback=DEFAULTS, **BOTH, **NLTK)
for label, changed in (("original weight 0.5", {"original_weight": 0.5}), ("20 terms", {"terms": 20}),
                       ("5 dense passages", {"dense_passages": 5}), ("dense beta 0.5", {"dense_beta": 0.5})):
    for stop in ("glasgow", "nltk"):
        VARIANTS[f"feedback: q+e stop ({stop}), {label}"] = Recipe(feedback=replace(DEFAULTS, **changed), **BOTH,
                                                                   stop_list=stop)
for stop in ("glasgow", "nltk"):
    VARIANTS[f"feedback: RM3-only stop words ({stop})"] = Recipe(feedback=DEFAULTS, rm3_stop=True, stop_list=stop)
    VARIANTS[f"feedback: RM3-only stop ({stop}), 5 dense passages"] = Recipe(
        feedback=replace(DEFAULTS, dense_passages=5), rm3_stop=True, stop_list=stop)
    VARIANTS[f"feedback: RM3-only stop ({stop}), resolution 200"] = Recipe(
        feedback=replace(DEFAULTS, resolution=200), rm3_stop=True, stop_list=stop)
    VARIANTS[f"feedback: RM3-only stop ({stop}), distinct documents"] = Recipe(
        feedback=DEFAULTS, rm3_stop=True, stop_list=stop, distinct_documents=True)
    VARIANTS[f"feedback: q+e stop ({stop}), RM3 by fused score"] = Recipe(feedback=DEFAULTS, **BOTH, stop_list=stop,
                                                                        rm3_weighted=True)
    VARIANTS[f"feedback: q+e stop ({stop}), first pass fused in"] = Recipe(feedback=DEFAULTS, **BOTH, stop_list=stop,
                                                                        keep_first=True)

# Neighbour smoothing (cluster hypothesis, Diaz 2005's score regularisation): shipped on for hybrid
# at 3 neighbours, weight 1; its neighbours in the parameters, at the benchmark's depth (top_k 100:
# 200 per channel) and at the service's usual one (top_k 10: 50), with and without feedback.
SHIPPED = neighbours.NeighbourSettings()
for depth in (CHANNEL_DEPTH, 50):
    at = f"depth {depth}"
    VARIANTS[f"neighbours: off, {at}"] = Recipe(depth=depth)
    for k, weight in ((3, 1.0), (5, 1.0), (10, 1.0), (3, 0.5), (5, 0.5), (3, 2.0)):
        VARIANTS[f"neighbours: {k}, weight {weight:g}, {at}"] = Recipe(
            depth=depth, neighbours=neighbours.NeighbourSettings(k, weight))
    VARIANTS[f"neighbours: feedback off->on, {at}"] = Recipe(depth=depth, feedback=DEFAULTS)
    VARIANTS[f"neighbours: 3, weight 1 + feedback, {at}"] = Recipe(depth=depth, feedback=DEFAULTS, neighbours=SHIPPED)


def per_segment(segments: int, *, smooth: bool) -> Variant:
    """Milvus Lite's BM25 as it scores a collection cut into `segments` consecutive segments, each
    with its own statistics (document count, frequencies, average length); hybrid, with or
    without neighbour smoothing."""
    def run(analyzed: list[list[str]], query_terms: list[Counter[str]], dense_hits: list[Hits],
            slice_doc: list[int], slice_vectors: np.ndarray, **_: object) -> dict[int, list[int]]:
        bounds = np.linspace(0, len(analyzed), segments + 1).astype(int)
        indexes = [Bm25(analyzed[a:b]) for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
        runs = {}
        for n, (terms, dense) in enumerate(zip(query_terms, dense_hits, strict=True), 1):
            text = top(np.concatenate([index.scores(terms) for index in indexes]), CHANNEL_DEPTH)
            fused = rrf_hits(text, dense)
            runs[n] = to_docs(smoothed(fused, dense, slice_vectors, SHIPPED) if smooth else fused, slice_doc)
        return runs
    return run


for count in (1, 2, 4, 8, 16):
    VARIANTS[f"neighbours: BM25 in {count} segments"] = per_segment(count, smooth=False)
    VARIANTS[f"neighbours: BM25 in {count} segments, smoothed"] = per_segment(count, smooth=True)

if __name__ == "__main__":
    main()
