"""Grounded answers: passages shown to the model with short ids, inline citation marks in one
fixed format ([n]), and the sources an answer cites.

    passages_block(passages) -> str      the passages as the model sees them, each with its id
    CITATION_INSTRUCTION                 what the system prompt asks of the model
    await cite(answer, passages, embedder) -> CitedAnswer(text, sources)

`cite` repairs the marks a model wrote (malformed variants to [n]), drops marks to passages it was
not given, and when the model wrote none inserts them by matching each sentence to the passages
(embedding similarity with keyword overlap). Everything here but `cite`'s one embedding call is pure.
"""

from atelier_agent.citations.cite import CitedAnswer, cite
from atelier_agent.citations.passages import CITATION_INSTRUCTION, Passage, Source, passages_block

__all__ = ["CITATION_INSTRUCTION", "CitedAnswer", "Passage", "Source", "cite", "passages_block"]
