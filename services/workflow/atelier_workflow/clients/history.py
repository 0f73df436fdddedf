"""The conversation a chatflow's LLM and IntentDetector nodes read when their chat history is on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class ChatHistory(Protocol):
    async def messages(self, rounds: int) -> list[dict[str, Any]]:
        """The last `rounds` rounds (a round starts at a user message), oldest first, as
        {"role", "content"} chat messages."""
        ...


@dataclass(frozen=True)
class GivenHistory:
    """History handed over with the run (a chat request's earlier messages)."""

    history: Sequence[dict[str, Any]]

    async def messages(self, rounds: int) -> list[dict[str, Any]]:
        return last_rounds(self.history, rounds)


def last_rounds(history: Sequence[dict[str, Any]], rounds: int) -> list[dict[str, Any]]:
    """Coze's cut: walk back counting user messages, keep from the `rounds`-th one."""
    if rounds <= 0:
        return []
    start, seen = 0, 0
    for index in range(len(history) - 1, -1, -1):
        if history[index].get("role") == "user":
            seen += 1
            if seen >= rounds:
                start = index
                break
    return [{"role": m.get("role"), "content": m.get("content")} for m in history[start:]]
