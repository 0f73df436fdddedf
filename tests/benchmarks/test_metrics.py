"""The benchmark's ranking metrics on examples small enough to compute by hand."""

from __future__ import annotations

import math

import pytest

from benchmarks.metrics import evaluate, mrr_at_k, ndcg_at_k, recall_at_k

GRADED = {10: 1, 20: 3, 30: 4}  # Cranfield grades: 1 best -> gain 4; 3 -> gain 2; 4 -> gain 1


def test_a_perfect_ranking_has_ndcg_one() -> None:
    assert ndcg_at_k([10, 20, 30, 99], GRADED) == pytest.approx(1.0)


def test_ndcg_of_a_known_permutation() -> None:
    dcg = 1 / math.log2(2) + 0 / math.log2(3) + 4 / math.log2(4)  # [30, 99, 10]
    idcg = 4 / math.log2(2) + 2 / math.log2(3) + 1 / math.log2(4)
    assert ndcg_at_k([30, 99, 10], GRADED) == pytest.approx(dcg / idcg)


def test_mrr_and_recall() -> None:
    assert mrr_at_k([99, 98, 20], GRADED) == pytest.approx(1 / 3)
    assert mrr_at_k([99, 98, 20], GRADED, k=2) == 0.0
    assert recall_at_k([30, 99, 10], GRADED) == pytest.approx(2 / 3)


def test_evaluate_averages_judged_queries_and_scores_missing_runs_zero() -> None:
    scores = evaluate({1: [10, 20, 30]}, {1: GRADED, 2: {5: 2}, 3: {}})
    assert scores["ndcg@10"] == pytest.approx(0.5) and scores["recall@100"] == pytest.approx(0.5)
    assert scores["mrr@10"] == pytest.approx(0.5)
