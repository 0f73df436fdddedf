"""Rounds of a conversation, as Coze's ConversationHistory node counts them: a round is a user's
question and the answers that follow it (answers before any question make a round of their own).
Only questions and answers count; tool calls, knowledge and the like are not history. Pure."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

QUESTION, ANSWER = "question", "answer"


@dataclass(frozen=True)
class Turn:
    role: str  # user | assistant
    type: str  # question | answer | ...
    content: str


def split_rounds(turns: Iterable[Turn]) -> list[list[Turn]]:
    """Oldest-first turns -> oldest-first rounds of questions and answers."""
    rounds: list[list[Turn]] = []
    for turn in turns:
        if turn.type not in (QUESTION, ANSWER):
            continue
        if turn.type == QUESTION or not rounds:
            rounds.append([])
        rounds[-1].append(turn)
    return rounds


def questions(turns: Iterable[Turn]) -> int:
    """Rounds started by a question among these turns. Read newest first, the turns seen so far
    hold those rounds in full (a round's answers come after its question)."""
    return sum(1 for t in turns if t.type == QUESTION)


def last_rounds(turns: Iterable[Turn], count: int) -> list[Turn]:
    """The turns of the `count` latest rounds, oldest first (none for a count below 1)."""
    if count < 1:
        return []
    return [turn for found in split_rounds(turns)[-count:] for turn in found]
