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


def test_runs_are_written_one_json_line_per_query(tmp_path) -> None:  # noqa: ANN001
    import json

    from benchmarks.runs import run_lines, write_runs

    lines = run_lines("semantic", {1: [10, 99], 2: [7]}, ["first", "second", "third"], {1: GRADED, 3: {5: 2}},
                      scores={1: [0.9, 0.5], 2: [0.4]})
    lines += run_lines("bm25s", {1: [99]}, ["first"], {1: GRADED})
    write_runs(tmp_path / "runs" / "out.jsonl", lines)
    read = [json.loads(line) for line in (tmp_path / "runs" / "out.jsonl").read_text().splitlines()]
    assert [(r["run"], r["query"]) for r in read] == [("semantic", 1), ("semantic", 2), ("semantic", 3), ("bm25s", 1)]
    first = read[0]
    assert first["docs"] == [10, 99] and first["scores"] == [0.9, 0.5] and first["text"] == "first"
    assert first["ndcg@10"] == pytest.approx(ndcg_at_k([10, 99], GRADED), abs=1e-4)
    assert first["relevant"] == {"10": 1, "20": 3, "30": 4}
    assert read[1]["ndcg@10"] is None and read[2]["docs"] == [] and read[3]["scores"] is None
