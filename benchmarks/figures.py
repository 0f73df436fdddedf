"""What every benchmark prints: latency percentiles and one JSON line per figure (stdout carries
only these lines; progress goes to stderr)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..1) of a non-empty sample."""
    if not values:
        raise ValueError("percentile of an empty sample")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def figure_line(bench: str, figure: str, value: float, unit: str, **extra: Any) -> str:
    """{"bench", "figure", "value" (3 decimals), "unit", ...extra} as one JSON line."""
    return json.dumps({"bench": bench, "figure": figure, "value": round(value, 3), "unit": unit, **extra})


def emit(bench: str, figure: str, value: float, unit: str, **extra: Any) -> None:
    print(figure_line(bench, figure, value, unit, **extra), flush=True)
