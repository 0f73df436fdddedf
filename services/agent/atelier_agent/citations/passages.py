"""Passages as the model sees them (each with a short id) and the sources an answer cites. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

SNIPPET_CHARS = 300  # a source shows the start of its passage

CITATION_INSTRUCTION = (
    "Each passage starts with its id in square brackets, like [1]. When a sentence of your answer uses "
    "a passage, end that sentence with the passage's id in exactly that form, e.g. \"... at sea level [2].\" "
    "For several passages write [1][3]. Cite only ids listed here; never write (ID: 1), [ID: 1], [^1] or "
    "\"ref 1\", and do not list the sources again at the end.")


@dataclass(frozen=True)
class Passage:
    """One passage given to the model. `id` is the short id it is cited by ("1", "2" ...)."""

    id: str
    text: str
    dataset_id: int = 0
    dataset_name: str = ""
    document_id: int = 0
    document_name: str = ""
    slice_id: int = 0
    url: str = ""  # opens the document (empty when there is none)
    score: float = 0.0  # retrieval score

    @property
    def title(self) -> str:
        if self.document_name and self.dataset_name:
            return f"{self.document_name} ({self.dataset_name})"
        return self.document_name or self.dataset_name


@dataclass(frozen=True)
class Source:
    """A passage an answer cites."""

    id: str  # the passage id used in the answer's marks
    dataset_id: int
    dataset_name: str
    document_id: int
    document_name: str
    slice_id: int
    snippet: str
    url: str
    score: float

    @classmethod
    def of(cls, passage: Passage) -> Source:
        snippet = passage.text if len(passage.text) <= SNIPPET_CHARS else passage.text[:SNIPPET_CHARS].rstrip() + "…"
        return cls(id=passage.id, dataset_id=passage.dataset_id, dataset_name=passage.dataset_name,
                   document_id=passage.document_id, document_name=passage.document_name,
                   slice_id=passage.slice_id, snippet=snippet, url=passage.url, score=passage.score)

    def as_dict(self) -> dict[str, Any]:
        """JSON shape (ids as strings, as the HTTP API writes int64 ids)."""
        return {"id": self.id, "dataset_id": str(self.dataset_id), "dataset_name": self.dataset_name,
                "document_id": str(self.document_id), "document_name": self.document_name,
                "slice_id": str(self.slice_id), "snippet": self.snippet, "url": self.url,
                "score": round(self.score, 4)}


def mark(passage_id: str) -> str:
    """The one citation format."""
    return f"[{passage_id}]"


def passages_block(passages: Sequence[Passage]) -> str:
    """The passages for a prompt: each headed by its mark and its source."""
    blocks = []
    for p in passages:
        head = f"{mark(p.id)} Source: {p.title}" if p.title else mark(p.id)
        blocks.append(f"{head}\n{p.text}")
    return "\n\n".join(blocks)
