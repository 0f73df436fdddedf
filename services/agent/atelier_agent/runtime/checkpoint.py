"""A turn stopped for client-side tool outputs (requires_action), as stored until the caller submits
them: the model's messages so far (the last assistant message holds the calls, server-side calls
already have their results), the calls still pending, and what the turn needs to go on. Pure: no I/O."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from atelier_common.errors import InvalidArgument


@dataclass(frozen=True)
class PendingCall:
    id: str
    name: str
    arguments: str  # JSON text as the model wrote it


@dataclass
class Checkpoint:
    messages: list[dict[str, Any]]
    pending: list[PendingCall]
    iteration: int  # the ReAct iteration the turn continues with
    model_id: int
    params: dict[str, Any] = field(default_factory=dict)  # model parameters of the turn
    query_text: str = ""  # the user's question (follow-up suggestions)
    answer: str = ""  # what the model already said in this turn

    def to_state(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Checkpoint:
        return cls(**{**state, "pending": [PendingCall(**p) for p in state.get("pending", [])]})

    def resumed(self, outputs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The messages with one tool result per pending call, in the calls' order; InvalidArgument
        when the outputs do not answer exactly the pending calls."""
        given = dict(outputs)
        expected = [p.id for p in self.pending]
        if len(given) != len(outputs) or sorted(given) != sorted(expected):
            raise InvalidArgument(f"tool_outputs: expected one output for each of {', '.join(expected)}")
        return [*self.messages, *({"role": "tool", "tool_call_id": p.id, "content": given[p.id]} for p in self.pending)]
