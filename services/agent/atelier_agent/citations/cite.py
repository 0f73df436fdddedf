"""An answer and the passages its model was given -> the answer with well-formed marks and the
sources it cites. The one step with I/O is the embedding call of the semantic insertion."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from atelier_agent.citations import marks, matching, sentences
from atelier_agent.citations.passages import Passage, Source, mark

log = logging.getLogger("atelier.agent.citations")


class TextEmbedder(Protocol):
    """What `cite` needs of an embedder (atelier_common.ai.Embedder is one)."""

    async def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class CitedAnswer:
    text: str  # the answer with its marks as [n]
    sources: list[Source]  # the passages cited, in order of first mark
    inserted: bool = False  # the marks were placed by matching sentences (the model wrote none)
    dropped: list[str] = field(default_factory=list)  # ids of marks to passages that were not given


async def cite(answer: str, passages: Sequence[Passage], embedder: TextEmbedder | None,
               settings: matching.MatchSettings | None = None) -> CitedAnswer:
    """Marks repaired and checked; none written (or none to a given passage): inserted by matching.
    Without an embedder, or when it fails, matching uses keyword overlap alone."""
    by_id = {p.id: p for p in passages}
    repaired = marks.repair(answer, by_id)
    if repaired.cited or not passages or not answer.strip():
        return CitedAnswer(repaired.text, [Source.of(by_id[i]) for i in repaired.cited], dropped=repaired.dropped)
    text, cited = await _insert(repaired.text, list(passages), embedder, settings or matching.MatchSettings())
    return CitedAnswer(text, [Source.of(by_id[i]) for i in cited], inserted=bool(cited), dropped=repaired.dropped)


async def _insert(text: str, passages: list[Passage], embedder: TextEmbedder | None,
                  settings: matching.MatchSettings) -> tuple[str, list[str]]:
    parts = sentences.split(text)
    sentence_keywords = [matching.keywords(s.text) for s in parts]
    citable = [i for i, kw in enumerate(sentence_keywords) if len(kw) >= settings.min_keywords]
    if not citable:
        return text, []
    passage_units = [[u.text for u in sentences.split(p.text)] or [p.text] for p in passages]
    vectors = await _vectors([parts[i].text for i in citable] + [u for units in passage_units for u in units],
                             embedder)
    if vectors is None:  # keywords alone
        settings = matching.MatchSettings(**{**vars(settings), "semantic_weight": 0.0})
        vectors = [[0.0]] * (len(citable) + sum(len(u) for u in passage_units))
    sentence_vectors, rest = vectors[:len(citable)], vectors[len(citable):]
    views = []
    for p, units in zip(passages, passage_units, strict=True):
        views.append(matching.PassageView(matching.keywords(p.text), rest[:len(units)]))
        rest = rest[len(units):]
    rows: list[list[float] | None] = [None] * len(parts)
    for i, vector in zip(citable, sentence_vectors, strict=True):
        rows[i] = matching.scores(vector, sentence_keywords[i], views, settings)
    chosen = matching.match(rows, settings)
    cited: list[str] = []
    out = text
    for part, picks in reversed(list(zip(parts, chosen, strict=True))):
        if picks:
            ids = [passages[k].id for k in picks]
            out = out[:part.mark_at] + " " + "".join(mark(i) for i in ids) + out[part.mark_at:]
    for picks in chosen:
        for k in picks:
            if passages[k].id not in cited:
                cited.append(passages[k].id)
    return out, cited


async def _vectors(texts: list[str], embedder: TextEmbedder | None) -> list[list[float]] | None:
    if embedder is None:
        return None
    try:
        return await embedder.embed(texts)
    except Exception as e:  # noqa: BLE001 - citations are an extra: the answer stands, matched by keywords
        log.warning("citation matching without embeddings: %s", e)
        return None
