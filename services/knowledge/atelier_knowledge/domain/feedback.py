"""Pseudo-relevance feedback (pure): the first pass's best passages are taken as relevant and the
query is moved towards them, once per channel, before a second pass.

* Full text, RM3 (Abdul-Jaleel et al. 2004; Anserini's defaults): each feedback passage is a
  term distribution (term count / passage length), the passages are averaged (uniform weights: the
  first pass is a fusion, its scores are ranks), the best `terms` terms form the expansion model,
  which is interpolated with the original query's distribution: original_weight * P(t|Q) +
  (1 - original_weight) * P(t|R).
* Dense, Rocchio (as in vector PRF, Li et al. 2022): the query vector plus beta times the mean of
  the feedback passages' vectors, renormalised (alpha = 1).

A BM25 query can only carry weights as repetition (Milvus and Elasticsearch score a repeated term
once per occurrence), so `weighted_text` turns weights into counts at a fixed resolution.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class FeedbackSettings:
    passages: int = 10  # RM3 feedback passages (Anserini fbDocs)
    terms: int = 10  # RM3 expansion terms (Anserini fbTerms)
    original_weight: float = 0.7  # the user's words keep most of the weight
    dense_passages: int = 3  # Rocchio feedback passages (vector PRF's usual depth)
    dense_beta: float = 1.0
    resolution: int = 50  # occurrences the whole weighted query is spread over


def rm3(query: Sequence[str], feedback: Sequence[Sequence[str]], *, terms: int,
        original_weight: float) -> dict[str, float]:
    """Weights (summing to 1) of the expanded query: `query` and each feedback passage are analyzed
    tokens. No feedback, or feedback without terms, leaves the query's own distribution."""
    if not query:
        return {}
    original = _distribution(Counter(query))
    relevance: Counter[str] = Counter()
    for tokens in feedback:
        if tokens:
            for term, p in _distribution(Counter(tokens)).items():
                relevance[term] += p / len(feedback)
    expansion = dict(sorted(relevance.items(), key=lambda kv: (-kv[1], kv[0]))[:terms])
    total = sum(expansion.values())
    if total <= 0:
        return original
    weights = {t: original_weight * p for t, p in original.items()}
    for term, p in expansion.items():
        weights[term] = weights.get(term, 0.0) + (1 - original_weight) * p / total
    return weights


def weighted_text(weights: Mapping[str, float], *, resolution: int) -> str:
    """The terms repeated in proportion to their weights (weights summing to 1 become about
    `resolution` occurrences); a term worth less than half an occurrence is left out, the
    heaviest always stays. Best first, then alphabetical, so equal weights give equal text."""
    ranked = sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))
    words: list[str] = []
    for n, (term, weight) in enumerate(ranked):
        count = round(weight * resolution)
        if n == 0:
            count = max(count, 1)
        words.extend([term] * count)
    return " ".join(words)


def rocchio(query: Sequence[float], feedback: Sequence[Sequence[float]], *, beta: float) -> list[float]:
    """query + beta * mean(feedback), unit length; the query alone (unit length) without feedback."""
    moved = [float(x) for x in query]
    if feedback:
        for vector in feedback:
            if len(vector) != len(moved):
                raise ValueError(f"feedback vector has dimension {len(vector)}, the query {len(moved)}")
            for i, x in enumerate(vector):
                moved[i] += beta * float(x) / len(feedback)
    norm = math.sqrt(sum(x * x for x in moved))
    return [x / norm for x in moved] if norm > 0 else moved


def _distribution(counts: Counter[str]) -> dict[str, float]:
    total = sum(counts.values())
    return {t: c / total for t, c in counts.items()}
