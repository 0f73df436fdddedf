"""Fitting a turn into the model's context: the history window (rounds), then a token budget.
Pure: no I/O.

Order of sacrifice when the prompt is too long: oldest history rounds first, then knowledge passages
from the least relevant up (by their score; the kept ones stay in their order, with their ids). The
system prompt without knowledge and the latest user message are always kept; if those alone do not
fit, the turn cannot run (ContextOverflow)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from atelier_common.tokens import count_tokens

PER_MESSAGE_TOKENS = 4  # role and separators the chat format adds around each message
REPLY_RESERVE_DEFAULT = 1024

K = TypeVar("K")


class ContextOverflow(Exception):
    """The system prompt and the user's message alone exceed the model's context."""


@dataclass(frozen=True)
class HistoryMessage:
    role: str  # user | assistant | tool
    content: str
    tool_calls: tuple[dict[str, Any], ...] = ()  # assistant: the calls it made (OpenAI shape)
    tool_call_id: str = ""  # tool: the call this answers

    def as_message(self) -> dict[str, Any]:
        message: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            message["tool_calls"] = list(self.tool_calls)
            message["content"] = self.content or None
        if self.tool_call_id:
            message["tool_call_id"] = self.tool_call_id
        return message


def message_tokens(message: dict[str, Any], count: Callable[[str], int] = count_tokens) -> int:
    """The message's tokens as `count` (the model's tokenizer) measures them, with the chat format's."""
    content = message.get("content")
    if isinstance(content, list):  # multimodal parts: count the text ones
        text = " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    else:
        text = str(content or "")
    for call in message.get("tool_calls") or ():
        text += " " + call["function"]["name"] + " " + call["function"]["arguments"]
    return count(text) + PER_MESSAGE_TOKENS


def rounds(history: Sequence[HistoryMessage]) -> list[list[HistoryMessage]]:
    """Split history (oldest first) into rounds, each starting at a user message."""
    out: list[list[HistoryMessage]] = []
    for message in history:
        if message.role == "user" or not out:
            out.append([message])
        else:
            out[-1].append(message)
    return out


def window(history: Sequence[HistoryMessage], max_rounds: int) -> list[list[HistoryMessage]]:
    """The last max_rounds rounds (short_memory_policy.history_round)."""
    if max_rounds <= 0:
        return []
    return rounds(history)[-max_rounds:]


def reply_reserve(max_tokens: int | None, max_context: int) -> int:
    """Tokens kept free for the answer: the agent's max_tokens, else a default, at most half the context."""
    wanted = max_tokens if max_tokens and max_tokens > 0 else REPLY_RESERVE_DEFAULT
    return min(wanted, max_context // 2)


@dataclass
class Fitted:
    messages: list[dict[str, Any]]
    rounds_kept: int
    rounds_dropped: int
    knowledge_kept: int
    knowledge_dropped: int
    prompt_tokens: int
    knowledge: list[Any]  # the passages kept, in the order given


def fit(*, system_for: Callable[[list[K]], str], knowledge: list[K], history_rounds: list[list[HistoryMessage]],
        user_message: dict[str, Any], budget: int, relevance: Callable[[K], float] | None = None,
        count: Callable[[str], int] = count_tokens) -> Fitted:
    """The messages for the model within `budget` tokens, counted by `count` (the model's tokenizer).
    system_for(knowledge) renders the system prompt with those passages. relevance(passage) orders
    what is dropped (lowest first; ties and no relevance: the last given first)."""

    def measure(message: dict[str, Any]) -> int:
        return message_tokens(message, count)

    user_tokens = measure(user_message)
    # Rendered once when everything fits (the usual turn): the prompt with every passage is the one sent.
    full_system = {"role": "system", "content": system_for(knowledge)}
    all_knowledge = measure(full_system)
    if all_knowledge + user_tokens > budget:  # only then may the prompt without knowledge not fit either
        bare_tokens = measure({"role": "system", "content": system_for([])}) if knowledge else all_knowledge
        if bare_tokens + user_tokens > budget:
            raise ContextOverflow(
                f"the persona and the message need {bare_tokens + user_tokens} tokens; "
                f"the model's context leaves {budget} for the prompt")
    history = [[m.as_message() for m in r] for r in history_rounds]
    round_tokens = [sum(measure(m) for m in r) for r in history]
    # the k most relevant passages (ties: the earlier given), in the order given
    by_relevance = sorted(range(len(knowledge)), key=lambda i: (-(relevance(knowledge[i]) if relevance else 0.0), i))

    def most_relevant(k: int) -> list[K]:
        chosen = set(by_relevance[:k])
        return [p for i, p in enumerate(knowledge) if i in chosen]

    def system_tokens(k: int) -> int:
        return measure({"role": "system", "content": system_for(most_relevant(k))})

    while all_knowledge + sum(round_tokens) + user_tokens > budget and history:
        history.pop(0)
        round_tokens.pop(0)
    # then the most passages that fit (more passages never take fewer tokens): a binary search, so
    # many passages cost a few renders, not one per passage dropped
    room = budget - sum(round_tokens) - user_tokens
    kept_count = len(knowledge)
    if all_knowledge > room:
        low, high = 0, len(knowledge) - 1
        while low < high:
            middle = (low + high + 1) // 2
            low, high = (middle, high) if system_tokens(middle) <= room else (low, middle - 1)
        kept_count = low
    if kept_count == len(knowledge):
        kept_knowledge, system, system_tokens_kept = list(knowledge), full_system, all_knowledge
    else:
        kept_knowledge = most_relevant(kept_count)
        system = {"role": "system", "content": system_for(kept_knowledge)}
        system_tokens_kept = measure(system)
    prompt_tokens = system_tokens_kept + sum(round_tokens) + user_tokens

    messages = [system, *(m for r in history for m in r), user_message]
    return Fitted(messages=messages, rounds_kept=len(history), rounds_dropped=len(history_rounds) - len(history),
                  knowledge_kept=len(kept_knowledge), knowledge_dropped=len(knowledge) - len(kept_knowledge),
                  prompt_tokens=prompt_tokens, knowledge=kept_knowledge)
