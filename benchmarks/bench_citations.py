"""`make bench-citations`: how well citations are inserted into answers that carry no marks.

No model: for each Cranfield query the top passages (bm25s) are what "the model was given"; the
answer is composed of sentences taken from the first few of them, written without marks. Each
answer goes through `atelier_agent.citations.cite` with the local all-MiniLM-L6-v2 embedder, and
the passages it cites for each sentence are compared with the passage the sentence was taken from
(or any given passage holding the same sentence): precision and recall over (sentence, passage)
pairs, goal both >= 0.9. A second figure adds one sentence to each answer from a passage that was
NOT given (same collection, so same subject): the share of those that got a citation anyway.
Prints one JSON line per figure on stdout (like the other benches); progress on stderr.
Options: --queries N, --given K (passages per answer), --used M (passages the answer draws on).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from atelier_agent.citations import Passage
from atelier_agent.citations.cite import place
from atelier_agent.citations.matching import MatchSettings, keywords
from atelier_agent.citations.sentences import split
from benchmarks import cranfield, references
from benchmarks.harness import log

LOCAL_MODEL = "all-MiniLM-L6-v2"
GOAL = 0.9


def emit(figure: str, value: float, unit: str, **extra: Any) -> None:
    print(json.dumps({"bench": "citations", "figure": figure, "value": round(value, 4), "unit": unit, **extra}),
          flush=True)


@dataclass(frozen=True)
class Case:
    passages: list[Passage]
    sentences: list[str]  # the answer, sentence by sentence
    truth: list[set[str]]  # for each sentence, the ids of the given passages holding it (empty: none)


def _citable(text: str) -> list[str]:
    """A passage's sentences an answer could take: whole ones, long enough to cite."""
    return [s.text for s in split(text) if len(keywords(s.text)) >= MatchSettings().min_keywords
            and s.text.endswith((".", "!", "?"))]


def cases(n_queries: int, given: int, used: int, *, distractor: bool, seed: int = 7) -> list[Case]:
    docs = [d for d in cranfield.documents() if d.content]
    by_id = {d.id: d for d in docs}
    queries = cranfield.queries()[:n_queries]
    ranked = references.bm25(docs, queries)
    rng = random.Random(seed)
    out = []
    for qi, run in enumerate(ranked):
        top = [by_id[i] for i in run[:given]]
        passages = [Passage(str(k), d.text, dataset_name="cranfield", document_id=d.id, document_name=f"cran-{d.id}",
                            slice_id=d.id) for k, d in enumerate(top, 1)]
        sentences, truth = [], []
        for p in passages[:used]:
            pool = _citable(p.text)
            for s in rng.sample(pool, min(2, len(pool))):
                sentences.append(s)
                truth.append({q.id for q in passages if s in q.text})
        if distractor:
            other = by_id[run[-1 - qi % 10]]  # far down this query's ranking: not given
            pool = [s for s in _citable(other.text) if not any(s in p.text for p in passages)]
            if pool:
                sentences.append(rng.choice(pool))
                truth.append(set())
        if sentences:
            out.append(Case(passages, sentences, truth))
    return out


async def score(all_cases: list[Case], embedder: Any) -> dict[str, float]:
    tp = fp = fn = 0
    unsupported = unsupported_cited = unaligned = 0
    latencies = []
    for case in all_cases:
        started = time.perf_counter()
        placements = await place(" ".join(case.sentences), case.passages, embedder)
        latencies.append(time.perf_counter() - started)
        cited_by = {p.sentence.text: set(p.passage_ids) for p in placements}
        for sentence, truth in zip(case.sentences, case.truth, strict=True):
            if sentence not in cited_by:  # split otherwise inside the answer: counted as not cited
                unaligned += 1
            predicted = cited_by.get(sentence, set())
            if not truth:
                unsupported += 1
                unsupported_cited += bool(predicted)
                continue
            tp += len(predicted & truth)
            fp += len(predicted - truth)
            fn += len(truth - predicted)
    return {"precision": tp / (tp + fp) if tp + fp else 0.0, "recall": tp / (tp + fn) if tp + fn else 0.0,
            "unsupported": unsupported, "unsupported_cited": unsupported_cited,
            "p50_ms": statistics.median(latencies) * 1000, "answers": len(all_cases), "unaligned": unaligned}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--queries", type=int, default=225)
    parser.add_argument("--given", type=int, default=5, help="passages given per answer (bm25s top K)")
    parser.add_argument("--used", type=int, default=3, help="passages the answer's sentences come from")
    args = parser.parse_args()

    from atelier_common.ai import create_embedder
    from atelier_common.settings import Settings

    embedder = create_embedder(Settings(embedding_provider="local", embedding_model=LOCAL_MODEL))
    try:
        log(f"composing answers for {args.queries} queries ({args.given} passages given, {args.used} used)")
        plain = cases(args.queries, args.given, args.used, distractor=False)
        mixed = cases(args.queries, args.given, args.used, distractor=True)
        await embedder.embed(["warm up"])
        got = await score(plain, embedder)
        log(f"{got['unaligned']} answer sentences were split differently inside the answer (count as uncited)")
        common = {"answers": got["answers"], "given": args.given, "used": args.used, "embedder": LOCAL_MODEL}
        emit("precision", got["precision"], "ratio", goal=GOAL, met=got["precision"] >= GOAL, **common)
        emit("recall", got["recall"], "ratio", goal=GOAL, met=got["recall"] >= GOAL, **common)
        emit("cite_p50", got["p50_ms"], "ms", **common)
        log("again, each answer with one sentence from a passage that was not given")
        noisy = await score(mixed, embedder)
        emit("precision_with_unsupported", noisy["precision"], "ratio", **common)
        emit("recall_with_unsupported", noisy["recall"], "ratio", **common)
        emit("unsupported_sentence_cited", noisy["unsupported_cited"] / max(1, noisy["unsupported"]), "ratio",
             sentences=noisy["unsupported"], **common)
    finally:
        await embedder.aclose()


if __name__ == "__main__":
    asyncio.run(main())
