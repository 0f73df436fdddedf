"""Neighbour smoothing of fused scores (domain.neighbours), on candidates small enough to check by hand."""

from __future__ import annotations

import pytest

from atelier_knowledge.domain.fusion import ChannelRank, Fused
from atelier_knowledge.domain.neighbours import NeighbourSettings, smooth

ONE = NeighbourSettings(neighbours=1, weight=1.0)


def fused(*scores: float) -> list[Fused]:
    return [Fused(n + 1, score, [ChannelRank("vector", n + 1, score)]) for n, score in enumerate(scores)]


def test_a_passage_like_the_best_ones_overtakes_a_lone_word_match() -> None:
    # 1 and 2 are about one subject, 4 too (a little differently), 3 about another: the channels
    # put 3 above 4, but 4's nearest passage is the first.
    candidates = fused(0.9, 0.8, 0.5, 0.45)
    vectors = {1: [1.0, 0.0, 0.0], 2: [0.95, 0.05, 0.0], 3: [0.0, 0.0, 1.0], 4: [1.0, -0.05, 0.0]}
    out = smooth(candidates, vectors, ONE)
    assert [f.slice_id for f in out][2:] == [4, 3]
    by_id = {f.slice_id: f.score for f in out}
    assert by_id[4] == pytest.approx((0.45 + 0.9) / 2)  # its one neighbour: 1, the closest
    assert by_id[3] == pytest.approx(0.5 / 2)  # no neighbour alike (similarity <= 0 counts as none)
    assert out[2].ranks == candidates[3].ranks  # what the channels said is kept


def test_neighbours_are_weighted_by_their_similarity() -> None:
    candidates = fused(0.2, 1.0, 0.6)
    vectors = {1: [1.0, 0.0], 2: [0.6, 0.8], 3: [0.8, 0.6]}  # 1 to 2: 0.6, 1 to 3: 0.8
    out = {f.slice_id: f.score for f in smooth(candidates, vectors, NeighbourSettings(neighbours=2, weight=1.0))}
    assert out[1] == pytest.approx((0.2 + (0.6 * 1.0 + 0.8 * 0.6) / (0.6 + 0.8)) / 2)


def test_the_weight_sets_how_much_the_neighbours_count() -> None:
    candidates = fused(1.0, 0.2)
    vectors = {1: [1.0, 0.0], 2: [1.0, 0.0]}
    out = {f.slice_id: f.score for f in smooth(candidates, vectors, NeighbourSettings(neighbours=1, weight=3.0))}
    assert out == pytest.approx({1: (1.0 + 3 * 0.2) / 4, 2: (0.2 + 3 * 1.0) / 4})


def test_scores_stay_between_zero_and_one_and_one_needs_neighbours_at_one() -> None:
    out = smooth(fused(1.0, 1.0, 0.3), {1: [1.0, 0.0], 2: [1.0, 0.01], 3: [0.0, 1.0]}, ONE)
    assert [f.score for f in out][:2] == pytest.approx([1.0, 1.0])
    assert all(0.0 <= f.score <= 1.0 for f in out)


def test_a_candidate_without_a_vector_keeps_its_score_and_is_nobodys_neighbour() -> None:
    candidates = fused(0.9, 0.6, 0.3)
    out = {f.slice_id: f.score for f in smooth(candidates, {2: [1.0, 0.0], 3: [1.0, 0.0]}, ONE)}
    assert out[1] == pytest.approx(0.9 / 2)
    assert out[2] == pytest.approx((0.6 + 0.3) / 2)  # 3 is its only neighbour, not 1


def test_nothing_changes_when_off_or_when_there_is_nothing_to_compare() -> None:
    candidates = fused(0.9, 0.2)
    vectors = {1: [1.0, 0.0], 2: [1.0, 0.0]}
    assert smooth(candidates, vectors, NeighbourSettings(neighbours=0)) == candidates
    assert smooth(candidates, {1: [1.0, 0.0]}, ONE) == candidates  # one vector: no neighbours
    assert smooth(candidates, {1: [1.0, 0.0], 2: [1.0, 0.0, 0.0]}, ONE) == candidates  # different models
    assert smooth([], {}, ONE) == []


def test_ties_keep_the_fused_order() -> None:
    candidates = fused(0.5, 0.5, 0.5)
    vectors = {1: [1.0, 0.0], 2: [1.0, 0.0], 3: [1.0, 0.0]}
    assert [f.slice_id for f in smooth(candidates, vectors, ONE)] == [1, 2, 3]
