"""Passages as the model sees them, each with the short id an answer cites it by ([n]). Pure.

The narrow seam deep research writes its answer through: the same names and shapes as the
citations package (atelier_agent.citations: Passage, passages_block, CITATION_INSTRUCTION) being
built next to it, so switching over is an import."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CITATION_INSTRUCTION = (
    "Each passage starts with its id in square brackets, like [1]. When a sentence of your answer uses "
    "a passage, end that sentence with the passage's id in exactly that form, e.g. \"... at sea level [2].\" "
    "For several passages write [1][3]. Cite only ids listed here and do not list the sources again at the end.")


@dataclass(frozen=True)
class Passage:
    """One passage given to the model. `id` is the short id it is cited by ("1", "2" ...)."""

    id: str
    text: str
    dataset_id: int = 0
    dataset_name: str = ""
    document_id: int = 0
    document_name: str = ""
    score: float = 0.0

    @property
    def title(self) -> str:
        if self.document_name and self.dataset_name:
            return f"{self.document_name} ({self.dataset_name})"
        return self.document_name or self.dataset_name

    def as_dict(self) -> dict[str, Any]:
        """JSON shape (int64 ids as strings, as the HTTP API writes them)."""
        return {"id": self.id, "content": self.text, "source": self.title, "document_id": str(self.document_id),
                "dataset_id": str(self.dataset_id), "score": round(self.score, 4)}


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
