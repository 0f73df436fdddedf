"""Which passages each sentence of an answer came from: embedding similarity combined with keyword
overlap, above a threshold that backs off (down to a floor) while no sentence matches. Pure: the
vectors are computed by the caller.

A passage is compared sentence by sentence (the best of its sentences counts): an answer usually
takes one statement from a passage, and a whole-passage vector blurs it with the rest."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

_WORD = re.compile(r"[^\W\d_]+|\d+(?:\.\d+)?", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_STOPWORDS = frozenset("""a about above after again against all also an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from further had has have
having he her here hers him his how i if in into is it its itself just may might more most must my no nor not
now of off on once only or other our out over own same shall she should so some such than that the their them
then there these they this those through to too under until up very was we were what when where which while who
whom why will with would you your yes one two used use using such well""".split())


@dataclass(frozen=True)
class MatchSettings:
    semantic_weight: float = 0.6  # the rest is keyword overlap
    threshold: float = 0.6  # a sentence cites a passage scoring at least this
    step: float = 0.05  # lowered by this while no sentence matches ...
    floor: float = 0.4  # ... down to this, never below
    margin: float = 0.03  # passages within this of a sentence's best are cited too
    min_keywords: int = 3  # shorter sentences ("Sure!", headings) cite nothing


def keywords(text: str) -> set[str]:
    """Content words, lowercased, plural s dropped; CJK text as character bigrams."""
    out: set[str] = set()
    for word in _WORD.findall(text.lower()):
        if _CJK.search(word):
            chars = _CJK.findall(word)
            out.update(a + b for a, b in zip(chars, chars[1:], strict=False))
            continue
        if word in _STOPWORDS or (len(word) < 2 and not word.isdigit()):
            continue
        out.add(word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)
    return out


def overlap(sentence: set[str], passage: set[str]) -> float:
    """The share of the sentence's keywords the passage has."""
    return len(sentence & passage) / len(sentence) if sentence else 0.0


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


@dataclass(frozen=True)
class PassageView:
    """A passage prepared for matching: its keywords and one vector per sentence."""

    keywords: set[str]
    vectors: list[Sequence[float]]


def scores(sentence_vector: Sequence[float], sentence_keywords: set[str], passages: Sequence[PassageView],
           settings: MatchSettings) -> list[float]:
    w = settings.semantic_weight
    return [w * max((cosine(sentence_vector, v) for v in p.vectors), default=0.0)
            + (1 - w) * overlap(sentence_keywords, p.keywords) for p in passages]


def match(sentence_scores: Sequence[Sequence[float] | None], settings: MatchSettings) -> list[list[int]]:
    """For each sentence (None: too short to cite), the indexes of the passages it cites, best first.
    The threshold starts at settings.threshold and backs off by settings.step while no sentence
    reaches it, never below settings.floor."""
    threshold = settings.threshold
    while True:
        chosen = [_chosen(s, threshold, settings.margin) if s is not None else [] for s in sentence_scores]
        if any(chosen) or threshold <= settings.floor:
            return chosen
        threshold = max(settings.floor, round(threshold - settings.step, 6))


def _chosen(row: Sequence[float], threshold: float, margin: float) -> list[int]:
    if not row:
        return []
    best = max(row)
    if best < threshold:
        return []
    return sorted((i for i, s in enumerate(row) if s >= threshold and s >= best - margin), key=lambda i: -row[i])
