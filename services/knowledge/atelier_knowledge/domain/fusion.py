"""Merging the ranked lists of retrieval channels into one, and the scores users filter on.

Reciprocal Rank Fusion: a slice at rank r in a channel earns 1 / (k + r); its fused score is the
sum over the channels that found it. Only ranks count, so a cosine similarity and a BM25 score
never have to be made comparable. The score users filter with `min_score` is that sum divided by
what a slice ranked first in every channel would earn: 1.0 means "first everywhere", and a slice
only one of two channels found can reach 0.5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

RRF_K = 60


@dataclass(frozen=True, slots=True)
class ChannelHit:
    slice_id: int
    score: float  # the channel's own score, higher is better
    vector: Sequence[float] | None = None  # the slice's stored vector, when the channel returned it


@dataclass(slots=True)  # not frozen: a frozen dataclass is several times slower to create
class ChannelRank:
    channel: str
    rank: int  # 1-based
    score: float


@dataclass(slots=True)
class Fused:
    slice_id: int
    score: float  # normalised to 0..1
    ranks: list[ChannelRank] = field(default_factory=list)

    @property
    def channels(self) -> list[str]:
        return [r.channel for r in self.ranks]


def rrf(channels: Mapping[str, Sequence[ChannelHit]], *, k: int = RRF_K) -> list[Fused]:
    """Fuse channel lists (each best first); ties keep the order channels were given in."""
    by_slice: dict[int, Fused] = {}
    raw: dict[int, float] = {}
    for channel, hits in channels.items():
        seen: set[int] = set()
        rank = 0
        for hit in hits:
            if hit.slice_id in seen:  # a list with duplicates counts each slice at its best rank
                continue
            seen.add(hit.slice_id)
            rank += 1
            fused = by_slice.get(hit.slice_id)
            if fused is None:
                fused = by_slice[hit.slice_id] = Fused(hit.slice_id, 0.0)
            fused.ranks.append(ChannelRank(channel, rank, hit.score))
            raw[hit.slice_id] = raw.get(hit.slice_id, 0.0) + 1.0 / (k + rank)
    best_possible = sum(1.0 / (k + 1) for hits in channels.values() if hits) or 1.0
    for slice_id, fused in by_slice.items():
        fused.score = raw[slice_id] / best_possible
    order = {slice_id: i for i, slice_id in enumerate(by_slice)}
    return sorted(by_slice.values(), key=lambda f: (-f.score, order[f.slice_id]))


def single_channel(channel: str, hits: Sequence[ChannelHit], *, normalise_by_best: bool) -> list[Fused]:
    """One channel's list as fused results. Cosine similarities are already 0..1; BM25 scores
    are unbounded, so they are divided by the best one (the top hit scores 1.0)."""
    best = max((h.score for h in hits), default=0.0)
    out: list[Fused] = []
    seen: set[int] = set()
    for hit in hits:
        if hit.slice_id in seen:
            continue
        seen.add(hit.slice_id)
        if normalise_by_best:
            score = hit.score / best if best > 0 else 0.0
        else:
            score = min(1.0, max(0.0, hit.score))
        out.append(Fused(hit.slice_id, score, [ChannelRank(channel, len(out) + 1, hit.score)]))
    return out


def cut(results: Sequence[Fused], *, min_score: float, top_k: int) -> list[Fused]:
    """min_score on the final score, then the first top_k."""
    return [r for r in results if r.score >= min_score][:top_k]
