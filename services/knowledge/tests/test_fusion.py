"""Reciprocal Rank Fusion and the final cut, on lists small enough to check by hand."""

from __future__ import annotations

import pytest

from atelier_knowledge.domain.fusion import ChannelHit, cut, rrf, single_channel


def hits(*ids: int) -> list[ChannelHit]:
    return [ChannelHit(i, 1.0 / (n + 1)) for n, i in enumerate(ids)]


def test_rrf_orders_by_summed_reciprocal_ranks() -> None:
    # vector: A B C; fulltext: C A D (k=60)
    # A: 1/61 + 1/62 = 0.032522; C: 1/63 + 1/61 = 0.032266; B: 1/62; D: 1/63
    fused = rrf({"vector": hits(1, 2, 3), "fulltext": hits(3, 1, 4)})
    assert [f.slice_id for f in fused] == [1, 3, 2, 4]
    best = 2 / 61
    assert fused[0].score == pytest.approx((1 / 61 + 1 / 62) / best)
    assert fused[2].score == pytest.approx((1 / 62) / best)
    assert fused[0].channels == ["vector", "fulltext"]
    assert [(r.channel, r.rank) for r in fused[1].ranks] == [("vector", 3), ("fulltext", 1)]


def test_first_in_every_channel_scores_one_and_one_channel_at_most_half() -> None:
    fused = rrf({"vector": hits(7, 8), "fulltext": hits(7, 9)})
    assert fused[0].slice_id == 7 and fused[0].score == pytest.approx(1.0)
    assert all(f.score <= 0.5 for f in fused[1:])


def test_an_empty_channel_does_not_dilute_the_scores() -> None:
    fused = rrf({"vector": hits(5, 6), "fulltext": []})
    assert fused[0].score == pytest.approx(1.0)


def test_duplicates_in_a_channel_count_once_at_their_best_rank() -> None:
    fused = rrf({"vector": hits(1, 1, 2)})
    assert [(f.slice_id, f.ranks[0].rank) for f in fused] == [(1, 1), (2, 2)]


def test_single_channel_scores_cosine_as_is_and_bm25_relative_to_the_best() -> None:
    dense = single_channel("vector", [ChannelHit(1, 0.83), ChannelHit(2, 1.2), ChannelHit(3, -0.1)],
                           normalise_by_best=False)
    assert [f.score for f in dense] == [0.83, 1.0, 0.0]
    bm25 = single_channel("fulltext", [ChannelHit(1, 12.0), ChannelHit(2, 3.0)], normalise_by_best=True)
    assert [f.score for f in bm25] == [1.0, 0.25]


def test_cut_applies_min_score_then_top_k() -> None:
    fused = rrf({"vector": hits(1, 2, 3), "fulltext": hits(1, 2, 3)})
    assert [f.slice_id for f in cut(fused, min_score=0.0, top_k=2)] == [1, 2]
    assert [f.slice_id for f in cut(fused, min_score=0.99, top_k=10)] == [1]
