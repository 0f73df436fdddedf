"""Per-query ranked runs as JSON lines (`bench-retrieval --runs FILE`), for diagnosing a figure:
which queries a search type loses against its reference, and where the judged documents went.

One line per run and query: {"run", "query", "text", "ndcg@10", "docs": [ids, best first],
"scores": [the service's score of each doc] or null (reference runs), "relevant": {doc: grade}}.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from benchmarks.metrics import ndcg_at_k


def run_lines(name: str, runs: Mapping[int, Sequence[int]], queries: Sequence[str],
              qrels: Mapping[int, Mapping[int, int]],
              scores: Mapping[int, Sequence[float]] | None = None) -> list[dict[str, Any]]:
    """The lines of one run, in query order (queries numbered from 1, as in cranqrel)."""
    lines = []
    for number, text in enumerate(queries, start=1):
        ranked = list(runs.get(number, []))
        graded = qrels.get(number, {})
        lines.append({
            "run": name, "query": number, "text": text,
            "ndcg@10": round(ndcg_at_k(ranked, graded), 4) if graded else None,
            "docs": ranked,
            "scores": [round(s, 6) for s in scores.get(number, [])] if scores is not None else None,
            "relevant": {str(doc): grade for doc, grade in sorted(graded.items(), key=lambda kv: (kv[1], kv[0]))},
        })
    return lines


def write_runs(path: Path, lines: Sequence[Mapping[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line) + "\n")
