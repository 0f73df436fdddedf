"""Neighbour smoothing of fused scores (pure): the cluster hypothesis, that passages alike are
relevant alike (van Rijsbergen), used the way score regularisation uses it (Diaz 2005): each
candidate's score is interpolated with the mean score of its nearest neighbours among the
candidates, so a passage the channels ranked low but whose closest passages they ranked high
moves up, and a lone passage that only matched words moves down.

Only candidates the vector channel returned take part (their vectors come with its answer, no
extra request); a candidate without a vector keeps its own score and is nobody's neighbour.
Neighbours are the `neighbours` candidates of highest cosine similarity to it (negative
similarities count as none), weighted by that similarity. The new score is
(own + weight * neighbours' weighted mean) / (1 + weight): still 0..1, 1.0 only for a passage
ranked first everywhere whose neighbours were too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from atelier_knowledge.domain.fusion import Fused


@dataclass(frozen=True)
class NeighbourSettings:
    neighbours: int = 3  # 0 turns smoothing off
    weight: float = 1.0  # the neighbours' mean against the candidate's own score (Diaz's alpha 0.5)


def smooth(fused: Sequence[Fused], vectors: Mapping[int, Sequence[float]], settings: NeighbourSettings) -> list[Fused]:
    """`fused` re-scored and re-ordered (ties keep their order); unchanged with fewer than two
    candidates with vectors, or when smoothing is off."""
    with_vector = [i for i, f in enumerate(fused) if f.slice_id in vectors]
    if settings.neighbours <= 0 or len(with_vector) < 2:
        return list(fused)
    dims = {len(vectors[fused[i].slice_id]) for i in with_vector}
    if len(dims) != 1:  # datasets embedded by different models: their vectors do not compare
        return list(fused)
    matrix = np.asarray([vectors[fused[i].slice_id] for i in with_vector], dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix /= np.where(norms > 0, norms, 1.0)
    similarity = matrix @ matrix.T
    np.fill_diagonal(similarity, -np.inf)
    own = np.asarray([fused[i].score for i in with_vector], dtype=np.float64)
    k = min(settings.neighbours, len(with_vector) - 1)
    nearest = np.argpartition(-similarity, k - 1, axis=1)[:, :k]
    weights = np.clip(np.take_along_axis(similarity, nearest, axis=1), 0.0, None)
    totals = weights.sum(axis=1)
    mean = np.divide((weights * own[nearest]).sum(axis=1), totals, out=np.zeros_like(totals), where=totals > 0)
    scale = 1.0 + settings.weight
    scores = [f.score / scale for f in fused]
    for row, i in enumerate(with_vector):
        scores[i] = (own[row] + settings.weight * mean[row]) / scale
    order = sorted(range(len(fused)), key=lambda i: -scores[i])  # stable: ties keep the fused order
    return [Fused(fused[i].slice_id, float(scores[i]), fused[i].ranks) for i in order]
