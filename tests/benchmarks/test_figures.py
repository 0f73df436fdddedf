"""The figures every benchmark prints: nearest-rank percentiles and one JSON line per figure."""

from __future__ import annotations

import json

import pytest

from benchmarks.figures import figure_line, percentile


def test_percentiles_are_nearest_rank_whatever_the_order() -> None:
    values = [9.0, 1.0, 5.0, 3.0, 7.0]
    assert percentile(values, 0.5) == 5.0
    assert percentile(values, 0.0) == 1.0 and percentile(values, 1.0) == 9.0
    assert percentile(list(range(1, 101)), 0.95) == 95


def test_a_percentile_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        percentile([], 0.5)


def test_a_figure_is_one_json_line_with_its_comparison() -> None:
    line = figure_line("tools", "invoke_p50_ms", 3.14159, "ms", added_ms=1.5, meets_goal=True)
    assert "\n" not in line
    assert json.loads(line) == {"bench": "tools", "figure": "invoke_p50_ms", "value": 3.142, "unit": "ms",
                                "added_ms": 1.5, "meets_goal": True}
