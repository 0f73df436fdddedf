"""What executors return and what a run ends with: typed values, no behaviour.

- `NodeOutput(outputs, port, usage)`: one node's result; `port` None for a node that does not
  branch (a node with ports that returns None takes `default`).
- `NodeError(message, code)`: a node failed in a way the user should read; its error policy
  decides what happens next. `NodeUnavailable(node_type)`: the node needs a service this
  engine is not wired to yet; a failure like any other, never a made-up result.
- `NodeInterrupt(type, data, state)`: raised by a node that waits for the user (a question, a
  form): not a failure (no retry, no error policy). The run stops once the nodes already
  running finish and ends INTERRUPTED with an `Interrupt` (node, Coze InterruptType, Coze's
  interrupt data JSON); `state` is what the node keeps until it is resumed (`Resumed`).
- `ResumeAnswer(node_id, answer)`: the user's answer that resumes an interrupted run.
- `RunResult`: how a run ended (`status`, `output`, `answer`, `error`, `interrupt`, `usage`,
  the checkpoint).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import InterruptType, NodeType
from atelier_workflow.domain.progress import Checkpoint


@dataclass(frozen=True, slots=True)
class TokenUsage:
    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)


NO_USAGE = TokenUsage()


@dataclass(frozen=True, slots=True)
class NodeOutput:
    outputs: Mapping[str, Any]
    port: str | None = None
    usage: TokenUsage | None = None


class NodeError(Exception):
    """A node failed; `code` is what `errorBody.errorCode` shows."""

    def __init__(self, message: str, code: str = "node_failed") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class NodeTimeout(NodeError):
    def __init__(self, timeout_ms: int) -> None:
        super().__init__(f"the node did not finish within its time limit of {timeout_ms} ms", "timeout")


class NodeUnavailable(NodeError):
    """No executor for this node type is wired into the engine (it needs another service)."""

    def __init__(self, node_type: NodeType | None, reason: str = "") -> None:
        name = node_type.name if node_type is not None else "unknown"
        super().__init__(f"{name}: {reason}" if reason else
                         f"{name} nodes cannot run yet: this engine has no executor for them", "node_unavailable")
        self.node_type = node_type


class NodeInterrupt(Exception):  # noqa: N818 - not an error: the node waits for the user
    """The node asks the user and waits: `type` (Coze InterruptType), `data` (Coze's interrupt
    data, JSON text), `state` (JSON values the node gets back in `Resumed.state`)."""

    def __init__(self, type_: InterruptType, data: str, state: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"waiting for the user ({type_.name})")
        self.type = type_
        self.data = data
        self.state = dict(state or {})


@dataclass(frozen=True, slots=True)
class Interrupt:
    """What an interrupted run waits for: Coze's interrupt event without its id (the run
    service numbers events)."""

    node_id: str
    node_type: NodeType
    node_title: str
    type: InterruptType
    data: str  # JSON text: {"messages": [...]} for a question, {"content_type": "form_schema", ...}

    def record(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The checkpoint's entry for this interrupt (JSON values)."""
        return {"node_type": int(self.node_type), "node_title": self.node_title, "type": int(self.type),
                "data": self.data, "state": dict(state)}

    @classmethod
    def from_record(cls, node_id: str, record: Mapping[str, Any]) -> Interrupt:
        return cls(node_id, NodeType(record["node_type"]), record.get("node_title", ""),
                   InterruptType(record["type"]), record.get("data", ""))


@dataclass(frozen=True, slots=True)
class ResumeAnswer:
    """The user's answer to an interrupted node: the question's answer text, or the form's
    JSON object."""

    node_id: str
    answer: str


@dataclass(frozen=True, slots=True)
class Resumed:
    """What an interrupted node is given when it runs again: the user's answer (None when the
    run was resumed for another node's answer) and the state it kept."""

    answer: str | None
    state: Mapping[str, Any]


class InvalidResume(InvalidArgument):
    """The answer is for a node the run is not waiting on."""


class RunStatus(StrEnum):
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    INTERRUPTED = "interrupted"  # waiting for the user: see `RunResult.interrupt`


@dataclass(frozen=True, slots=True)
class RunFailure:
    node_id: str
    node_type: NodeType
    message: str
    code: str


@dataclass(frozen=True)
class RunResult:
    status: RunStatus
    output: Mapping[str, Any] = field(default_factory=dict)  # the Exit node's outputs
    answer: str | None = None  # the Exit node's text, when it returns text
    error: RunFailure | None = None
    usage: TokenUsage = NO_USAGE
    checkpoint: Checkpoint | None = None  # where the run got to (resume a failed or interrupted run from it)
    interrupt: Interrupt | None = None  # INTERRUPTED: what the run waits for (the first, if several)
