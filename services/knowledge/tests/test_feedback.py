"""Pseudo-relevance feedback (domain.feedback) on distributions small enough to check by hand."""

from __future__ import annotations

import math

import pytest

from atelier_knowledge.domain.feedback import FeedbackSettings, rm3, rocchio, weighted_text


def test_rm3_interpolates_the_query_with_the_feedback_terms() -> None:
    # query: wing 2/3, flow 1/3. Feedback P(t|R), averaged over two passages:
    # shock (2/3 + 1/2) / 2 = 7/12, wing (1/3) / 2 = 1/6, body (1/2) / 2 = 1/4.
    weights = rm3(["wing", "flow", "wing"], [["wing", "shock", "shock"], ["body", "shock"]], terms=2,
                  original_weight=0.7)
    expansion = 7 / 12 + 1 / 4  # the two best feedback terms: shock, body (wing is third)
    assert weights == pytest.approx({
        "wing": 0.7 * 2 / 3,
        "flow": 0.7 * 1 / 3,
        "shock": 0.3 * (7 / 12) / expansion,
        "body": 0.3 * (1 / 4) / expansion,
    })
    assert sum(weights.values()) == pytest.approx(1.0)


def test_rm3_adds_weight_to_a_query_term_the_feedback_also_favours() -> None:
    weights = rm3(["nozzle"], [["nozzle", "jet"], ["nozzle"]], terms=1, original_weight=0.5)
    assert weights == pytest.approx({"nozzle": 1.0})
    weights = rm3(["nozzle"], [["nozzle", "jet"], ["nozzle"]], terms=2, original_weight=0.5)
    # P(t|R): nozzle 3/4, jet 1/4
    assert weights == pytest.approx({"nozzle": 0.5 + 0.5 * 3 / 4, "jet": 0.5 * 1 / 4})


def test_rm3_without_usable_feedback_keeps_the_query() -> None:
    assert rm3(["wing", "wing", "flow"], [], terms=10, original_weight=0.7) == pytest.approx(
        {"wing": 2 / 3, "flow": 1 / 3})
    assert rm3(["wing"], [[], []], terms=10, original_weight=0.7) == pytest.approx({"wing": 1.0})
    assert rm3([], [["wing"]], terms=10, original_weight=0.7) == {}


def test_rm3_ties_break_alphabetically_so_the_expansion_is_stable() -> None:
    weights = rm3(["q"], [["b", "a", "c"]], terms=2, original_weight=0.5)
    assert set(weights) == {"q", "a", "b"}


def test_weighted_text_repeats_terms_in_proportion() -> None:
    text = weighted_text({"wing": 0.5, "flow": 0.3, "shock": 0.19, "body": 0.009}, resolution=10)
    assert text.split() == ["wing"] * 5 + ["flow"] * 3 + ["shock"] * 2  # body: under half an occurrence
    assert weighted_text({"wing": 0.001}, resolution=10) == "wing"  # the best term always stays
    assert weighted_text({}, resolution=10) == ""


def test_rocchio_moves_the_query_towards_the_feedback_mean() -> None:
    moved = rocchio([1.0, 0.0, 0.0], [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], beta=1.0)
    # (1, 0, 0) + (0, 0.5, 0.5) = (1, 0.5, 0.5), normalised
    norm = math.sqrt(1.5)
    assert moved == pytest.approx([1 / norm, 0.5 / norm, 0.5 / norm])
    assert math.hypot(*moved) == pytest.approx(1.0)


def test_rocchio_without_feedback_is_the_unit_query_and_dimensions_must_agree() -> None:
    assert rocchio([3.0, 4.0], [], beta=1.0) == pytest.approx([0.6, 0.8])
    with pytest.raises(ValueError, match="dimension 3"):
        rocchio([1.0, 0.0], [[1.0, 0.0, 0.0]], beta=1.0)


def test_defaults_are_the_literature_standard_ones() -> None:
    settings = FeedbackSettings()
    assert (settings.passages, settings.terms) == (10, 10)  # Anserini's RM3 fbDocs / fbTerms
    assert 0.5 <= settings.original_weight <= 0.7
    assert (settings.dense_passages, settings.dense_beta) == (3, 1.0)
