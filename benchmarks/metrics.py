"""Ranking quality: nDCG@k, Recall@k and MRR@k over graded judgements.

Cranfield grades relevance 1 (best) to 4; the gain of a document is 5 - grade, so the best
documents count most. Only queries with at least one judged document are averaged."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence


def gain(grade: int) -> int:
    return 5 - grade


def ndcg_at_k(ranked: Sequence[int], graded: Mapping[int, int], k: int = 10) -> float:
    dcg = sum(gain(graded[d]) / math.log2(i + 2) for i, d in enumerate(ranked[:k]) if d in graded)
    ideal = sorted((gain(g) for g in graded.values()), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def recall_at_k(ranked: Sequence[int], graded: Mapping[int, int], k: int = 100) -> float:
    return len(set(ranked[:k]) & set(graded)) / len(graded) if graded else 0.0


def mrr_at_k(ranked: Sequence[int], graded: Mapping[int, int], k: int = 10) -> float:
    return next((1.0 / (i + 1) for i, d in enumerate(ranked[:k]) if d in graded), 0.0)


def evaluate(runs: Mapping[int, Sequence[int]], qrels: Mapping[int, Mapping[int, int]]) -> dict[str, float]:
    """Mean nDCG@10, Recall@100 and MRR@10 over the judged queries (a query with no run scores 0)."""
    judged = [q for q, graded in qrels.items() if graded]
    if not judged:
        return {"ndcg@10": 0.0, "recall@100": 0.0, "mrr@10": 0.0}
    n = len(judged)
    return {
        "ndcg@10": sum(ndcg_at_k(runs.get(q, []), qrels[q]) for q in judged) / n,
        "recall@100": sum(recall_at_k(runs.get(q, []), qrels[q]) for q in judged) / n,
        "mrr@10": sum(mrr_at_k(runs.get(q, []), qrels[q]) for q in judged) / n,
    }
