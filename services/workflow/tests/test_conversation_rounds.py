"""How ConversationHistory counts rounds (pure)."""

from __future__ import annotations

from atelier_workflow.domain.conversation_rounds import Turn, last_rounds, questions


def q(text: str) -> Turn:
    return Turn("user", "question", text)


def a(text: str) -> Turn:
    return Turn("assistant", "answer", text)


def test_a_round_is_a_question_and_the_answers_after_it() -> None:
    turns = [a("welcome"), q("one"), a("1"), a("1 more"), Turn("assistant", "verbose", "thinking"), q("two"), a("2")]
    assert last_rounds(turns, 1) == [q("two"), a("2")]
    assert last_rounds(turns, 2) == [q("one"), a("1"), a("1 more"), q("two"), a("2")]
    # answers before any question are a round of their own; what is neither question nor answer is no history
    assert last_rounds(turns, 9) == [a("welcome"), q("one"), a("1"), a("1 more"), q("two"), a("2")]
    assert last_rounds(turns, 0) == [] and last_rounds([], 3) == []


def test_questions_count_the_rounds_read_in_full() -> None:
    assert questions([a("2"), q("two"), a("1")]) == 1
